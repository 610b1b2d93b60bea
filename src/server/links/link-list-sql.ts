// The link list's filters and status as SQL on SQLite (`l` is the links table): shared by the list
// (link-list.repo.ts), its totals (link-list-counts.ts) and the links export (exports/link-export.ts).
import type { LinkListQuery } from '../../shared/link.schema';
import { likePattern } from '../http/pagination';
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

/** The same with the tags' ids known (`@tagIds`): one lookup in link_tags by the link. */
function tagIdProbe(mode: 'any' | 'all'): string {
  const tagged = 'FROM link_tags lt WHERE lt.link_id = l.id AND lt.tag_id IN (SELECT value FROM json_each(@tagIds))';
  return mode === 'all' ? `(SELECT count(*) ${tagged}) = @tagCount` : `EXISTS (SELECT 1 ${tagged})`;
}

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

export interface Built {
  /** Conditions on `l` besides the owner, the FTS match and the status. */
  filters: string[];
  params: Record<string, unknown>;
  fts: string | null;
}

/** The FTS match of a search of 3+ characters, as a condition on `l`. */
const FTS_MATCH = 'l.id IN (SELECT rowid FROM links_fts WHERE links_fts MATCH @match)';

/** Every condition of `b` on `l`, to join with AND: the owner, its filters, `extra`, and its search's FTS match. */
export function whereOf(b: Built, extra: string[] = []): string[] {
  return ['l.user_id = @user', ...b.filters, ...extra, ...(b.fts ? [FTS_MATCH] : [])];
}

/**
 * The list's filters as SQL on `l` (also the links export's, exports/link-export.ts). The tag filter is a
 * subquery of the tags' links, or with `probeTags` checked link by link; given the tags' ids (`tagIds`), it is
 * checked link by link against those (a few times faster for links read from another index).
 */
export function listFilters(userId: number, q: LinkListQuery, now: string, probeTags = false, tagIds?: number[]): Built {
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
    filters.push(tagIds ? tagIdProbe(q.tag_mode) : probeTags ? tagProbe(q.tag_mode) : `l.id IN (${tagSubquery(q.tag_mode, 'SELECT value FROM json_each(@tags)', '@tagCount')})`);
    params.tags = JSON.stringify(keys);
    if (tagIds) params.tagIds = JSON.stringify(tagIds);
    if (q.tag_mode === 'all') params.tagCount = keys.length;
  }
  return { filters, params, fts };
}
