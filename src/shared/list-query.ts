// Common pieces of list queries: the URL query of a dashboard list page is exactly this API query.
import { PER_PAGE_OPTIONS, SORT_DIRECTIONS } from './enums';
import { queryEnum, queryInt, queryNumberEnum, querySearch } from './fields';

export const pagingFields = {
  sort: queryEnum(SORT_DIRECTIONS, 'desc'),
  per_page: queryNumberEnum(PER_PAGE_OPTIONS, 10),
  page: queryInt(1).transform((v) => v ?? 1),
};

export function listQuery<const S extends readonly [string, ...string[]], const B extends readonly [string, ...string[]]>(
  searchBy: S,
  sortBy: B,
) {
  return {
    search: querySearch,
    search_by: queryEnum(searchBy, searchBy[0]),
    sort_by: queryEnum(sortBy, sortBy[0]),
    ...pagingFields,
  };
}

export interface Paginated<T> {
  data: T[];
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: {
    current_page: number;
    from: number | null;
    last_page: number;
    path: string;
    per_page: number;
    to: number | null;
    total: number;
    total_is_estimate?: boolean;
  };
  status: 200;
}

export type SortDirection = (typeof SORT_DIRECTIONS)[number];
