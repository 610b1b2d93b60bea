// Pure helpers for the URL state of the simple resource lists (domains, spaces, pixels, users): the URL
// query IS the API query (validated by the shared list schema); defaults are left out of the URL.
import type { Paginated, SortDirection } from '../../../shared/list-query';

export const SIMPLE_LIST_DEFAULTS = {
  search_by: 'name',
  sort_by: 'id',
  sort: 'desc',
  per_page: 10,
  page: 1,
} as const;

/** The sort select of a list sortable by id (creation) and name. */
export const ID_NAME_SORT_OPTIONS = [
  { value: 'id:desc', label: 'Newest first' },
  { value: 'id:asc', label: 'Oldest first' },
  { value: 'name:asc', label: 'Name A–Z' },
  { value: 'name:desc', label: 'Name Z–A' },
];

type SearchLike = Record<string, unknown> & { page?: number };

/** Applies a change to a list query: anything but `page` sends the user back to page 1; empty values are dropped. */
export function patchListSearch<T extends SearchLike>(prev: T, patch: Partial<T>): T {
  const next: Record<string, unknown> = { ...prev, ...patch };
  if (!('page' in patch)) next.page = 1;
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined || v === '' || v === null) delete next[k];
  }
  return next as T;
}

/** `id:desc` and back: the value of one sort select that covers column and direction. */
export function sortKey(sortBy: string, sort: SortDirection): string {
  return `${sortBy}:${sort}`;
}

export function parseSortKey<B extends string>(key: string, allowed: readonly B[]): { sort_by: B; sort: SortDirection } | null {
  const [by, dir] = key.split(':');
  if (!allowed.includes(by as B) || (dir !== 'asc' && dir !== 'desc')) return null;
  return { sort_by: by as B, sort: dir };
}

/** Clicking a column header: another column starts with its natural direction, the same column flips. */
export function toggleColumnSort<B extends string>(
  current: { sort_by: B; sort: SortDirection },
  column: B,
  naturalDirection: SortDirection,
): { sort_by: B; sort: SortDirection } {
  if (current.sort_by !== column) return { sort_by: column, sort: naturalDirection };
  return { sort_by: column, sort: current.sort === 'asc' ? 'desc' : 'asc' };
}

/** The page to show after a delete emptied the current one (the last page shrank). */
export function pageAfterDelete(meta: Paginated<unknown>['meta']): number {
  const remaining = meta.total - 1;
  const lastPage = Math.max(1, Math.ceil(remaining / meta.per_page));
  return Math.min(meta.current_page, lastPage);
}

/**
 * The last page when the URL's page is past the end of a list that has rows (page=99 of 3), else null.
 * The list routes' loaders redirect there; ListPagination offers it when data changed under the page.
 */
export function pastEndPage(meta: Pick<Paginated<unknown>['meta'], 'current_page' | 'last_page' | 'total'>): number | null {
  return meta.total > 0 && meta.current_page > meta.last_page ? Math.max(1, meta.last_page) : null;
}

export interface IdNameSort {
  sort_by: 'id' | 'name';
  sort: SortDirection;
}

/** Props of the <SortableTh> headers of a list sortable by id and name: names start A–Z, dates newest first. */
export function idNameColumnSort(current: IdNameSort, go: (sort: IdNameSort) => void) {
  return {
    sortBy: current.sort_by,
    sort: current.sort,
    onSort: (column: string) => {
      const c = column as IdNameSort['sort_by'];
      go(toggleColumnSort(current, c, c === 'name' ? 'asc' : 'desc'));
    },
  };
}
