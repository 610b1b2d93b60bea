// The time side of the analytics API: the asked period as instants in its zone, the buckets of the
// series (hour, day, week from Monday, month; the first one starts at `from`), and which bucket a UTC
// day or hour of the rollups falls in. Zone offsets come from Intl, asked once per UTC day and per hour
// only on days whose offset changes (a year of hourly rows costs ~370 Intl calls, not 8,760).
import type { AnalyticsInterval } from '../../shared/analytics.schema';
import { addDays } from '../../shared/time-zone';

const HOUR = 3_600_000;
const DAY = 86_400_000;

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC in ms at the instant `ms` (Berlin in winter: 3,600,000). */
export function zoneOffset(ms: number, timeZone: string): number {
  if (timeZone === 'UTC') return 0;
  let f = offsetFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    if (offsetFormatters.size > 100) offsetFormatters.clear();
    offsetFormatters.set(timeZone, f);
  }
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(new Date(ms))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const local = Date.UTC(p.year ?? 1970, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0);
  return local - Math.floor(ms / 1000) * 1000;
}

/** The instant a calendar day begins in the zone. */
export function startOfDay(day: string, timeZone: string): number {
  const utc = Date.parse(`${day}T00:00:00Z`);
  let t = utc - zoneOffset(utc, timeZone);
  t = utc - zoneOffset(t, timeZone);
  return t;
}

/** "+01:00" for 3,600,000. */
function offsetText(offset: number): string {
  const m = Math.round(Math.abs(offset) / 60_000);
  return `${offset < 0 ? '-' : '+'}${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** Local date-time "2026-11-22T13:00" of an instant, with the zone's offset then. */
function localKey(ms: number, offset: number): string {
  return new Date(ms + offset).toISOString().slice(0, 16);
}

/** The first day of the bucket `day` falls in (week: its Monday, month: its 1st), not before `from`. */
export function bucketDay(day: string, interval: AnalyticsInterval, from: string): string {
  let start = day;
  if (interval === 'month') start = `${day.slice(0, 7)}-01`;
  if (interval === 'week') start = addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
  return start < from ? from : start;
}

export interface Bucket {
  /** Bucket key: the local day ("2026-11-22") or, for hours, the local "2026-11-22T13:00". */
  key: string;
  /** ISO 8601 with the zone's offset. */
  start: string;
}

/** The period's instants [start, end) and its buckets in order. */
export function periodBuckets(from: string, to: string, interval: AnalyticsInterval, timeZone: string): { start: number; end: number; buckets: Bucket[] } {
  const start = startOfDay(from, timeZone);
  const end = startOfDay(addDays(to, 1), timeZone);
  const buckets: Bucket[] = [];
  if (interval === 'hour') {
    const seen = new Set<string>();
    for (let t = start; t < end; t += HOUR) {
      const offset = zoneOffset(t, timeZone);
      const key = localKey(t, offset);
      if (seen.has(key)) continue; // the repeated hour when clocks go back: one bucket
      seen.add(key);
      buckets.push({ key, start: `${key}:00${offsetText(offset)}` });
    }
    return { start, end, buckets };
  }
  for (let day = from; day <= to; day = addDays(day, 1)) {
    if (bucketDay(day, interval, from) !== day) continue;
    buckets.push({ key: day, start: `${day}T00:00:00${offsetText(zoneOffset(startOfDay(day, timeZone), timeZone))}` });
  }
  return { start, end, buckets };
}

/**
 * Maps UTC hours ("2026-11-22T13") to bucket keys of the zone. Offsets are read once per UTC day, and per
 * hour on a day whose offset differs at its two ends (a clock change).
 */
export class HourMapper {
  private readonly dayOffsets = new Map<string, number | null>();

  constructor(
    private readonly interval: AnalyticsInterval,
    private readonly timeZone: string,
    private readonly from: string,
  ) {}

  private offset(ms: number, utcDay: string): number {
    let known = this.dayOffsets.get(utcDay);
    if (known === undefined) {
      const dayStart = Date.parse(`${utcDay}T00:00:00Z`);
      const a = zoneOffset(dayStart, this.timeZone);
      known = a === zoneOffset(dayStart + DAY - 1000, this.timeZone) ? a : null;
      this.dayOffsets.set(utcDay, known);
    }
    return known ?? zoneOffset(ms, this.timeZone);
  }

  /** Bucket key of a UTC hour. Zones with a half-hour offset: the hour counts where it begins. */
  key(utcHour: string): string {
    const ms = Date.parse(`${utcHour}:00:00Z`);
    const local = localKey(ms, this.offset(ms, utcHour.slice(0, 10)));
    if (this.interval === 'hour') return `${local.slice(0, 14)}00`;
    return bucketDay(local.slice(0, 10), this.interval, this.from);
  }
}

/** The period of the same number of days just before from..to. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY) + 1;
  return { from: addDays(from, -days), to: addDays(from, -1) };
}
