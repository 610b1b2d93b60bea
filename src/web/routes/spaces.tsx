// Routes of the spaces list and the space editor (create, edit). Page components load lazily.
import { createRoute, lazyRouteComponent, redirect, stripSearchParams } from '@tanstack/react-router';
import { appRoute } from './app-layout';
import { spaceListQuerySchema } from '../../shared/space.schema';
import { spaceQueryOptions, spacesListQueryOptions } from '../features/spaces/spaces.queries';
import { SIMPLE_LIST_DEFAULTS, pastEndPage } from '../components/resource-list/list-url';
import { LoadingState } from '../components/states';
import { RouteError } from '../components/route-error';
import { idParam } from '../lib/route-params';
import { editTitle, titleHead } from '../lib/page-title';

export const spacesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/spaces',
  head: () => titleHead('Spaces'),
  validateSearch: spaceListQuerySchema,
  search: { middlewares: [stripSearchParams(SIMPLE_LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const list = await context.queryClient.ensureQueryData(spacesListQueryOptions(deps));
    // Past the end (page=99 of 3): the last page, replacing the URL.
    const last = pastEndPage(list.meta);
    if (last !== null) throw redirect({ to: '/spaces', search: { ...deps, page: last }, replace: true });
    return list;
  },
  component: lazyRouteComponent(() => import('../features/spaces/spaces-page'), 'SpacesPage'),
  pendingComponent: () => <LoadingState label="Loading spaces…" />,
  errorComponent: RouteError,
});

export const spaceNewRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/spaces/new',
  head: () => titleHead('New space'),
  component: lazyRouteComponent(() => import('../features/spaces/space-editor-page'), 'SpaceCreatePage'),
  pendingComponent: () => <LoadingState />,
  errorComponent: RouteError,
});

export const spaceEditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/spaces/$spaceId/edit',
  params: idParam('spaceId'),
  loader: ({ context, params }) => context.queryClient.ensureQueryData(spaceQueryOptions(params.spaceId)),
  head: ({ loaderData }) => titleHead(editTitle('space', loaderData?.name)),
  component: lazyRouteComponent(() => import('../features/spaces/space-editor-page'), 'SpaceEditPage'),
  pendingComponent: () => <LoadingState label="Loading space…" />,
  errorComponent: RouteError,
});

export const spaceRoutes = [spacesRoute, spaceNewRoute, spaceEditRoute];
