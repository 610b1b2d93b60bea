// The link list's filters as conditions on `l` (the links table), written once for both databases: the owner,
// the search, space, domain, pixel and tags (the status: link-list-status.ts). Shared by the page, its totals
// (link-list-counts.ts), the bulk selection and the export (link-list.policy.ts).
import { LINK_SEARCH_BY, LINK_SORT_BY, type LinkListQuery } from '../../shared/link-list.schema';
import { tagKey } from '../../shared/tag.schema';
import { likePattern } from '../db/sql-values';
import { column, raw, sql, type Plan, type Sql } from './link-list-sql';
import type { LinkListStore, TagRead } from './link-list.store';
import { statusOf } from './link-list-status';

/** The query's tag filter: the names as keys (part of a count's cache key) and the ids of the account's tags. */
export interface Tags {
  keys: string[];
  /** Empty: no link can match (no such tag; with `all`, one of the names is no tag). */
  ids: number[];
  /** `all` only for two tags or more. */
  mode: 'any' | 'all';
}

export interface Filters {
  /** The owner and every filter but a search through the search index. */
  where: Sql[];
  /** The search index's query of the search, if it answers it. */
  match: string | null;
  /** Whether anything but the owner filters. */
  filtered: boolean;
}

/** The tags of `q`, read first so that every query names them by id (the planner sees which they are). */
export function* resolveTags(store: LinkListStore, userId: number, q: LinkListQuery): Plan<Tags | null> {
  if (!q.tag?.length) return null;
  const keys = [...new Set(q.tag.map(tagKey))];
  const ids = yield* column<number>(sql`SELECT id FROM tags WHERE user_id = ${userId} AND ${store.isIn(raw('name_key'), keys, 'text')}`);
  const all = q.tag_mode === 'all' && keys.length > 1;
  return { keys, ids: all && ids.length < keys.length ? [] : ids, mode: all ? 'all' : 'any' };
}

/** The tagged link ids: with `all`, those with every tag. */
function taggedIds(store: LinkListStore, tags: Tags): Sql {
  const ids = sql`SELECT lt.link_id FROM link_tags lt WHERE ${store.isIn(raw('lt.tag_id'), tags.ids, 'int')}`;
  return tags.mode === 'all' ? sql`${ids} GROUP BY lt.link_id HAVING count(*) = ${tags.ids.length}` : ids;
}

function tagCondition(store: LinkListStore, tags: Tags, read: TagRead): Sql {
  return tags.ids.length ? store.tagFilter(read, tags.mode, tags.ids, taggedIds(store, tags)) : raw('1 = 0');
}

/** The filters of `q` (not its status) on one account's links. */
export function filtersOf(store: LinkListStore, userId: number, q: LinkListQuery, tags: Tags | null, read: TagRead = 'set'): Filters {
  // Column names go into the SQL text: only those the query schema allows (it has checked them already).
  if (!LINK_SEARCH_BY.includes(q.search_by) || !LINK_SORT_BY.includes(q.sort_by)) throw new Error(`unknown column ${q.search_by}, ${q.sort_by}`);
  const where = [sql`l.user_id = ${userId}`];
  let match: string | null = null;
  if (q.search) {
    const index = store.searchIndex;
    if (index && [...q.search].length >= index.minLength) match = index.match(q.search_by, q.search);
    else where.push(store.contains(raw(`l.${q.search_by}`), likePattern(q.search)));
  }
  if (q.space_id !== undefined) where.push(q.space_id === 0 ? raw('l.space_id IS NULL') : sql`l.space_id = ${q.space_id}`);
  if (q.domain_id !== undefined) where.push(q.domain_id === 0 ? raw('l.domain_id IS NULL') : sql`l.domain_id = ${q.domain_id}`);
  if (q.pixel_id !== undefined) where.push(sql`EXISTS (SELECT 1 FROM link_pixels lp WHERE lp.link_id = l.id AND lp.pixel_id = ${q.pixel_id})`);
  if (tags) where.push(tagCondition(store, tags, read));
  return { where, match, filtered: where.length > 1 || match !== null };
}

/** Every condition of `f`, the search index's included, and `extra`. */
export function conditions(store: LinkListStore, f: Filters, extra: Sql[] = []): Sql[] {
  return [...f.where, ...extra, ...(f.match !== null && store.searchIndex ? [store.searchIndex.has(f.match)] : [])];
}

/** The status filter of `q` (none for 0, every link). */
export function statusFilter(q: LinkListQuery, now: string): Sql[] {
  return q.status === 0 ? [] : [statusOf(q.status).where(now)];
}
