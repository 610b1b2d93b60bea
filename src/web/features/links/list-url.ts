// URL state of the links list: the URL query IS the API query (linkListQuerySchema); defaults are left out.
import type { LinkListQuery } from '../../../shared/link.schema';

export const LINK_LIST_DEFAULTS = {
  search_by: 'title',
  status: 0,
  tag_mode: 'any',
  sort_by: 'id',
  sort: 'desc',
  per_page: 10,
  page: 1,
} as const satisfies Partial<LinkListQuery>;

/** How many filters narrow the list (status, space, domain, pixel, tags; the search is not counted). */
export function filterCount(query: Pick<LinkListQuery, 'status' | 'space_id' | 'domain_id' | 'pixel_id' | 'tag'>): number {
  return [query.status !== 0, query.space_id !== undefined, !!query.domain_id, !!query.pixel_id, !!query.tag?.length].filter(Boolean).length;
}

/** A change of anything but the page sends the user back to page 1. */
export function withFilter<T extends Partial<LinkListQuery>>(prev: T, patch: Partial<LinkListQuery>): T {
  const next = { ...prev, ...patch } as T;
  if (!('page' in patch)) next.page = 1;
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined || v === '' || v === null) delete (next as Record<string, unknown>)[k];
  }
  return next;
}

/** Clicking a column header: a new column sorts descending, the same column flips direction. */
export function toggleSort(
  current: Pick<LinkListQuery, 'sort_by' | 'sort'>,
  column: LinkListQuery['sort_by'],
): Pick<LinkListQuery, 'sort_by' | 'sort'> {
  if (current.sort_by !== column) return { sort_by: column, sort: column === 'title' || column === 'alias' || column === 'url' ? 'asc' : 'desc' };
  return { sort_by: column, sort: current.sort === 'asc' ? 'desc' : 'asc' };
}

/**
 * The list query as the links route writes it into the URL: the tag filter as `tag=a,b` (the router would write a
 * list as JSON; the shared schema reads the comma-separated names back), and `search_by` only with a search.
 */
export function urlForm<T extends { tag?: unknown; search?: unknown; search_by?: unknown }>(search: T): T {
  const out = { ...search };
  if (Array.isArray(out.tag)) out.tag = out.tag.length ? out.tag.join(',') : undefined;
  if (out.search === undefined || out.search === '') delete out.search_by;
  return out;
}
