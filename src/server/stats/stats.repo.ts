// Statistics from the daily rollups (click_daily): clicks per day with zero days, and top lists.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ClicksPerDay, StatsValue } from '../../shared/stats.schema';
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
  constructor(private readonly db: Kysely<Database>) {}

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
