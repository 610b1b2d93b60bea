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
  /** Of `count`, the QR scans (read by daily(), hourly() and rawHourly(); 0 elsewhere). */
  qr: number;
}

/** Raw events' filters: the account, optionally a link, space and domain (0: none), and click dimensions. */
export interface RawFilter {
  userId: number;
  linkId?: number;
  spaceId?: number;
  domainId?: number;
  dims: [AnalyticsDimension, string][];
}

type Row = { k: string; n: number; u: number; q?: number };

const counted = (rows: Row[]): Counted[] => rows.map((r) => ({ key: String(r.k), count: Number(r.n), uniques: Number(r.u ?? 0), qr: Number(r.q ?? 0) }));

/** Nothing counted. */
export const NONE: Counted = Object.freeze({ key: '', count: 0, uniques: 0, qr: 0 });

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
const RAW_QR = sql`sum(CASE WHEN e.source = 'qr' THEN 1 ELSE 0 END)`;

/** Rows summed (key ''). */
export function sum(rows: readonly Counted[]): Counted {
  return rows.reduce((t, r) => ({ key: '', count: t.count + r.count, uniques: t.uniques + r.uniques, qr: t.qr + r.qr }), NONE);
}

export class AnalyticsRepo {
  /** `firstEventIdFrom`: SQLite only (StatsRepo's; its event ids follow their times, a lower id bound is cheap). */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly firstEventIdFrom: ((iso: string) => Promise<number>) | null,
  ) {}

  /** Per UTC day from..to: the total (`dimension` 'clicks') or the clicks with one value of a dimension. */
  async daily(scope: AnalyticsScope, from: string, to: string, dimension = 'clicks', value = ''): Promise<Counted[]> {
    const { table, where } = daily(scope);
    const r = await sql<Row>`SELECT day AS k, count AS n, uniques AS u, qr AS q FROM ${table}
      WHERE ${where} AND dimension = ${dimension} AND day >= ${from} AND day <= ${to} AND value = ${value}`.execute(this.db);
    return counted(r.rows);
  }

  /** Per UTC hour ("2026-11-22T13") from..to, both included. */
  async hourly(scope: AnalyticsScope, from: string, to: string): Promise<Counted[]> {
    const r =
      scope.kind === 'link'
        ? await sql<Row>`SELECT hour AS k, count AS n, uniques AS u, qr AS q FROM click_hourly
            WHERE link_id = ${scope.linkId} AND hour >= ${from} AND hour <= ${to}`.execute(this.db)
        : await sql<Row>`SELECT hour AS k, count AS n, uniques AS u, qr AS q FROM click_account_hourly
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
      sql<Row>`SELECT value AS k, sum(count) AS n, sum(uniques) AS u ${base}
        GROUP BY value ORDER BY sum(count) DESC, value LIMIT ${limit}`.execute(this.db),
      sql<Row>`SELECT '' AS k, sum(count) AS n, sum(uniques) AS u ${base}`.execute(this.db),
    ]);
    return { top: counted(top.rows), all: counted(all.rows)[0] ?? NONE };
  }

  /**
   * The top `limit` links of an account scope over the UTC days from..to, without summing every link's
   * rows: links are taken from the most clicked (links.clicks, all time, an upper bound of any period's
   * clicks) down, their period's clicks read by the partial index, until the next link's all-time
   * clicks cannot reach the list. Same order as top(): clicks, then value. Links deleted since are
   * not listed (their clicks stay in the totals). Past `maxCandidates` links it sums every row instead.
   */
  async topLinks(scope: AnalyticsScope & { kind: 'account' }, from: string, to: string, limit: number, maxCandidates = 2000): Promise<{ top: Counted[]; all: Counted }> {
    // A first page just over the list's length: with the usual skew, the most clicked links are the list.
    let pageSize = Math.max(20, 2 * limit);
    const best: Counted[] = [];
    const order = (a: Counted, b: Counted) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
    let last: { clicks: number; id: number } | null = null;
    for (let seen = 0; ; seen += pageSize, pageSize = 200) {
      if (seen >= maxCandidates) return this.top(scope, 'link', from, to, limit);
      const page = await this.db
        .selectFrom('links')
        .select(['id', 'clicks'])
        .where('user_id', '=', scope.userId)
        .$if(last !== null, (qb) => qb.where((eb) => eb.or([eb('clicks', '<', last!.clicks), eb.and([eb('clicks', '=', last!.clicks), eb('id', '<', last!.id)])])))
        .orderBy('clicks', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .execute();
      const floor = best.length >= limit ? (best[limit - 1]?.count ?? 0) : 0;
      const candidates = page.filter((l) => Number(l.clicks) > 0 && (best.length < limit || Number(l.clicks) >= floor));
      if (!candidates.length) break;
      // SQLite would rather range over the primary key's days (every link's rows): it is told the index.
      const table = this.firstEventIdFrom ? sql`click_account_daily INDEXED BY click_account_daily_link` : sql`click_account_daily`;
      const r = await sql<Row>`SELECT value AS k, sum(count) AS n, sum(uniques) AS u FROM ${table}
        WHERE user_id = ${scope.userId} AND space_id = ${scope.spaceId} AND domain_id = ${scope.domainId} AND dimension = 'link'
        AND value IN (${sql.join(candidates.map((l) => String(l.id)))}) AND day >= ${from} AND day <= ${to} GROUP BY value`.execute(this.db);
      best.push(...counted(r.rows).filter((c) => c.count > 0));
      best.sort(order).splice(limit);
      const tail = page.at(-1);
      if (!tail || page.length < pageSize) break;
      last = { clicks: Number(tail.clicks), id: tail.id };
      if (best.length >= limit && last.clicks < (best[limit - 1]?.count ?? 0)) break;
    }
    const all = await this.daily(scope, from, to);
    return { top: best, all: sum(all) };
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
    const r = await sql<Row>`SELECT ${hour} AS k, count(*) AS n, ${RAW_UNIQUES} AS u, ${RAW_QR} AS q
      FROM click_events e JOIN links l ON l.id = e.link_id WHERE ${await this.rawWhere(f, start, end)} GROUP BY ${hour}`.execute(this.db);
    return counted(r.rows);
  }

  /** Raw events' top values of a dimension, and the sum over all its values. */
  async rawTop(f: RawFilter, dimension: AnalyticsDimension, start: string, end: string, limit: number): Promise<{ top: Counted[]; all: Counted }> {
    const g = rawDimension(dimension);
    const where = sql`${await this.rawWhere(f, start, end)} AND ${g} IS NOT NULL`;
    const [top, all] = await Promise.all([
      sql<Row>`SELECT ${g} AS k, count(*) AS n, ${RAW_UNIQUES} AS u
        FROM click_events e JOIN links l ON l.id = e.link_id WHERE ${where} GROUP BY ${g} ORDER BY count(*) DESC, ${g} LIMIT ${limit}`.execute(this.db),
      sql<Row>`SELECT '' AS k, count(*) AS n, ${RAW_UNIQUES} AS u
        FROM click_events e JOIN links l ON l.id = e.link_id WHERE ${where}`.execute(this.db),
    ]);
    return { top: counted(top.rows), all: counted(all.rows)[0] ?? NONE };
  }
}
