// Reads of the analytics API (analytics.service.ts decides which). Rollups first: click_daily and
// click_hourly for one link, click_account_daily and click_account_hourly for an account (space and
// domain at click time; -1 is any). What rollups cannot answer (several dimension filters, a filter with
// another grouping, a filter with hours or another time zone) is read from the raw events, which are
// kept CLICK_RETENTION_DAYS; those filter by the link's space and domain of today.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import type { AnalyticsDimension } from '../../shared/analytics.schema';

export type AnalyticsScope = { kind: 'link'; linkId: number } | { kind: 'account'; userId: number; spaceId: number; domainId: number };

/** One row of counts: a day, an hour or a dimension's value. */
export interface Counted {
  key: string;
  count: number;
  uniques: number;
}

/** Raw events' filters: the account, optionally a link, space and domain (0: none), and click dimensions. */
export interface RawFilter {
  userId: number;
  linkId?: number;
  spaceId?: number;
  domainId?: number;
  dims: [AnalyticsDimension, string][];
}

const counted = (rows: { k: unknown; n: unknown; u: unknown }[]): Counted[] =>
  rows.map((r) => ({ key: String(r.k), count: Number(r.n), uniques: Number(r.u ?? 0) }));

/** The rollup table and key condition of a scope. */
function daily(scope: AnalyticsScope): { table: RawBuilder<unknown>; where: RawBuilder<unknown> } {
  if (scope.kind === 'link') return { table: sql`click_daily`, where: sql`link_id = ${scope.linkId}` };
  return {
    table: sql`click_account_daily`,
    where: sql`user_id = ${scope.userId} AND space_id = ${scope.spaceId} AND domain_id = ${scope.domainId}`,
  };
}

/** A raw event's value of a dimension (link, space and domain as of today). */
function rawDimension(d: AnalyticsDimension): RawBuilder<unknown> {
  if (d === 'link') return sql`e.link_id`;
  if (d === 'space') return sql`coalesce(l.space_id, 0)`;
  if (d === 'domain') return sql`coalesce(l.domain_id, 0)`;
  return sql.ref(`e.${d}`);
}

const RAW_UNIQUES = sql`count(DISTINCT CASE WHEN e.visitor IS NOT NULL THEN e.link_id || '/' || substr(e.clicked_at, 1, 10) || '/' || e.visitor END)`;

export class AnalyticsRepo {
  /** `eventsInIdOrder`: as in StatsRepo, SQLite's event ids follow their times (a lower id bound is cheap). */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly firstEventIdFrom: ((iso: string) => Promise<number>) | null,
  ) {}

  /** Per UTC day from..to: the total (`dimension` 'clicks') or the clicks with one value of a dimension. */
  async daily(scope: AnalyticsScope, from: string, to: string, dimension = 'clicks', value = ''): Promise<Counted[]> {
    const { table, where } = daily(scope);
    const r = await sql<{ k: string; n: number; u: number }>`SELECT day AS k, count AS n, uniques AS u FROM ${table}
      WHERE ${where} AND dimension = ${dimension} AND day >= ${from} AND day <= ${to} AND value = ${value}`.execute(this.db);
    return counted(r.rows);
  }

  /** Per UTC hour ("2026-11-22T13") from..to, both included. */
  async hourly(scope: AnalyticsScope, from: string, to: string): Promise<Counted[]> {
    const r =
      scope.kind === 'link'
        ? await sql<{ k: string; n: number; u: number }>`SELECT hour AS k, count AS n, uniques AS u FROM click_hourly
            WHERE link_id = ${scope.linkId} AND hour >= ${from} AND hour <= ${to}`.execute(this.db)
        : await sql<{ k: string; n: number; u: number }>`SELECT hour AS k, count AS n, uniques AS u FROM click_account_hourly
            WHERE user_id = ${scope.userId} AND space_id = ${scope.spaceId} AND domain_id = ${scope.domainId}
            AND hour >= ${from} AND hour <= ${to}`.execute(this.db);
    return counted(r.rows);
  }

  /**
   * The top `limit` values of a dimension over the UTC days from..to (most clicks first, then by value),
   * and the sum over all its values. `only`: just that value (a filter on the same dimension).
   */
  async top(scope: AnalyticsScope, dimension: AnalyticsDimension, from: string, to: string, limit: number, only?: string): Promise<{ top: Counted[]; all: Counted }> {
    const { table, where } = daily(scope);
    const base = sql`FROM ${table} WHERE ${where} AND dimension = ${dimension} AND day >= ${from} AND day <= ${to}
      ${only === undefined ? sql`` : sql`AND value = ${only}`}`;
    const [top, all] = await Promise.all([
      sql<{ k: string; n: number; u: number }>`SELECT value AS k, sum(count) AS n, sum(uniques) AS u ${base}
        GROUP BY value ORDER BY sum(count) DESC, value LIMIT ${limit}`.execute(this.db),
      sql<{ k: string; n: number; u: number }>`SELECT '' AS k, sum(count) AS n, sum(uniques) AS u ${base}`.execute(this.db),
    ]);
    return { top: counted(top.rows), all: counted(all.rows)[0] ?? { key: '', count: 0, uniques: 0 } };
  }

  private async rawWhere(f: RawFilter, start: string, end: string): Promise<RawBuilder<unknown>> {
    const parts: RawBuilder<unknown>[] = [sql`l.user_id = ${f.userId}`, sql`e.clicked_at >= ${start}`, sql`e.clicked_at < ${end}`];
    if (this.firstEventIdFrom) parts.push(sql`e.id >= ${await this.firstEventIdFrom(start)}`);
    if (f.linkId !== undefined) parts.push(sql`e.link_id = ${f.linkId}`);
    if (f.spaceId !== undefined) parts.push(sql`coalesce(l.space_id, 0) = ${f.spaceId}`);
    if (f.domainId !== undefined) parts.push(sql`coalesce(l.domain_id, 0) = ${f.domainId}`);
    for (const [d, v] of f.dims) parts.push(sql`${rawDimension(d)} = ${v}`);
    return sql.join(parts, sql` AND `);
  }

  /** Raw events from `start` to before `end` (ISO instants), per UTC hour. */
  async rawHourly(f: RawFilter, start: string, end: string): Promise<Counted[]> {
    const hour = sql`substr(e.clicked_at, 1, 13)`;
    const r = await sql<{ k: string; n: number; u: number }>`SELECT ${hour} AS k, count(*) AS n, ${RAW_UNIQUES} AS u
      FROM click_events e JOIN links l ON l.id = e.link_id WHERE ${await this.rawWhere(f, start, end)} GROUP BY ${hour}`.execute(this.db);
    return counted(r.rows);
  }

  /** Raw events' top values of a dimension, and the sum over all its values. */
  async rawTop(f: RawFilter, dimension: AnalyticsDimension, start: string, end: string, limit: number): Promise<{ top: Counted[]; all: Counted }> {
    const g = rawDimension(dimension);
    const where = sql`${await this.rawWhere(f, start, end)} AND ${g} IS NOT NULL`;
    const [top, all] = await Promise.all([
      sql<{ k: string; n: number; u: number }>`SELECT ${g} AS k, count(*) AS n, ${RAW_UNIQUES} AS u
        FROM click_events e JOIN links l ON l.id = e.link_id WHERE ${where} GROUP BY ${g} ORDER BY count(*) DESC, ${g} LIMIT ${limit}`.execute(this.db),
      sql<{ k: string; n: number; u: number }>`SELECT '' AS k, count(*) AS n, ${RAW_UNIQUES} AS u
        FROM click_events e JOIN links l ON l.id = e.link_id WHERE ${where}`.execute(this.db),
    ]);
    return { top: counted(top.rows), all: counted(all.rows)[0] ?? { key: '', count: 0, uniques: 0 } };
  }
}
