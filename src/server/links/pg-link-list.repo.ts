// The link list on PostgreSQL (issue 9): the same query parameters, rows in the same order and the same
// exact totals as the SQLite list (link-list.repo.ts). Substring search is ILIKE, which the pg_trgm GIN
// indexes of migration 001 answer for 3+ characters; text sorts use the "C" collation and put untitled
// links last in both directions, as SQLite does, so both backends order rows byte for byte alike. The exact
// totals: pg-link-list-counts.ts.
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/schema';
import type { LinkListQuery } from '../../shared/link.schema';
import { likePattern } from '../http/pagination';
import { PgLinkListCounts } from './pg-link-list-counts';
import type { LinkRow } from './links.repo';
import { tagKey } from '../../shared/tag.schema';

export type Eb = ExpressionBuilder<Database, 'links'>;
/**
 * A list query with its tags' ids when they were read first (withTagIds), and whether the tag filter matches
 * so few of the account's links (under COLLECT_SHARE) that they are collected before the page is sorted.
 */
export type ResolvedQuery = LinkListQuery & { tag_ids?: number[]; tag_collect?: boolean };
const COLLECT_SHARE = 0.01;


const SORT_COLUMNS = new Set(['id', 'clicks', 'title', 'alias', 'url']);
const TEXT_COLUMNS = new Set(['title', 'alias', 'url']);
/** The links with a title, or those without one. */
export type TitlePart = 'titled' | 'untitled';

/** Expired (shared/link-status.ts): the end has passed, or the clicks limit is reached. */
function expired(eb: Eb, now: string): Expression<SqlBool> {
  return eb.or([
    eb.and([eb('active_period_end_at', 'is not', null), eb('active_period_end_at', '<=', now)]),
    eb.and([eb('clicks_limit', 'is not', null), eb('clicks', '>=', eb.ref('clicks_limit'))]),
  ]);
}

function status(eb: Eb, s: 1 | 2 | 3, now: string): Expression<SqlBool> {
  if (s === 3) return eb('disabled', '=', 1);
  return eb.and([eb('disabled', '=', 0), s === 2 ? expired(eb, now) : eb.not(expired(eb, now))]);
}

export class PgLinkListRepo {
  /** Totals of filtered lists by query, with the account's version they were counted at. */

  private readonly totals: PgLinkListCounts;

  constructor(private readonly db: Kysely<Database>) {
    this.totals = new PgLinkListCounts(db, (eb, userId, q, now, part) => this.conditions(eb, userId, q, now, part));
  }

  /** The filters of `q` on one account (the owner, search, space, domain, pixel), without the status. */
  private filters(eb: Eb, userId: number, q: ResolvedQuery): Expression<SqlBool>[] {
    const where: Expression<SqlBool>[] = [eb('user_id', '=', userId)];
    if (q.search) where.push(sql<SqlBool>`${sql.ref(`links.${q.search_by}`)} ILIKE ${likePattern(q.search)} ESCAPE '\\'`);
    if (q.space_id !== undefined) where.push(q.space_id === 0 ? eb('space_id', 'is', null) : eb('space_id', '=', q.space_id));
    if (q.domain_id !== undefined) where.push(q.domain_id === 0 ? eb('domain_id', 'is', null) : eb('domain_id', '=', q.domain_id));
    if (q.pixel_id !== undefined) {
      const pixel = q.pixel_id;
      where.push(eb.exists(eb.selectFrom('link_pixels').select('link_id').whereRef('link_pixels.link_id', '=', 'links.id').where('pixel_id', '=', pixel)));
    }
    if (q.tag?.length) {
      // As on SQLite (link-list.repo.ts, tagSubquery): any of the names, or all of them. With the tags' ids
      // resolved first (withTagIds), the planner sees which tags they are and how many links each has: for a
      // common tag it then reads the page in order and probes link_tags (0.2 ms at 100,000 links) instead of
      // collecting all of the tag's links first (150 ms), as it does for names it cannot look up when planning.
      const keys = [...new Set(q.tag.map(tagKey))];
      const any = q.tag_ids
        ? sql`SELECT lt.link_id FROM link_tags lt WHERE lt.tag_id = any(${q.tag_ids}::int[])`
        : sql`SELECT lt.link_id FROM tags t JOIN link_tags lt ON lt.tag_id = t.id WHERE t.user_id = ${userId} AND t.name_key = any(${keys}::text[])`;
      const every = q.tag_mode === 'all' && keys.length > 1;
      if (every && q.tag_ids?.length && !q.tag_collect) {
        // Every tag, as one probe per tag: a page read in order stops early (a GROUP BY counted them all).
        for (const id of q.tag_ids) where.push(sql<SqlBool>`links.id IN (SELECT lt.link_id FROM link_tags lt WHERE lt.tag_id = ${id})`);
        return where;
      }
      const ids = every ? sql`${any} GROUP BY lt.link_id HAVING count(*) = ${keys.length}` : any;
      // Few matches (tag_collect): the ids first, then those rows and a sort. Reading in order and probing
      // would walk most of the account to fill a page of a tag that a statistics sample rated more common.
      where.push(q.tag_collect ? sql<SqlBool>`links.id = any(ARRAY(${ids}))` : sql<SqlBool>`links.id IN (${ids})`);
    }
    return where;
  }

  /**
   * `q` with its tag names' ids (`tag_ids`), read first; names of no tag of the account are left out (with
   * `tag_mode=all` one missing name matches nothing: `tag_ids` is empty).
   */
  private async withTagIds(userId: number, q: LinkListQuery, db: Kysely<Database> = this.db): Promise<ResolvedQuery> {
    if (!q.tag?.length) return q;
    const keys = [...new Set(q.tag.map(tagKey))];
    const rows = await db.selectFrom('tags').select('id').where('user_id', '=', userId).where('name_key', '=', sql<string>`any(${keys}::text[])`).execute();
    const all = q.tag_mode === 'all' && keys.length > 1;
    return { ...q, tag_ids: all && rows.length < keys.length ? [] : rows.map((r) => r.id) };
  }

  async list(userId: number, query: LinkListQuery, now: string): Promise<{ rows: LinkRow[]; total: number }> {
    const resolved = await this.withTagIds(userId, query);
    if (!SORT_COLUMNS.has(resolved.sort_by)) throw new Error(`unknown sort_by ${resolved.sort_by}`);
    // The exact total decides how a tag filter reads its page (it is counted anyway, and mostly cached).
    const counters = resolved.tag_ids ? await this.totals.counters(userId) : undefined;
    const total = await this.totals.count(userId, resolved, now, counters);
    const few = !!counters && total < COLLECT_SHARE * counters.total;
    const q = few ? { ...resolved, tag_collect: true } : resolved;
    const offset = (q.page - 1) * q.per_page;
    if (q.sort_by === 'title' && q.sort === 'asc') return this.titleAscending(userId, q, now, offset, total);
    return { rows: await this.rows(userId, q, now, offset, q.per_page), total };
  }

  /**
   * Title ascending with untitled links last, as SQLite's NULLS LAST: the titled part of the page, then, when
   * it runs short, the untitled part. "NULLS LAST" in one query would make PostgreSQL sort every link of the
   * account (links_user_title keeps NULLs first); each part instead reads that index in order.
   */
  private async titleAscending(userId: number, q: ResolvedQuery, now: string, offset: number, total: number): Promise<{ rows: LinkRow[]; total: number }> {
    const titled = await this.rows(userId, q, now, offset, q.per_page, 'titled');
    // A title search never matches an untitled link.
    if (titled.length === q.per_page || (q.search && q.search_by === 'title')) return { rows: titled, total };
    // A page past the titled links starts that far into the untitled ones.
    const start = titled.length > 0 ? 0 : offset - (total - (await this.totals.countWhere(userId, q, now, 'untitled')));
    if (start < 0) return { rows: titled, total };
    const untitled = await this.rows(userId, q, now, start, q.per_page - titled.length, 'untitled');
    return { rows: [...titled, ...untitled], total };
  }

  private async rows(userId: number, q: ResolvedQuery, now: string, offset: number, limit: number, part?: TitlePart): Promise<LinkRow[]> {
    const desc = q.sort === 'desc';
    const column = sql.ref(`links.${q.sort_by}`);
    // Only title can be NULL: alias and url take the plain direction, which their indexes (NULLS LAST
    // ascending, the default) match; a NULLS FIRST there would make PostgreSQL sort a million rows. Title
    // descending puts untitled links last (NULLS LAST, links_user_title read backwards); ascending reads the
    // index forwards, one part at a time (titleAscending).
    const nulls = q.sort_by === 'title' ? (desc ? ' NULLS LAST' : ' NULLS FIRST') : '';
    const order = TEXT_COLUMNS.has(q.sort_by)
      ? sql`${column} COLLATE "C" ${sql.raw(`${desc ? 'DESC' : 'ASC'}${nulls}`)}`
      : sql`${column} ${sql.raw(desc ? 'DESC' : 'ASC')}`;
    const rows = await this.db
      .selectFrom('links')
      .selectAll()
      .where((eb) => eb.and(this.conditions(eb, userId, q, now, part)))
      .orderBy(order)
      .orderBy('id', desc ? 'desc' : 'asc')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows as LinkRow[];
  }

  /**
   * Ids of every link of the account that the filters and status of `q` match (all of them, not a page),
   * newest first; with `only`, just those of these ids. `db`: a transaction to read in (links.bulk.repo.ts).
   */
  async selectIds(userId: number, query: LinkListQuery, now: string, only?: number[], db: Kysely<Database> = this.db): Promise<number[]> {
    const q = await this.withTagIds(userId, query, db);
    const rows = await db
      .selectFrom('links')
      .select('id')
      .where((eb) => {
        const where = this.conditions(eb, userId, q, now);
        if (only) where.push(eb('id', '=', sql<number>`any(${only}::int[])`));
        return eb.and(where);
      })
      .orderBy('id', 'desc')
      .execute();
    return rows.map((r) => r.id);
  }

  /** All conditions of `q` (filters and status), optionally only its titled or untitled links (also the links export's). */
  conditions(eb: Eb, userId: number, q: ResolvedQuery, now: string, part?: TitlePart): Expression<SqlBool>[] {
    const where = [...this.filters(eb, userId, q), ...(q.status ? [status(eb, q.status, now)] : [])];
    if (part) where.push(eb('title', part === 'titled' ? 'is not' : 'is', null));
    return where;
  }
}
