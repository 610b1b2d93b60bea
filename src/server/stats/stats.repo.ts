// Statistics from the daily rollups (click_daily, UTC days): clicks per day with zero days, and top lists
// with their totals. Days in another time zone come from the raw events (click_events) in 15-minute
// buckets: every zone's offset today is a multiple of 15 minutes, so a bucket never straddles two days.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ClicksPerDay, StatsTotals, StatsValue } from '../../shared/stats.schema';
import { addDays, dayInZone } from '../../shared/time-zone';
import type { StatsName } from '../../shared/enums';

export const DIMENSION: Record<Exclude<StatsName, 'clicks'>, string> = {
  country: 'country',
  continent: 'continent',
  browser: 'browser',
  operating_system: 'os',
  device: 'device',
  language: 'language',
  referrer: 'referrer',
};

export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

export class StatsRepo {
  /**
   * `eventsInIdOrder`: click events get ids in the order of their times (one SQLite process writing its
   * batches in order). Not on PostgreSQL: several instances, and a backlog written after an outage, give
   * older events higher ids.
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: { eventsInIdOrder?: boolean } = {},
  ) {}

  async clicksPerDay(linkId: number, from: string, to: string): Promise<ClicksPerDay[]> {
    const rows = await this.db
      .selectFrom('click_daily')
      .select(['day', 'count'])
      .where('link_id', '=', linkId)
      .where('dimension', '=', 'clicks')
      .where('day', '>=', from)
      .where('day', '<=', to)
      .execute();
    const byDay = new Map(rows.map((r) => [r.day, r.count]));
    return daysBetween(from, to).map((date) => ({ date, count: byDay.get(date) ?? 0 }));
  }

  /**
   * Clicks per calendar day of `timeZone`, from the raw events (kept CLICK_RETENTION_DAYS: the caller
   * checks that the range is inside). Events are read from a day before `from` to a day after `to` (UTC)
   * so that every instant of the zone's days is covered, then counted per 15-minute UTC bucket.
   */
  async clicksPerDayInZone(linkId: number, from: string, to: string, timeZone: string): Promise<ClicksPerDay[]> {
    const since = `${addDays(from, -1)}T00:00:00.000Z`;
    const bucket = sql<string>`substr(clicked_at, 1, 14) || cast(cast(substr(clicked_at, 15, 2) as integer) / 15 as text)`;
    const rows = await this.db
      .selectFrom('click_events')
      .select([bucket.as('bucket'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('link_id', '=', linkId)
      // The id bound lets the (link_id) index skip the link's older events (on SQLite it holds the rowid).
      .where('id', '>=', this.options.eventsInIdOrder ? await this.firstEventIdFrom(since) : 0)
      .where('clicked_at', '>=', since)
      .where('clicked_at', '<', `${addDays(to, 2)}T00:00:00.000Z`)
      .groupBy(bucket)
      .execute();
    const byDay = new Map<string, number>();
    for (const r of rows) {
      const quarter = Number(r.bucket.slice(14));
      const at = Date.parse(`${r.bucket.slice(0, 14)}${String(quarter * 15).padStart(2, '0')}:00Z`);
      if (Number.isNaN(at)) continue;
      const day = dayInZone(at, timeZone);
      byDay.set(day, (byDay.get(day) ?? 0) + Number(r.n));
    }
    return daysBetween(from, to).map((date) => ({ date, count: byDay.get(date) ?? 0 }));
  }

  /**
   * The lowest event id that can have clicked_at >= `iso`: events are written in time order (as retention
   * relies on too), so a binary search over ids finds it with a few primary-key reads. A slightly late
   * write near the bound does not matter: callers read a day more than they need.
   */
  async firstEventIdFrom(iso: string): Promise<number> {
    const ends = await this.db.selectFrom('click_events').select([(eb) => eb.fn.min('id').as('lo'), (eb) => eb.fn.max('id').as('hi')]).executeTakeFirst();
    let lo = Number(ends?.lo ?? 0);
    let hi = Number(ends?.hi ?? 0) + 1;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      const row = await this.db.selectFrom('click_events').select(['id', 'clicked_at']).where('id', '>=', mid).orderBy('id').limit(1).executeTakeFirst();
      if (!row || row.clicked_at >= iso) hi = mid;
      else lo = Number(row.id) + 1;
    }
    return lo;
  }

  /** Over the UTC days from..to: all clicks, and those with a value for `name` (the rest had none). */
  async totals(linkId: number, name: Exclude<StatsName, 'clicks'>, from: string, to: string): Promise<StatsTotals> {
    const rows = await this.db
      .selectFrom('click_daily')
      .select(['dimension', (eb) => eb.fn.sum<number>('count').as('n')])
      .where('link_id', '=', linkId)
      .where('dimension', 'in', ['clicks', DIMENSION[name]])
      .where('day', '>=', from)
      .where('day', '<=', to)
      .groupBy('dimension')
      .execute();
    const sum = (dimension: string) => Number(rows.find((r) => r.dimension === dimension)?.n ?? 0);
    return { clicks: sum('clicks'), with_value: sum(DIMENSION[name]) };
  }

  async top(
    linkId: number,
    name: Exclude<StatsName, 'clicks'>,
    from: string,
    to: string,
    page: number,
    perPage: number,
  ): Promise<{ rows: StatsValue[]; total: number }> {
    const base = this.db
      .selectFrom('click_daily')
      .where('link_id', '=', linkId)
      .where('dimension', '=', DIMENSION[name])
      .where('day', '>=', from)
      .where('day', '<=', to);
    const { n } = await base.select((eb) => eb.fn.count<number>('value').distinct().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .select(['value', (eb) => eb.fn.sum<number>('count').as('count')])
      .groupBy('value')
      .orderBy('count', 'desc')
      .orderBy('value', 'asc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute();
    return { rows: rows.map((r) => ({ value: r.value, count: Number(r.count) })), total: Number(n) };
  }
}
