// The link list (filters, search, sort, page) and its exact total, built for a million links per account.
// Rows: prepared SQL on the raw connection; a search sorted by id walks the FTS5 trigram index in rowid
// order and stops after one page. Total: the per-account counters (total, disabled) of migration 002,
// partial indexes for the expired rule, and for everything else a count that is cached until the
// account's `version` changes (triggers bump it whenever a filtered or searched column changes); a status
// over filters is the cached filtered total less its cached disabled links and its expired ones, counted live.
import type SQLite from 'better-sqlite3';
import type { LinkListQuery } from '../../shared/link.schema';
import { likePattern } from '../http/pagination';
import { CountCache, countKey } from './count-cache';
import type { LinkRow } from './links.repo';
import { tagKey } from '../../shared/tag.schema';

/**
 * The tag filter as a subquery of link ids: links with any of the account's tags named `keys` (name_key), or
 * with all of them (as many distinct matches as names: an unknown name makes that impossible, so nothing
 * matches). `keys` is a JSON array parameter on SQLite (json_each), an array on PostgreSQL (any()).
 */
export function tagSubquery(mode: 'any' | 'all', keysIn: string, count: string): string {
  const any = `SELECT lt.link_id FROM tags t JOIN link_tags lt ON lt.tag_id = t.id WHERE t.user_id = @user AND t.name_key IN (${keysIn})`;
  return mode === 'all' ? `${any} GROUP BY lt.link_id HAVING count(*) = ${count}` : any;
}

/** The same filter checked link by link (the link_tags primary key), for a page of links that many tags match. */
function tagProbe(mode: 'any' | 'all'): string {
  const tagged = `FROM link_tags lt JOIN tags t ON t.id = lt.tag_id WHERE lt.link_id = l.id AND t.user_id = @user
    AND t.name_key IN (SELECT value FROM json_each(@tags))`;
  return mode === 'all' ? `(SELECT count(*) ${tagged}) = @tagCount` : `EXISTS (SELECT 1 ${tagged})`;
}

/**
 * Share of an account's links a tag filter must match for a page to be read in the list's order, checking each
 * link's tags (it finds a page after about page size / share links); below it, the matching ids are collected
 * first and the page sorted from those. Collecting costs what the tags' index ranges hold: for `any` about the
 * matches, for `all` every link of each tag (however few have them all), hence a lower share there.
 */
const PROBE_SHARE = { any: 0.02, all: 0.002 };

/** FTS5 query for a substring in one column: the trigram tokenizer matches any 3+ character substring. */
export function ftsQuery(column: 'title' | 'alias' | 'url', term: string): string {
  return `${column} : "${term.replace(/"/g, '""')}"`;
}

/** The status rule of shared/link-status.ts as SQL (disabled > expired > active); `@now` is the current time. */
const EXPIRED = `((l.active_period_end_at IS NOT NULL AND l.active_period_end_at <= @now)
  OR (l.clicks_limit IS NOT NULL AND l.clicks >= l.clicks_limit))`;
export const STATUS_SQL: Record<1 | 2 | 3, string> = {
  1: `l.disabled = 0 AND NOT ${EXPIRED}`,
  2: `l.disabled = 0 AND ${EXPIRED}`,
  3: 'l.disabled = 1',
};

const SORT_COLUMNS = new Set(['id', 'clicks', 'title', 'alias', 'url']);

export interface Built {
  /** Conditions on `l` besides the owner, the FTS match and the status. */
  filters: string[];
  params: Record<string, unknown>;
  fts: string | null;
}

/** The list's filters as SQL on `l` (also the links export's, exports/link-export.ts). */
export function listFilters(userId: number, q: LinkListQuery, now: string, probeTags = false): Built {
  const filters: string[] = [];
  const params: Record<string, unknown> = { user: userId, now };
  let fts: string | null = null;
  if (q.search) {
    if ([...q.search].length >= 3) {
      fts = ftsQuery(q.search_by, q.search);
      params.match = fts;
    } else {
      filters.push(`l.${q.search_by} LIKE @like ESCAPE '\\'`);
      params.like = likePattern(q.search);
    }
  }
  if (q.space_id !== undefined) filters.push(q.space_id === 0 ? 'l.space_id IS NULL' : 'l.space_id = @space');
  if (q.domain_id !== undefined) filters.push(q.domain_id === 0 ? 'l.domain_id IS NULL' : 'l.domain_id = @domain');
  if (q.pixel_id !== undefined) filters.push('EXISTS (SELECT 1 FROM link_pixels lp WHERE lp.link_id = l.id AND lp.pixel_id = @pixel)');
  if (q.space_id) params.space = q.space_id;
  if (q.domain_id) params.domain = q.domain_id;
  if (q.pixel_id !== undefined) params.pixel = q.pixel_id;
  if (q.tag?.length) {
    const keys = [...new Set(q.tag.map(tagKey))];
    filters.push(probeTags ? tagProbe(q.tag_mode) : `l.id IN (${tagSubquery(q.tag_mode, 'SELECT value FROM json_each(@tags)', '@tagCount')})`);
    params.tags = JSON.stringify(keys);
    if (q.tag_mode === 'all') params.tagCount = keys.length;
  }
  return { filters, params, fts };
}

interface Counters {
  total: number;
  disabled: number;
  version: number;
}

export class LinkListRepo {
  private readonly statements = new Map<string, SQLite.Statement>();
  private readonly counts = new CountCache<number>();

  constructor(private readonly sqlite: SQLite.Database) {}

  private stmt(source: string): SQLite.Statement {
    let s = this.statements.get(source);
    if (!s) {
      if (this.statements.size > 500) this.statements.clear();
      s = this.sqlite.prepare(source);
      this.statements.set(source, s);
    }
    return s;
  }

  private counters(userId: number): Counters {
    const row = this.stmt('SELECT total, disabled, version FROM link_counters WHERE user_id = ?').get(userId) as Counters | undefined;
    return row ?? { total: 0, disabled: 0, version: 0 };
  }

  list(userId: number, q: LinkListQuery, now: string): { rows: LinkRow[]; total: number } {
    const counted = listFilters(userId, q, now);
    const total = this.count(userId, q, counted);
    // A tag filter that many links match: read the page in order, checking each link's tags (see PROBE_SHARE).
    const probe = !!q.tag?.length && total >= PROBE_SHARE[q.tag_mode] * this.counters(userId).total;
    const b = probe ? listFilters(userId, q, now, true) : counted;
    const where = ['l.user_id = @user', ...b.filters];
    if (q.status !== 0) where.push(STATUS_SQL[q.status]);
    const dir = q.sort === 'asc' ? 'ASC' : 'DESC';
    if (!SORT_COLUMNS.has(q.sort_by)) throw new Error(`unknown sort_by ${q.sort_by}`);
    const params = { ...b.params, limit: q.per_page, offset: (q.page - 1) * q.per_page };
    let source: string;
    if (b.fts && q.sort_by === 'id') {
      // Walk the search hits in id order and stop after a page.
      source = `SELECT l.* FROM links_fts f CROSS JOIN links l ON l.id = f.rowid
        WHERE links_fts MATCH @match AND ${where.join(' AND ')} ORDER BY f.rowid ${dir} LIMIT @limit OFFSET @offset`;
    } else {
      if (b.fts) where.push('l.id IN (SELECT rowid FROM links_fts WHERE links_fts MATCH @match)');
      // Untitled links (NULL title) come last in both directions: DESC puts NULLs last by itself, and for ASC
      // SQLite walks links_user_title twice (the titled range, then the NULL one), still without a sort.
      const nulls = q.sort_by === 'title' && dir === 'ASC' ? ' NULLS LAST' : '';
      source = `SELECT l.* FROM links l WHERE ${where.join(' AND ')}
        ORDER BY l.${q.sort_by} ${dir}${nulls}, l.id ${dir} LIMIT @limit OFFSET @offset`;
    }
    const rows = this.stmt(source).all(params) as LinkRow[];
    return { rows, total };
  }

  /**
   * Ids of every link of the account that the filters and status of `q` match (all of them, not a page),
   * newest first; with `only`, just those of these ids. For bulk work (links.bulk.repo.ts).
   */
  selectIds(userId: number, q: LinkListQuery, now: string, only?: number[]): number[] {
    const b = listFilters(userId, q, now);
    const where = ['l.user_id = @user', ...b.filters];
    if (q.status !== 0) where.push(STATUS_SQL[q.status]);
    if (b.fts) where.push('l.id IN (SELECT rowid FROM links_fts WHERE links_fts MATCH @match)');
    const params: Record<string, unknown> = { ...b.params };
    if (only) {
      where.push('l.id IN (SELECT value FROM json_each(@only))');
      params.only = JSON.stringify(only);
    }
    return this.stmt(`SELECT l.id FROM links l WHERE ${where.join(' AND ')} ORDER BY l.id DESC`).pluck().all(params) as number[];
  }

  private count(userId: number, q: LinkListQuery, b: Built): number {
    const c = this.counters(userId);
    const plain = b.filters.length === 0 && !b.fts;
    if (plain && q.status === 0) return c.total;
    if (plain && q.status === 3) return c.disabled;
    if (plain) {
      const expired = this.expiredCount(b.params);
      return q.status === 2 ? expired : c.total - c.disabled - expired;
    }
    const key = (part: string) => countKey(userId, part, q, String(b.params.tags ?? ''));
    // The filtered total and its disabled links depend on neither the time nor the clicks.
    const total = this.cached(key('all'), c, () =>
      !b.fts && b.filters.length === 1 && b.params.tags !== undefined ? this.tagCount(userId, q) : b.fts && b.filters.length === 0 ? this.searchCount(b.params, c) : this.countWhere(b, []),
    );
    if (q.status === 0) return total;
    const disabled = this.cached(key('disabled'), c, () => this.countWhere(b, [STATUS_SQL[3]]));
    if (q.status === 3) return disabled;
    // Active or expired: also until the clock reaches the next end date among the filtered links (a click
    // reaching a limit bumps the version, migration 015). Expired among the filtered: from the filter's side
    // when it matches fewer links than the account has expiry candidates (a rare tag), else from the partial
    // indexes of the expired rule, checking the filters.
    const now = b.params.now as string;
    const expired = this.cached(
      key('expired'),
      c,
      () => (total <= this.expiredCount(b.params) ? this.countWhere(b, [STATUS_SQL[2]]) : this.expiredCount(b.params, b)),
      { now, until: () => this.nextEnd(b) },
    );
    return q.status === 2 ? expired : Math.max(0, total - disabled - expired);
  }

  /**
   * A count cached until the account's version changes (the triggers bump it when a filtered column, a tag, a
   * pixel, `disabled`, an end date or a clicks limit changes, or a click reaches a limit), and with `clock`
   * until the time reaches `until()`, read when it is counted.
   */
  private cached(key: string, c: Counters, count: () => number, clock?: { now: string; until: () => string | null }): number {
    const hit = this.counts.get(key, c.version, clock?.now);
    if (hit !== undefined) return hit;
    const total = count();
    this.counts.set(key, c.version, total, clock?.until());
    return total;
  }

  /** The first end date after now among the filtered links that are not disabled (null: none ends). */
  private nextEnd(b: Built): string | null {
    const where = ['l.user_id = @user', 'l.disabled = 0', 'l.active_period_end_at IS NOT NULL', 'l.active_period_end_at > @now', ...b.filters];
    if (b.fts) where.push('l.id IN (SELECT rowid FROM links_fts WHERE links_fts MATCH @match)');
    const row = this.stmt(`SELECT l.active_period_end_at FROM links l INDEXED BY links_user_end WHERE ${where.join(' AND ')}
      ORDER BY l.active_period_end_at LIMIT 1`).pluck().get(b.params) as string | undefined;
    return row ?? null;
  }

  /**
   * Links with the tags when nothing else filters: link_tags alone answers (a tag's links are all of its own
   * account), without reading the links; one tag is a count of its index range.
   */
  private tagCount(userId: number, q: LinkListQuery): number {
    const keys = [...new Set((q.tag ?? []).map(tagKey))];
    const params = { user: userId, tags: JSON.stringify(keys), tagCount: keys.length };
    // One name: all is any. Several, any: the distinct links of their ranges.
    const ids = tagSubquery('any', 'SELECT value FROM json_each(@tags)', '@tagCount');
    if (q.tag_mode === 'all' && keys.length > 1) {
      // Every tag must exist; then the links of the smallest one, each checked for the others (primary key).
      const tags = this.stmt(`SELECT t.id, (SELECT count(*) FROM link_tags WHERE tag_id = t.id) AS n FROM tags t
        WHERE t.user_id = @user AND t.name_key IN (SELECT value FROM json_each(@tags)) ORDER BY n`).all(params) as { id: number; n: number }[];
      const [smallest, ...others] = tags;
      if (!smallest || tags.length < keys.length) return 0;
      return this.stmt(`SELECT count(*) FROM link_tags a WHERE a.tag_id = @first
        AND (SELECT count(*) FROM link_tags b WHERE b.link_id = a.link_id AND b.tag_id IN (SELECT value FROM json_each(@others))) = @more`)
        .pluck()
        .get({ first: smallest.id, others: JSON.stringify(others.map((t) => t.id)), more: others.length }) as number;
    }
    const source = keys.length === 1 ? ids.replace('SELECT lt.link_id', 'SELECT count(*)') : ids.replace('SELECT lt.link_id', 'SELECT count(DISTINCT lt.link_id)');
    return this.stmt(source).pluck().get(params) as number;
  }

  /**
   * Expired links of an account: by end date, plus by click limit among those whose end has not passed. With
   * `b`, only those its filters match (each candidate of the two partial indexes checked).
   */
  private expiredCount(params: Record<string, unknown>, b?: Built): number {
    const filters = b ? [...b.filters, ...(b.fts ? ['l.id IN (SELECT rowid FROM links_fts WHERE links_fts MATCH @match)'] : [])] : [];
    const and = filters.map((f) => ` AND ${f}`).join('');
    const byDate = this.stmt(`SELECT count(*) FROM links l INDEXED BY links_user_end WHERE l.user_id = @user
      AND l.disabled = 0 AND l.active_period_end_at IS NOT NULL AND l.active_period_end_at <= @now${and}`).pluck().get(params) as number;
    const byClicks = this.stmt(`SELECT count(*) FROM links l INDEXED BY links_user_limit_reached WHERE l.user_id = @user
      AND l.disabled = 0 AND l.clicks_limit IS NOT NULL AND l.clicks >= l.clicks_limit
      AND (l.active_period_end_at IS NULL OR l.active_period_end_at > @now)${and}`).pluck().get(params) as number;
    return byDate + byClicks;
  }

  /** Search hits of an account; when it owns every link, the search index alone answers. */
  private searchCount(params: Record<string, unknown>, c: Counters): number {
    const all = this.stmt('SELECT coalesce(sum(total), 0) FROM link_counters').pluck().get() as number;
    if (all === c.total) return this.stmt('SELECT count(*) FROM links_fts WHERE links_fts MATCH @match').pluck().get({ match: params.match }) as number;
    return this.stmt(`SELECT count(*) FROM links_fts f CROSS JOIN links l INDEXED BY links_id_user ON l.id = f.rowid
      WHERE links_fts MATCH @match AND l.user_id = @user`).pluck().get({ match: params.match, user: params.user }) as number;
  }

  private countWhere(b: Built, extra: string[]): number {
    const where = ['l.user_id = @user', ...b.filters, ...extra];
    if (b.fts) where.push('l.id IN (SELECT rowid FROM links_fts WHERE links_fts MATCH @match)');
    return this.stmt(`SELECT count(*) FROM links l WHERE ${where.join(' AND ')}`).pluck().get(b.params) as number;
  }
}
