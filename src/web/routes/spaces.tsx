// Routes of the spaces list and the space editor (create, edit). Page components load lazily.
import { createRoute, lazyRouteComponent, stripSearchParams } from '@tanstack/react-router';
import { appRoute } from './app-layout';
import { spaceListQuerySchema } from '../../shared/space.schema';
import { spaceQueryOptions, spacesListQueryOptions } from '../features/spaces/spaces.queries';
import { SIMPLE_LIST_DEFAULTS } from '../components/resource-list/list-url';
import { LoadingState } from '../components/states';
import { RouteError } from '../components/route-error';
import { idParam } from '../lib/route-params';

export const spacesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/spaces',
  validateSearch: spaceListQuerySchema,
  search: { middlewares: [stripSearchParams(SIMPLE_LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(spacesListQueryOptions(deps)),
  component: lazyRouteComponent(() => import('../features/spaces/spaces-page'), 'SpacesPage'),
  pendingComponent: () => <LoadingState label="Loading spaces…" />,
  errorComponent: RouteError,
});

export const spaceNewRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/spaces/new',
  component: lazyRouteComponent(() => import('../features/spaces/space-editor-page'), 'SpaceCreatePage'),
  pendingComponent: () => <LoadingState />,
  errorComponent: RouteError,
});

export const spaceEditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/spaces/$spaceId/edit',
  params: idParam('spaceId'),
  loader: ({ context, params }) => context.queryClient.ensureQueryData(spaceQueryOptions(params.spaceId)),
  component: lazyRouteComponent(() => import('../features/spaces/space-editor-page'), 'SpaceEditPage'),
  pendingComponent: () => <LoadingState label="Loading space…" />,
  errorComponent: RouteError,
});

export const spaceRoutes = [spacesRoute, spaceNewRoute, spaceEditRoute];
