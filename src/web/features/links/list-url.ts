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

type SearchBy = LinkListQuery['search_by'];

const SCHEME_OR_WWW = /^([a-z][a-z0-9+.-]*:\/\/|www\.)/i;
const ALIAS_CHARS = /^[A-Za-z0-9_-]+$/;
const HOST_LIKE = /^[^\s/]+\.[a-z]{2,}(\/\S*)?$/i;

/** Could the term be (part of) an alias? One word of alias characters. */
export function isAliasLike(term: string): boolean {
  return ALIAS_CHARS.test(term.trim());
}

/**
 * Where the dashboard searches a typed term when the user has not chosen (the API's own default stays title):
 * an address (`https://…`, `www.…`, `shop.example.com/x`, anything with a slash) in the destination, one word
 * that looks made for an alias (letters with a digit, `-` or `_`: `spring-sale`, `q3promo`, `go_x12`) in the
 * alias, anything else (words, a number) in the title.
 */
export function guessSearchBy(term: string): SearchBy {
  const t = term.trim();
  if (SCHEME_OR_WWW.test(t)) return 'url';
  if (/\s/.test(t)) return 'title';
  if (isAliasLike(t) && /[A-Za-z]/.test(t) && /[\d_-]/.test(t)) return 'alias';
  if (HOST_LIKE.test(t) || t.includes('/')) return 'url';
  return 'title';
}

/** Other places worth trying when the guessed one finds nothing: the alias only for one alias-like word. */
export function otherSearchFields(term: string, tried: SearchBy): SearchBy[] {
  const t = term.trim();
  const fields: SearchBy[] = /\s/.test(t) ? ['title'] : isAliasLike(t) ? ['title', 'alias', 'url'] : ['title', 'url'];
  return fields.filter((f) => f !== tried);
}
