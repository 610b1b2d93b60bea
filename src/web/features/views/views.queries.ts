// Saved views (GET/POST/PUT/DELETE /api/v1/views): reads and writes from the resource factory; `lookup` is every
// view by name, for the links page's views bar. A view changes no other resource.
import { resourceQueries } from '../../lib/resource-queries';
import type { View, ViewCreateBody, ViewListQuery, ViewUpdateBody } from '../../../shared/view.schema';

export const viewQueries = resourceQueries<View, ViewCreateBody, ViewUpdateBody, ViewListQuery>({ name: 'views' });
