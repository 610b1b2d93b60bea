// The link list's exact totals on PostgreSQL (pg-link-list.repo.ts), counted as on SQLite (link-list-counts.ts):
// the plain total and the disabled count from the trigger-kept link_counters, the expired count from two
// partial indexes, and filtered counts cached until the account's version changes (bumped in the database, so
// every instance sees the same one); the expired part of a status over filters also until the next end date.
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/schema';
import { tagKey } from '../../shared/tag.schema';
import { CountCache, countKey } from './count-cache';
import { pgTagCount } from './pg-tag-count';
import type { Eb, ResolvedQuery, TitlePart } from './pg-link-list.repo';

/** The account's row of link_counters (kept by triggers). */
export type Counters = { total: number; disabled: number; version: string };

/** All conditions of a list query on `links` (PgLinkListRepo.conditions). */
type Conditions = (eb: Eb, userId: number, q: ResolvedQuery, now: string, part?: TitlePart) => Expression<SqlBool>[];

export class PgLinkListCounts {
  private readonly counts = new CountCache<string>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly conditions: Conditions,
  ) {}

  /** `counters`: the account's, when the caller has read them already (one round trip, not two). */
  async count(userId: number, q: ResolvedQuery, now: string, counters?: Counters): Promise<number> {
    const others = !!q.search || q.space_id !== undefined || q.domain_id !== undefined || q.pixel_id !== undefined;
    const plain = !others && !q.tag?.length;
    const c = counters ?? (await this.counters(userId));
    if (plain && q.status === 0) return c.total;
    if (plain && q.status === 3) return c.disabled;
    if (plain) {
      const expired = await this.expiredCount(userId, now);
      return q.status === 2 ? expired : c.total - c.disabled - expired;
    }
    const tags = q.tag?.length ? JSON.stringify([...new Set(q.tag.map(tagKey))]) : '';
    const key = (part: string) => countKey(userId, part, q, tags);
    // As on SQLite (link-list-counts.ts): the filtered total and its disabled links depend on neither the time
    // nor the clicks; the expired ones are cached also until the clock reaches the next end date among them.
    // The version is bumped in the database, so every instance sees the same one.
    const onlyTags = !others && !!q.tag_ids;
    const total = await this.cached(key('all'), c, () => (onlyTags ? pgTagCount(this.db, q.tag_ids ?? [], q.tag_mode) : this.countWhere(userId, { ...q, status: 0 }, now)));
    if (q.status === 0) return total;
    const disabled = await this.cached(key('disabled'), c, () => this.countWhere(userId, { ...q, status: 3 }, now));
    if (q.status === 3) return disabled;
    // The next end date too is looked for on the smaller side.
    let few = false;
    const expired = await this.cached(
      key('expired'),
      c,
      async () => {
        few = total <= (await this.expiredCount(userId, now));
        return few ? this.countWhere(userId, { ...q, status: 2 }, now) : this.expiredCount(userId, now, q);
      },
      { now, until: () => this.nextEnd(userId, q, now, !few) },
    );
    return q.status === 2 ? expired : Math.max(0, total - disabled - expired);
  }

  /** A count cached as on SQLite (LinkListCounts.cached): until the version changes, and with `clock` until `until()`. */
  private async cached(key: string, c: Counters, count: () => Promise<number>, clock?: { now: string; until: () => Promise<string | null> }): Promise<number> {
    const hit = this.counts.get(key, c.version, clock?.now);
    if (hit !== undefined) return hit;
    const total = await count();
    this.counts.set(key, c.version, total, clock && (await clock.until()));
    return total;
  }

  /**
   * The first end date after now among the filtered links that are not disabled (null: none ends): walking
   * the end dates in order (`inOrder`, when the filters match many links), or over the filtered links (the
   * `|| ''` keeps the planner from walking the end dates' index for min()).
   */
  private async nextEnd(userId: number, q: ResolvedQuery, now: string, inOrder: boolean): Promise<string | null> {
    const where = (eb: Eb) =>
      eb.and([...this.conditions(eb, userId, { ...q, status: 0 }, now), eb('disabled', '=', 0), eb('active_period_end_at', 'is not', null), eb('active_period_end_at', '>', now)]);
    if (!inOrder) {
      const r = await this.db
        .selectFrom('links')
        .select(sql<string | null>`min(active_period_end_at || '')`.as('end'))
        .where(where)
        .executeTakeFirst();
      return r?.end ?? null;
    }
    const row = await this.db.selectFrom('links').select('active_period_end_at').where(where).orderBy('active_period_end_at').limit(1).executeTakeFirst();
    return row?.active_period_end_at ?? null;
  }

  async counters(userId: number): Promise<Counters> {
    const r = await sql<Counters>`SELECT total, disabled, version FROM link_counters WHERE user_id = ${userId}`.execute(this.db);
    const row = r.rows[0];
    return row ? { total: Number(row.total), disabled: Number(row.disabled), version: String(row.version) } : { total: 0, disabled: 0, version: '0' };
  }

  /**
   * Expired links of an account, by the two partial indexes of migration 002 (as on SQLite); with `q`, only
   * those its filters match.
   */
  private async expiredCount(userId: number, now: string, q?: ResolvedQuery): Promise<number> {
    if (q) {
      const part = (byDate: boolean) =>
        this.db
          .selectFrom('links')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where((eb) =>
            eb.and([
              ...this.conditions(eb, userId, { ...q, status: 0 }, now),
              eb('disabled', '=', 0),
              ...(byDate
                ? [eb('active_period_end_at', 'is not', null), eb('active_period_end_at', '<=', now)]
                : [
                    eb('clicks_limit', 'is not', null),
                    eb('clicks', '>=', eb.ref('clicks_limit')),
                    eb.or([eb('active_period_end_at', 'is', null), eb('active_period_end_at', '>', now)]),
                  ]),
            ]),
          )
          .executeTakeFirstOrThrow();
      const [a, b] = await Promise.all([part(true), part(false)]);
      return Number(a.n) + Number(b.n);
    }
    const r = await sql<{ n: string }>`SELECT
        (SELECT count(*) FROM links WHERE user_id = ${userId} AND disabled = 0 AND active_period_end_at IS NOT NULL
          AND active_period_end_at <= ${now})
      + (SELECT count(*) FROM links WHERE user_id = ${userId} AND disabled = 0 AND clicks_limit IS NOT NULL
          AND clicks >= clicks_limit AND (active_period_end_at IS NULL OR active_period_end_at > ${now})) AS n`.execute(this.db);
    return Number(r.rows[0]?.n ?? 0);
  }

  /** Links matching all conditions of `q` (also only its titled or untitled ones). */
  async countWhere(userId: number, q: ResolvedQuery, now: string, part?: TitlePart): Promise<number> {
    const r = await this.db
      .selectFrom('links')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where((eb) => eb.and(this.conditions(eb, userId, q, now, part)))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }
}
