// Pure helpers of the link details page: date ranges, totals, shares, the rows of a top list (with the
// clicks that had no value and an Others row, both from the API's totals) and the labels of stats values.
import type { ClicksPerDay, StatsTotals, StatsValue } from '../../../shared/stats.schema';
import { COUNTRIES } from '../../../shared/geo-data';
import { dayInZone } from '../../../shared/time-zone';

export const RANGE_DAYS = [7, 30, 90] as const;
export type RangeDays = (typeof RANGE_DAYS)[number];

/** The last `days` days up to and including `today`: its date in `timeZone` (UTC when not given). */
export function dateRange(days: number, today: Date = new Date(), timeZone?: string): { from: string; to: string } {
  const to = timeZone ? dayInZone(today.getTime(), timeZone) : today.toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

export function totalClicks(rows: readonly ClicksPerDay[]): number {
  return rows.reduce((sum, r) => sum + r.count, 0);
}

/** The busiest day, or null when nobody clicked. */
export function peakDay(rows: readonly ClicksPerDay[]): ClicksPerDay | null {
  let best: ClicksPerDay | null = null;
  for (const r of rows) if (r.count > 0 && (!best || r.count > best.count)) best = r;
  return best;
}

export interface TopRow {
  key: string;
  label: string;
  count: number;
  percent: number;
  /** A value; the clicks without one (direct visits, unknown country); the values past the top ones. */
  kind: 'value' | 'none' | 'others';
}

/**
 * What a top-list card shows: the first `top` values, the clicks without a value (sorted in among them
 * by count) and "Others" (every other value, summed from the totals), each with its share of all clicks.
 */
export function topRows(name: string, rows: readonly StatsValue[], totals: StatsTotals | undefined, top = 5): TopRow[] {
  const shown = rows.slice(0, top);
  const sum = (list: readonly StatsValue[]) => list.reduce((a, r) => a + r.count, 0);
  const clicks = totals?.clicks ?? sum(rows);
  const none = Math.max(0, clicks - (totals?.with_value ?? sum(rows)));
  const others = Math.max(0, (totals?.with_value ?? sum(rows)) - sum(shown));
  const share = (n: number) => (clicks > 0 ? Math.round((n / clicks) * 1000) / 10 : 0);
  const out: TopRow[] = shown.map((r) => ({ key: `v:${r.value}`, label: statsLabel(name, r.value), count: r.count, percent: share(r.count), kind: 'value' }));
  if (none > 0) inAmong(out, { key: 'none', label: statsLabel(name, ''), count: none, percent: share(none), kind: 'none' });
  if (others > 0) out.push({ key: 'others', label: 'Others', count: others, percent: share(others), kind: 'others' });
  return out;
}

/** Puts `row` (the clicks without a value) among `rows` (most clicks first) by its count, before equal ones. */
export function inAmong<T extends { count: number }>(rows: T[], row: T): void {
  const at = rows.findIndex((r) => r.count < row.count);
  rows.splice(at < 0 ? rows.length : at, 0, row);
}

/** "2026-11-20" -> "Nov 20" for the chart's axis (a calendar day: no zone conversion). */
export function shortDay(date: string, locale = 'en'): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  return d.toLocaleDateString(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

const countryByCode = new Map(COUNTRIES.map((c) => [c.code, c]));
let languageNames: Intl.DisplayNames | null | undefined;

/** "de" -> "German (de)"; the code alone when the browser cannot name it. */
function languageLabel(code: string): string {
  if (languageNames === undefined) {
    try {
      languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
    } catch {
      languageNames = null;
    }
  }
  let name: string | undefined;
  try {
    name = languageNames?.of(code);
  } catch {
    name = undefined;
  }
  return name && name.toLowerCase() !== code.toLowerCase() ? `${name} (${code})` : code;
}

/** A stats value as people read it: countries and languages by name (a flag is drawn beside a country: CountryFlag), empty values in words. */
export function statsLabel(name: string, value: string): string {
  if (!value) return name === 'referrer' ? 'Direct' : 'Unknown';
  if (name === 'country') {
    const c = countryByCode.get(value.toUpperCase());
    return c ? c.name : value;
  }
  if (name === 'language') return languageLabel(value);
  return value;
}
