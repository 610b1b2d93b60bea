// The tags page (lazy), generated: search, sort, page size and pages in the URL; rename, colour and delete in place.
import { resourceListRoute } from './resource-routes';
import { tagListQuerySchema } from '../../shared/tag.schema';
import { tagQueries } from '../features/tags/tags.queries';

export const tagRoutes = [
  resourceListRoute({ path: '/tags', title: 'Tags', search: tagListQuerySchema, queries: tagQueries, page: [() => import('../features/tags/tags-page'), 'TagsPage'] }),
];
