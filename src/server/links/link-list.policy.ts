// The link list of GET /api/v1/links (filters, search, sort, page and exact total), the bulk API's selection and
// the export's batches, written once for both databases above a LinkListStore (link-list.store.ts), built for a
// million links per account. Each method is a plan (link-list-sql.ts) that the database's repository runs:
// LinkListRepo (SQLite, synchronous) and PgLinkListRepo (PostgreSQL). The totals: link-list-counts.ts.
import type { LinkListQuery } from '../../shared/link.schema';
import { searchTerms } from '../../shared/search-terms';
import type { LinkRow } from './links.repo';
import { CountCache } from './count-cache';
import { LinkListCounts, type Counters } from './link-list-counts';
import { conditions, filtersOf, namesRefs, resolveTags, statusFilter, type Filters, type Tags } from './link-list-filters';
import { and, count, column, raw, rows, sql, value, type Plan, type Sql } from './link-list-sql';
import { fromSeek, PageSeeks, type Seek } from './link-list-seeks';
import type { Direction, LinkListStore, TagRead } from './link-list.store';

/** Where the policy changes its way of reading a list (tests move them to take each way on small data). */
export interface ListTuning {
  /** How many links a page of a search may read along its sort column's index, link by link (see list). */
  scanRows: number;
  /** A search within at most this many tagged links reads those links first (see list). */
  taggedFirst: number;
  /** From this many rows skipped, a page is a deep one (LinkListStore.deepPagesById). */
  deepPage: number;
  /** How many of a large account's links a search's estimated total may check first (LinkListCounts). */
  estimateSample: number;
}

const TUNING: ListTuning = { scanRows: 20_000, taggedFirst: 25_000, deepPage: 1_000, estimateSample: 60_000 };

/** Each sort column's index of an account's links (migrations 001, 021): a scan walks it (see scanned). */
const SORT_INDEX: Record<LinkListQuery['sort_by'], string> = {
  id: 'links_user_id', clicks: 'links_user_clicks', title: 'links_user_title', alias: 'links_user_alias', url: 'links_user_url', created_at: 'links_user_created',
};

/** Which rows of an ordered list: `limit` of them after skipping `offset`, or after the id `after` (by id only). */
interface Slice {
  offset: number;
  limit: number;
  after?: number;
  /** The list's known row that `offset` counts from (link-list-seeks.ts). */
  seek?: Seek;
}

/** What list() reads before a page: see page(). */
interface PageInput {
  userId: number;
  q: LinkListQuery;
  tags: Tags | null;
  tagFirst: boolean;
  counted: Filters;
  read: TagRead;
  total: number;
  now: string;
  c: Counters;
}

export class LinkListPolicy {
  private readonly counts: LinkListCounts;
  private readonly tagCache = new CountCache<Tags>();
  private readonly seeks = new PageSeeks();

  private readonly tuning: ListTuning;

  constructor(
    private readonly store: LinkListStore,
    tuning: Partial<ListTuning> = {},
  ) {
    this.tuning = { ...TUNING, ...tuning };
    this.counts = new LinkListCounts(store, this.tuning.estimateSample);
  }

  /** One page of the account's list `q` at time `now`, with its total (`estimate`: past 10,000 matches of a search). */
  *list(userId: number, q: LinkListQuery, now: string): Plan<{ rows: LinkRow[]; total: number; estimate: boolean }> {
    const c = yield* this.counts.counters(userId);
    const tags = yield* this.tags(userId, q, c);
    // A search within few tagged links: those links first, each checked against the terms (the search index's hits
    // of a common term are many more, and each would be checked against the tags).
    const tagFirst = q.search !== undefined && !!tags?.keys.length && (yield* this.counts.tagged(userId, tags, c)) <= this.tuning.taggedFirst;
    const counted = tagFirst ? filtersOf(this.store, userId, q, tags, 'collect', true) : filtersOf(this.store, userId, q, tags);
    const { total, estimate } = yield* this.counts.total(userId, q, now, tags, c, counted);
    // The exact total decides how a tag filter reads its page (it is counted anyway, and mostly cached).
    const read: TagRead = tagFirst ? 'collect' : !tags?.keys.length ? 'set' : total >= this.store.probeShare[tags.mode] * c.total ? 'probe' : 'collect';
    const slice: Slice = { offset: (q.page - 1) * q.per_page, limit: q.per_page };
    // Past an exact total there is nothing to read (a search that matches nothing would walk its hits for it).
    if (!estimate && slice.offset >= total) return { rows: [], total, estimate };
    const page = { userId, q, tags, tagFirst, counted, read, total, now, c };
    // Title ascending where untitled links sort first is read in two parts, from the start.
    const twoParts = q.sort_by === 'title' && q.sort === 'asc' && !this.store.untitledLastAscending;
    if (twoParts) return { rows: yield* this.page(page, slice), total, estimate };
    // Clicks change with every visit, which the version does not follow: sorted by clicks, a seek also holds only
    // until the next click is written (each batch of clicks adds click events in the same transaction).
    const clicks = q.sort_by === 'clicks' ? `/${String(yield* value<number | string | null>(raw('SELECT max(id) FROM click_events')))}` : '';
    const version = c.version + clicks;
    // From the nearest row of this list read before (link-list-seeks.ts): a page that runs short there is read again
    // from the start (the seek compares titled links only; the last page).
    const key = this.seeks.key(userId, q, tags ? JSON.stringify(tags.keys) : '');
    const until = q.status === 0 ? null : yield* this.counts.statusUntil(`${key}\u0000until`, now, c, counted);
    const seek = this.seeks.near(key, version, now, slice.offset);
    let found = seek ? yield* this.page(page, { offset: slice.offset - seek.row, limit: slice.limit, seek }) : [];
    if (!seek || (found.length < slice.limit && q.sort_by === 'title' && seek.value !== null)) found = yield* this.page(page, slice);
    this.seeks.remember(key, version, now, until, q.sort_by, slice.offset, found);
    return { rows: found, total, estimate };
  }

  /** The rows of `slice` of the list (`p`: what list() read first), from its seek if it has one. */
  private *page(p: PageInput, slice: Slice): Plan<LinkRow[]> {
    const { userId, q, tags, tagFirst, counted, read, total, now, c } = p;
    // A search read in a column's order: link by link along that column's index when the page is reached
    // within scanRows links (the matches dense enough), rather than collecting every match from the search index.
    // (Sorted by id, a search the index answers alone walks its hits in id order instead: policy.rows.)
    const dense = total > 0 && ((slice.offset + slice.limit) * c.total) / total <= this.tuning.scanRows;
    if (slice.seek && dense) {
      // From a seek close enough to the page: along the sort column's index from the seek, every filter checked
      // link by link (a common term's search index hits, or a filter's collected links, are many more).
      const f = filtersOf(this.store, userId, q, tags, 'probe', true);
      const from = [sql`l.user_id = ${userId}`, ...this.seekFrom(q, slice)];
      const found = yield* this.scanned(q, { ...f, where: [...f.where, ...statusFilter(q, now)] }, slice, from);
      if (found) return found;
    }
    const hitsPath = q.sort_by === 'id' && counted.match !== null && this.store.searchIndex !== null;
    const scan = q.search !== undefined && !hitsPath && dense;
    const f = (read === 'set' || tagFirst) && !scan ? counted : filtersOf(this.store, userId, q, tags, read, scan || tagFirst);
    const where = [...f.where, ...statusFilter(q, now)];
    if (q.sort_by === 'title' && q.sort === 'asc' && !this.store.untitledLastAscending) {
      return yield* this.titledFirst(q, { ...f, where }, slice, total);
    }
    if (scan) {
      // The matches may bunch up far along the order (correlated with it): past scanRows links, collect instead.
      const found = yield* this.scanned(q, { ...f, where: [...where, ...this.seekFrom(q, slice)] }, slice);
      if (found) return found;
      const collected = filtersOf(this.store, userId, q, tags, read, tagFirst);
      return yield* this.rows(q, { ...collected, where: [...collected.where, ...statusFilter(q, now)] }, slice);
    }
    return yield* this.rows(q, { ...f, where }, slice);
  }

  /** The seek's condition on `l` (none without one). */
  private seekFrom(q: LinkListQuery, slice: Slice, id?: Sql): Sql[] {
    return slice.seek ? [fromSeek(this.store, q.sort_by, q.sort === 'asc' ? 'ASC' : 'DESC', slice.seek, id)] : [];
  }

  /**
   * The page read link by link in the order of `q`, within a window of scanRows links along the sort column's index;
   * null when the window holds too few matches for the page (the caller collects them instead). The window is the
   * links that the filters other than the search select (`from`: only these conditions; the others are checked on
   * the window's links).
   */
  private *scanned(q: LinkListQuery, f: Filters, slice: Slice, from?: Sql[]): Plan<LinkRow[] | null> {
    const dir: Direction = q.sort === 'asc' ? 'ASC' : 'DESC';
    // The window keeps the name `l`, so that the same order and conditions apply outside it (both databases read
    // its rows in that order, without sorting them again).
    const order = sql`${this.store.order(q.sort_by, dir)}, l.id ${raw(dir)}`;
    const inWindow = from ?? f.where.filter((w) => !f.searched.includes(w));
    const outside = from ? f.where : f.searched;
    // Along the sort column's index, checking the other filters link by link (a status's partial index would have
    // every one of its links sorted first).
    const window = sql`SELECT l.* FROM links l${this.store.through(SORT_INDEX[q.sort_by])} WHERE ${and(inWindow)} ORDER BY ${order} LIMIT ${this.tuning.scanRows}`;
    const found = yield* rows<LinkRow>(sql`SELECT l.* FROM (${window}) l WHERE ${and(outside)} ORDER BY ${order} LIMIT ${slice.limit} OFFSET ${slice.offset}`);
    return found.length === slice.limit ? found : null;
  }

  /**
   * The tags of `q`, kept until the account's version changes: renaming or deleting a tag bumps it, and so does
   * tagging a link (a new tag that no link carries matches nothing either way).
   */
  private *tags(userId: number, q: LinkListQuery, c: Counters): Plan<Tags | null> {
    if (!q.tag?.length && !namesRefs(this.store, q)) return null;
    const key = [userId, q.tag_mode, q.search_by, q.search ?? '', ...(q.tag ?? [])].join('\u0000');
    const hit = this.tagCache.get(key, c.version);
    if (hit) return hit;
    const tags = yield* resolveTags(this.store, userId, q);
    if (tags) this.tagCache.set(key, c.version, tags);
    return tags;
  }

  /**
   * Ids of every link of the account that the filters and status of `q` match (all of them, not a page), newest
   * first; with `only`, just those of these ids. For bulk work (links.bulk.repo.ts).
   */
  *selectIds(userId: number, q: LinkListQuery, now: string, only?: readonly number[]): Plan<number[]> {
    const f = filtersOf(this.store, userId, q, yield* this.tags(userId, q, yield* this.counts.counters(userId)));
    const where = conditions(this.store, f, [...statusFilter(q, now), ...(only ? [this.store.isIn(raw('l.id'), only, 'int')] : [])]);
    return yield* column<number>(sql`SELECT l.id FROM links l WHERE ${and(where)} ORDER BY l.id DESC`);
  }

  /**
   * Up to `limit` links of the list `q` (its filters and status) after the id `after`, in id order (the export,
   * batch by batch: its tags and terms, a short term's frequency among them, are read once, as for a page).
   */
  *after(userId: number, q: LinkListQuery, now: string, after: number, limit: number): Plan<LinkRow[]> {
    const f = filtersOf(this.store, userId, q, yield* this.tags(userId, q, yield* this.counts.counters(userId)));
    return yield* this.rows({ ...q, sort_by: 'id', sort: 'asc' }, { ...f, where: [...f.where, ...statusFilter(q, now)] }, { offset: 0, limit, after });
  }

  /**
   * Rows of `f` in the order of `q`. A search through the search index sorted by id walks its hits in id order and
   * stops after the slice; other sorts read the account's index on the sort column.
   */
  private *rows(q: LinkListQuery, f: Filters, slice: Slice): Plan<LinkRow[]> {
    const dir: Direction = q.sort === 'asc' ? 'ASC' : 'DESC';
    const index = this.store.searchIndex;
    const page = sql` LIMIT ${slice.limit} OFFSET ${slice.offset}`;
    if (index && f.match !== null && q.sort_by === 'id') {
      const hits = index.hits(f.match);
      const where = [hits.where, ...f.where, ...this.keyset(hits.id, slice), ...this.seekFrom(q, slice, hits.id)];
      return yield* rows<LinkRow>(sql`SELECT l.* FROM ${hits.from} WHERE ${and(where)} ORDER BY ${hits.id} ${raw(dir)}${page}`);
    }
    const where = conditions(this.store, f, [...this.keyset(raw('l.id'), slice), ...this.seekFrom(q, slice)]);
    const order = sql`${this.store.order(q.sort_by, dir)}, l.id ${raw(dir)}`;
    if (this.store.deepPagesById && slice.offset >= this.tuning.deepPage) {
      // The rows skipped are read as ids from the sort column's index alone; only the page's rows are fetched.
      const ids = sql`SELECT l.id FROM links l WHERE ${and(where)} ORDER BY ${order}${page}`;
      return yield* rows<LinkRow>(sql`SELECT l.* FROM links l WHERE l.id IN (${ids}) ORDER BY ${order}`);
    }
    return yield* rows<LinkRow>(sql`SELECT l.* FROM links l WHERE ${and(where)} ORDER BY ${order}${page}`);
  }

  private keyset(id: Sql, slice: Slice): Sql[] {
    return slice.after === undefined ? [] : [sql`${id} > ${slice.after}`];
  }

  /**
   * Title ascending with untitled links last where the store's order puts them first: the titled part of the page,
   * then, when it runs short, the untitled part, each read from the title index in order (one query with NULLS
   * LAST would sort every link of the account there).
   */
  private *titledFirst(q: LinkListQuery, f: Filters, slice: Slice, total: number): Plan<LinkRow[]> {
    const part = (untitled: boolean): Filters => ({ ...f, where: [...f.where, raw(untitled ? 'l.title IS NULL' : 'l.title IS NOT NULL')] });
    const titled = yield* this.rows(q, part(false), slice);
    // A title search never matches an untitled link.
    if (titled.length === slice.limit || searchTerms(q.search, q.search_by).some((t) => t.by === 'title')) return titled;
    // A page past the titled links starts that far into the untitled ones.
    const untitledCount = titled.length > 0 ? 0 : yield* count(sql`SELECT count(*) FROM links l WHERE ${and(conditions(this.store, part(true)))}`);
    const start = titled.length > 0 ? 0 : slice.offset - (total - untitledCount);
    if (start < 0) return titled;
    return [...titled, ...(yield* this.rows(q, part(true), { offset: start, limit: slice.limit - titled.length }))];
  }
}
