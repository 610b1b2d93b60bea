// Pure helpers of the link details page: date ranges, totals, shares and the labels of stats values.
import type { ClicksPerDay, StatsValue } from '../../../shared/stats.schema';
import { COUNTRIES } from '../../../shared/geo-data';

export const RANGE_DAYS = [7, 30, 90] as const;
export type RangeDays = (typeof RANGE_DAYS)[number];

/** The last `days` days up to and including `today` (UTC dates, as the stats API takes them). */
export function dateRange(days: number, today: Date = new Date()): { from: string; to: string } {
  const to = today.toISOString().slice(0, 10);
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

/** Each value's share of `total` in whole percent (the top list's bar). */
export function withShares(rows: readonly StatsValue[], total: number): (StatsValue & { percent: number })[] {
  return rows.map((r) => ({ ...r, percent: total > 0 ? Math.round((r.count / total) * 1000) / 10 : 0 }));
}

/** "2026-11-20" -> "Nov 20" for the chart's axis (UTC, the API's day). */
export function shortDay(date: string, locale = 'en'): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  return d.toLocaleDateString(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

const countryByCode = new Map(COUNTRIES.map((c) => [c.code, c]));

/** A stats value as people read it: countries by flag and name, empty values in words. */
export function statsLabel(name: string, value: string): string {
  if (!value) return name === 'referrer' ? 'Direct or unknown' : 'Unknown';
  if (name === 'country') {
    const c = countryByCode.get(value.toUpperCase());
    return c ? `${c.flag} ${c.name}` : value;
  }
  return value;
}
