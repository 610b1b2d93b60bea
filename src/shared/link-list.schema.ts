// Query of GET /api/v1/links (seed's list parameters). Also the URL query of the dashboard's links page.
import { z } from 'zod';
import { MAX_ID, queryEnum, queryInt, queryNumberEnum, querySearch } from './fields';
import { pagingFields } from './list-query';

export const LINK_SORT_BY = ['id', 'clicks', 'title', 'alias', 'url'] as const;
export const LINK_SEARCH_BY = ['title', 'alias', 'url'] as const;

/** The list's filters: also the selection of the bulk API and of the export. */
export const linkFilterFields = {
  search: querySearch,
  search_by: queryEnum(LINK_SEARCH_BY, 'title'),
  status: queryNumberEnum([0, 1, 2, 3] as const, 0),
  space_id: queryInt(0, MAX_ID),
  domain_id: queryInt(0, MAX_ID),
  pixel_id: queryInt(1, MAX_ID),
};

export const linkListQuerySchema = z.object({
  ...linkFilterFields,
  sort_by: queryEnum(LINK_SORT_BY, 'id'),
  ...pagingFields,
});

export type LinkListQuery = z.output<typeof linkListQuerySchema>;
export type LinkListSearch = z.input<typeof linkListQuerySchema>;

