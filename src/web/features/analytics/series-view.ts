// The time series as the chart draws it: one row per bucket, the previous period's bucket beside it (by
// position), and axis labels read off the bucket's start as the API wrote it (already in the asked zone).
import type { AnalyticsInterval, AnalyticsPeriod } from '../../../shared/analytics.schema';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-11-20T14:00:00+01:00" -> "Nov 20 14:00" (hour), "Nov 20" (day, week), "Nov 2026" (month). */
export function bucketLabel(start: string, interval: AnalyticsInterval, withDay = true): string {
  const m = /^(\d{4})-(\d\d)-(\d\d)(?:T(\d\d):(\d\d))?/.exec(start);
  if (!m) return start;
  const [, y, mo, d, h = '00', mi = '00'] = m;
  const month = MONTHS[Number(mo) - 1] ?? mo;
  if (interval === 'month') return `${month} ${y}`;
  const day = `${month} ${Number(d)}`;
  if (interval === 'hour') return withDay ? `${day} ${h}:${mi}` : `${h}:${mi}`;
  return day;
}

export interface ChartRow {
  bucket: string;
  start: string;
  Clicks: number;
  Visitors?: number;
  Previous?: number;
  [key: string]: string | number | undefined;
}

export function chartRows(current: AnalyticsPeriod, interval: AnalyticsInterval, previous?: AnalyticsPeriod, uniques = false): ChartRow[] {
  const oneDay = current.from === current.to;
  return current.series.map((p, i) => {
    const row: ChartRow = { bucket: bucketLabel(p.start, interval, !oneDay), start: p.start, Clicks: p.clicks };
    if (uniques) row.Visitors = p.uniques ?? 0;
    if (previous) row.Previous = previous.series[i]?.clicks ?? 0;
    return row;
  });
}
