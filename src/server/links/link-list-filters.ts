// The link list's filters as conditions on `l` (the links table), written once for both databases: the owner,
// the search's terms, space, domain, pixel and tags (the status: link-list-status.ts). Shared by the page, its
// totals (link-list-counts.ts), the bulk selection and the export (link-list.policy.ts).
import { LINK_SEARCH_BY, LINK_SORT_BY, type LinkListQuery } from '../../shared/link-list.schema';
import { tagKey } from '../../shared/tag.schema';
import { searchTerms, type SearchTerm } from '../../shared/search-terms';
import { likePattern } from '../db/sql-values';
import { and, column, count, or, raw, sql, type Plan, type Sql } from './link-list-sql';
import { gramChars } from './search-grams';
import { usableByList } from '../domains/domain-access';
import type { LinkListStore, TagRead } from './link-list.store';
import { statusOf } from './link-list-status';

/** The query's tag filter: the names as keys (part of a count's cache key) and the ids of the account's tags. */
export interface Tags {
  keys: string[];
  /** Empty: no link can match (no such tag; with `all`, one of the names is no tag). */
  ids: number[];
  /** `all` only for two tags or more. */
  mode: 'any' | 'all';
  /** What the search's terms name (tags, domains), read with the tags. */
  terms?: TermRefs[];
}

export interface Filters {
  /** The owner and every filter but a search through the search index. */
  where: Sql[];
  /** The search index's query of the search, if it answers it. */
  match: string | null;
  /** Whether anything but the owner filters. */
  filtered: boolean;
  /** The search's own conditions among `where` (a scan reads the other filters' window first: link-list.policy.ts). */
  searched: Sql[];
}

/** Whether a term names tags or domains (search_by=all, `tag:`, `domain:`), which are read first by id. */
const namesOthers = (t: SearchTerm): boolean => t.by === 'all' || t.by === 'tag' || t.by === 'domain';

/**
 * Links holding a term of 1 or 2 characters that at most this many links (of every account) hold are read through
 * the gram index (GramIndex); a commoner term is found link by link, soon enough (600 ms at a million links for
 * one that 2 % hold, through the index, against 12 ms along the account's links).
 */
export const GRAM_INDEX_MAX = 100_000;

/** Whether a term of the links' own columns is short enough for the gram index, if the store keeps one. */
const gramTerm = (store: LinkListStore, t: SearchTerm): boolean => store.gramIndex !== null && t.by !== 'tag' && t.by !== 'domain' && gramChars(t.text) !== null;

/** Whether the search has terms read first (resolveTerms): naming tags or domains, or short enough for the gram index. */
export const namesRefs = (store: LinkListStore, q: LinkListQuery): boolean => searchTerms(q.search, q.search_by).some((t) => namesOthers(t) || gramTerm(store, t));

/** The tags of `q`, read first so that every query names them by id (the planner sees which they are). */
export function* resolveTags(store: LinkListStore, userId: number, q: LinkListQuery): Plan<Tags | null> {
  const terms = yield* resolveTerms(store, userId, q);
  if (!q.tag?.length) return terms.length ? { keys: [], ids: [], mode: 'any', terms } : null;
  const keys = [...new Set(q.tag.map(tagKey))];
  const ids = yield* column<number>(sql`SELECT id FROM tags WHERE user_id = ${userId} AND ${store.isIn(raw('name_key'), keys, 'text')}`);
  const all = q.tag_mode === 'all' && keys.length > 1;
  return { keys, ids: all && ids.length < keys.length ? [] : ids, mode: all ? 'all' : 'any', terms };
}

/**
 * What the search's terms name outside the links table, by id: the tags and domains whose names an `all` term
 * contains, the tag a `tag:` term names, the domains a `domain:` term's text is part of. Read first, like tags.
 */
function* resolveTerms(store: LinkListStore, userId: number, q: LinkListQuery): Plan<TermRefs[]> {
  const refs: TermRefs[] = [];
  for (const term of searchTerms(q.search, q.search_by).filter((t) => namesOthers(t) || gramTerm(store, t))) {
    const grams = gramTerm(store, term) && (yield* rareEnough(store, term));
    if (!namesOthers(term)) {
      refs.push({ term, tagIds: [], domainIds: [], grams });
      continue;
    }
    const pattern = likePattern(term.text);
    const tagIds = term.by === 'domain' ? [] : term.by === 'tag'
      ? yield* column<number>(sql`SELECT id FROM tags WHERE user_id = ${userId} AND name_key = ${tagKey(term.text)}`)
      : yield* column<number>(sql`SELECT id FROM tags WHERE user_id = ${userId} AND ${store.contains(raw('name'), pattern)}`);
    const domainIds = term.by === 'tag' ? [] : yield* column<number>(sql`SELECT id FROM domains WHERE ${usableByList(userId)} AND ${store.contains(raw('name'), pattern)}`);
    refs.push({ term, tagIds, domainIds, grams });
  }
  return refs;
}

/** Whether few enough links hold a short term for the gram index to find them (GRAM_INDEX_MAX). */
function* rareEnough(store: LinkListStore, term: SearchTerm): Plan<boolean> {
  const frequency = store.gramIndex?.frequency(COLUMNS[term.by as keyof typeof COLUMNS], term.text, GRAM_INDEX_MAX);
  return !frequency || (yield* count(frequency)) <= GRAM_INDEX_MAX;
}

/** A term of the search and the ids of what it names (resolveTerms). */
export interface TermRefs {
  term: SearchTerm;
  tagIds: number[];
  domainIds: number[];
  /** Whether the term is read through the gram index (gramTerm, rareEnough). */
  grams: boolean;
}

/** What `term` names, as resolveTerms read it (none: nothing). */
const refsOf = (refs: readonly TermRefs[], term: SearchTerm): TermRefs =>
  refs.find((r) => r.term.by === term.by && r.term.text === term.text) ?? { term, tagIds: [], domainIds: [], grams: false };

const COLUMNS = { title: ['title'], alias: ['alias'], url: ['url'], all: ['title', 'alias', 'url'] } as const;

/** The links with any of `tagIds`, or with the domains `domainIds`; `scan`: checked link by link. */
function namedBy(store: LinkListStore, r: TermRefs, scan: boolean): Sql[] {
  const tagged = scan
    ? sql`EXISTS (SELECT 1 FROM link_tags lt WHERE lt.link_id = l.id AND ${store.isIn(raw('lt.tag_id'), r.tagIds, 'int')})`
    : sql`l.id IN (SELECT lt.link_id FROM link_tags lt WHERE ${store.isIn(raw('lt.tag_id'), r.tagIds, 'int')})`;
  return [
    ...(r.tagIds.length ? [tagged] : []),
    ...(r.domainIds.length ? [store.isIn(raw('l.domain_id'), r.domainIds, 'int')] : []),
  ];
}

/**
 * The search's conditions, and the index query of the terms it answers alone (AND-ed). `scan`: every term as a
 * condition on the link's own columns, checked link by link (a page read in another index's order, where the
 * matches are many: collecting them all from the search index first would cost far more than the page).
 */
function searchConditions(store: LinkListStore, q: LinkListQuery, refs: readonly TermRefs[], scan: boolean): { where: Sql[]; match: string | null } {
  const where: Sql[] = [];
  const matches: string[] = [];
  const index = scan ? null : store.searchIndex;
  for (const term of searchTerms(q.search, q.search_by)) {
    const ref = refsOf(refs, term);
    const named = namesOthers(term) ? namedBy(store, ref, scan) : [];
    // A tag or domain term: only what it names (nothing named: no link).
    if (term.by === 'tag' || term.by === 'domain') {
      where.push(or(named));
      continue;
    }
    const fromIndex = index !== null && [...term.text].length >= index.minLength;
    const inColumns = fromIndex ? index.match(term.by, term.text) : null;
    // Alone, an index term is read through the index (in id order); with tags or domains it is one of several.
    if (inColumns !== null && !named.length) matches.push(inColumns);
    else {
      const like = or(COLUMNS[term.by].map((c) => store.contains(raw(`l.${c}`), likePattern(term.text))));
      // A rare short term: the gram index's links, then the LIKE decides (a link by link page reads no index).
      const grams = !scan && ref.grams && store.gramIndex ? store.gramIndex.has(COLUMNS[term.by], term.text) : null;
      const own = inColumns !== null && index ? index.has(inColumns) : grams ? and([grams, like]) : like;
      where.push(or([own, ...named]));
    }
  }
  return { where, match: matches.length ? matches.join(' AND ') : null };
}

/** The tagged link ids: with `all`, those with every tag. */
function taggedIds(store: LinkListStore, tags: Tags): Sql {
  const ids = sql`SELECT lt.link_id FROM link_tags lt WHERE ${store.isIn(raw('lt.tag_id'), tags.ids, 'int')}`;
  return tags.mode === 'all' ? sql`${ids} GROUP BY lt.link_id HAVING count(*) = ${tags.ids.length}` : ids;
}

function tagCondition(store: LinkListStore, tags: Tags, read: TagRead): Sql {
  if (!tags.keys.length) return raw('1 = 1');
  return tags.ids.length ? store.tagFilter(read, tags.mode, tags.ids, taggedIds(store, tags)) : raw('1 = 0');
}

/** The filters of `q` (not its status) on one account's links. */
export function filtersOf(store: LinkListStore, userId: number, q: LinkListQuery, tags: Tags | null, read: TagRead = 'set', scan = false): Filters {
  // Column names go into the SQL text: only those the query schema allows (it has checked them already).
  if (!LINK_SEARCH_BY.includes(q.search_by) || !LINK_SORT_BY.includes(q.sort_by)) throw new Error(`unknown column ${q.search_by}, ${q.sort_by}`);
  const where = [sql`l.user_id = ${userId}`];
  const search = searchConditions(store, q, tags?.terms ?? [], scan);
  where.push(...search.where);
  const match = search.match;
  if (q.space_id !== undefined) where.push(q.space_id === 0 ? raw('l.space_id IS NULL') : sql`l.space_id = ${q.space_id}`);
  if (q.domain_id !== undefined) where.push(q.domain_id === 0 ? raw('l.domain_id IS NULL') : sql`l.domain_id = ${q.domain_id}`);
  if (q.pixel_id !== undefined) where.push(sql`EXISTS (SELECT 1 FROM link_pixels lp WHERE lp.link_id = l.id AND lp.pixel_id = ${q.pixel_id})`);
  if (tags?.keys.length) where.push(tagCondition(store, tags, read));
  return { where, match, filtered: where.length > 1 || match !== null, searched: search.where };
}

/** Every condition of `f`, the search index's included, and `extra`. */
export function conditions(store: LinkListStore, f: Filters, extra: Sql[] = []): Sql[] {
  return [...f.where, ...extra, ...(f.match !== null && store.searchIndex ? [store.searchIndex.has(f.match)] : [])];
}

/** The status filter of `q` (none for 0, every link). */
export function statusFilter(q: LinkListQuery, now: string): Sql[] {
  return q.status === 0 ? [] : [statusOf(q.status).where(now)];
}
