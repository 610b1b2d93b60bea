// Kysely table types. Timestamps are ISO 8601 UTC strings with milliseconds, so they sort as text.
import type { Generated } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  name: string;
  role: 'admin' | 'user';
  api_key_hash: string;
  created_at: string;
  updated_at: string;
}

export interface DomainsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  homepage_url: string | null;
  not_found_url: string | null;
  /** 1 https, 0 http; NULL (domains made before migration 005): the scheme of BASE_URL, as before. */
  https: number | null;
  created_at: string;
  updated_at: string;
}

export interface SpacesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  color: number;
  created_at: string;
  updated_at: string;
}

export interface PixelsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  type: string;
  value: string;
  created_at: string;
  updated_at: string;
}

export interface LinksTable {
  id: Generated<number>;
  user_id: number;
  domain_id: number | null;
  space_id: number | null;
  alias: string;
  url: string;
  title: string | null;
  /** JSON text of [{key, value}]. */
  targets: string;
  targets_type: string | null;
  sensitive_content: number;
  privacy: number;
  password_hash: string | null;
  redirect_password_hash: string | null;
  active_period_start_at: string | null;
  active_period_end_at: string | null;
  clicks_limit: number | null;
  expiration_url: string | null;
  disabled: number;
  clicks: Generated<number>;
  created_at: string;
  updated_at: string;
  /** Open Graph preview for social crawlers (migration 013). */
  og_title: string | null;
  og_description: string | null;
  og_image: string | null;
}

export interface LinkPixelsTable {
  link_id: number;
  pixel_id: number;
}

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
}

/** Per link and UTC hour ("2026-11-22T13"): clicks and uniques (migration 008). */
export interface ClickHourlyTable {
  link_id: number;
  hour: string;
  count: number;
  uniques: Generated<number>;
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
}

export interface ClickAccountHourlyTable {
  user_id: number;
  space_id: number;
  domain_id: number;
  hour: string;
  count: number;
  uniques: Generated<number>;
}

/** Unique-visitor markers seen per link and UTC day (the last two days only). */
export interface ClickVisitorsTable {
  link_id: number;
  day: string;
  visitor: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

/** A bulk PATCH or DELETE of links (migration 006), undoable until undo_until. */
export interface OperationsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'update' | 'delete';
  /** JSON of the selection (ids, filters, all). */
  selection: string;
  /** JSON of the fields a PATCH set ({} for a DELETE). */
  changes: string;
  count: number;
  created_at: string;
  undo_until: string;
  undone_at: string | null;
  /** 1 once the before-images are dropped (after undo_until). */
  purged: Generated<number>;
}

/** A link an operation touched; for a PATCH, the old values of the columns it can set. */
export interface OperationLinksTable {
  operation_id: number;
  link_id: number;
  updated_at: string;
  space_id: number | null;
  disabled: number | null;
  active_period_end_at: string | null;
  clicks_limit: number | null;
  expiration_url: string | null;
}

export interface OperationLinkPixelsTable {
  operation_id: number;
  link_id: number;
  pixel_id: number;
}

/** A whole link row a DELETE removed. */
export type OperationDeletedLinksTable = { operation_id: number } & { [K in keyof LinksTable]: K extends 'id' | 'clicks' ? number : LinksTable[K] };

export type OperationClickEventsTable = { operation_id: number } & Omit<ClickEventsTable, 'id'>;
export type OperationClickDailyTable = { operation_id: number } & ClickDailyTable;

/** An import job (migration 007); `failures` is JSON text of the first ImportFailure entries. */
export interface ImportsTable {
  id: Generated<number>;
  user_id: number;
  status: string;
  source: string;
  on_conflict: string;
  partial: number;
  domain_id: number | null;
  file_name: string | null;
  rows_total: number;
  rows_read: number;
  created: number;
  skipped: number;
  failed: number;
  failures: string;
  error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** A named set of UTM parameters of an account (migration 010). */
export interface UtmTemplatesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  created_at: string;
  updated_at: string;
}

/** An account's QR style (JSON of QrStyle) and logo PNG (migration 011). */
export interface QrStylesTable {
  user_id: number;
  style: string | null;
  logo: Buffer | null;
  updated_at: string;
}

/** An image uploaded for link previews, served publicly at /+og/{key} (migration 013). */
export interface OgImagesTable {
  key: string;
  user_id: number;
  type: string;
  data: Buffer;
  created_at: string;
}

/** A webhook (migration 009); `events` is JSON text of WebhookEvent names. */
export interface WebhooksTable {
  id: Generated<number>;
  user_id: number;
  url: string;
  events: string;
  space_id: number | null;
  link_id: number | null;
  secret: string;
  enabled: number;
  disabled_reason: string | null;
  /** When the next link.clicked request may go at the earliest (one a second). */
  next_click_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One event to send to one webhook (migration 009); `payload` is the exact body sent on every attempt. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: number;
  event: string;
  event_id: string;
  payload: string;
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  response_status: number | null;
  duration_ms: number | null;
  response_excerpt: string | null;
  created_at: string;
  delivered_at: string | null;
}

/** Events sent once per link (link.expired, link.limit_reached), by key. */
export interface WebhookLinkEventsTable {
  link_id: number;
  event_key: string;
}

/** A tag of an account (migration 012); name_key is the name lower-cased, unique per account. */
/** A tag of an account (migration 012); name_key is the name lower-cased, unique per account. */
/** A tag of an account (migration 012); name_key is the name lower-cased, unique per account. */
export interface TagsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  name_key: string;
  color: number;
  created_at: string;
  updated_at: string;
}

export interface LinkTagsTable {
  link_id: number;
  tag_id: number;
}

export interface OperationLinkTagsTable {
  operation_id: number;
  link_id: number;
  tag_id: number;
}

export interface Database {
  users: UsersTable;
  domains: DomainsTable;
  spaces: SpacesTable;
  pixels: PixelsTable;
  links: LinksTable;
  link_pixels: LinkPixelsTable;
  click_events: ClickEventsTable;
  click_daily: ClickDailyTable;
  click_hourly: ClickHourlyTable;
  click_account_daily: ClickAccountDailyTable;
  click_account_hourly: ClickAccountHourlyTable;
  click_visitors: ClickVisitorsTable;
  settings: SettingsTable;
  operations: OperationsTable;
  operation_links: OperationLinksTable;
  operation_link_pixels: OperationLinkPixelsTable;
  operation_deleted_links: OperationDeletedLinksTable;
  operation_click_events: OperationClickEventsTable;
  operation_click_daily: OperationClickDailyTable;
  imports: ImportsTable;
  utm_templates: UtmTemplatesTable;
  qr_styles: QrStylesTable;
  og_images: OgImagesTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_link_events: WebhookLinkEventsTable;
  tags: TagsTable;
  link_tags: LinkTagsTable;
  operation_link_tags: OperationLinkTagsTable;
}
