// Kysely types of the click tables: raw events and their rollups (migrations 001, 003, 008 and 023).
import type { Generated } from 'kysely';

export interface ClickEventsTable {
  id: Generated<number>;
  link_id: number;
  clicked_at: string;
  country: string | null;
  continent: string | null;
  os: string | null;
  browser: string | null;
  device: string | null;
  language: string | null;
  referrer: string | null;
  /** Which rule served the click (targetValue(): `index:key`, or 'default'); migration 008. */
  target: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  /** How the link was reached: 'qr' a scan of its QR code (shared/qr-marker.ts), null its short URL; migration 023. */
  source: string | null;
  /** Unique-visitor marker of the click's UTC day (clicks/visitor-marker.ts); null when not tracked. */
  visitor: string | null;
}

/** Daily rollup: dimension 'clicks' (value '') holds the day's total; the others one row per value. */
export interface ClickDailyTable {
  link_id: number;
  day: string;
  dimension: string;
  value: string;
  count: number;
  /** Visitors whose first click of the day this was (migration 008). */
  uniques: Generated<number>;
  /** Of `count`, the QR scans (migration 023; as in every rollup below). */
  qr: Generated<number>;
}

/** Per link and UTC hour ("2026-11-22T13"): clicks and uniques (migration 008). */
export interface ClickHourlyTable {
  link_id: number;
  hour: string;
  count: number;
  uniques: Generated<number>;
  qr: Generated<number>;
}

/** Per account, space and domain at click time (-1: any, 0: none); see migration 008. */
export interface ClickAccountDailyTable {
  user_id: number;
  space_id: number;
  domain_id: number;
  dimension: string;
  day: string;
  value: string;
  count: number;
  uniques: Generated<number>;
  qr: Generated<number>;
}

export interface ClickAccountHourlyTable {
  user_id: number;
  space_id: number;
  domain_id: number;
  hour: string;
  count: number;
  uniques: Generated<number>;
  qr: Generated<number>;
}

/** Unique-visitor markers seen per link and UTC day (the last two days only). */
export interface ClickVisitorsTable {
  link_id: number;
  day: string;
  visitor: string;
}
