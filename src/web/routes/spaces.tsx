// Routes of the spaces list and the space editor (create, edit), generated. Page components load lazily.
import { resourceRoutes } from './resource-routes';
import { spaceListQuerySchema } from '../../shared/space.schema';
import { spaceQueries } from '../features/spaces/spaces.queries';

export const spaceRoutes = resourceRoutes({
  path: '/spaces',
  idParam: 'spaceId',
  noun: 'space',
  title: 'Spaces',
  search: spaceListQuerySchema,
  writeScope: 'spaces:write',
  queries: spaceQueries,
  pages: {
    list: [() => import('../features/spaces/spaces-page'), 'SpacesPage'],
    create: [() => import('../features/spaces/space-editor-page'), 'SpaceCreatePage'],
    edit: [() => import('../features/spaces/space-editor-page'), 'SpaceEditPage'],
  },
});
