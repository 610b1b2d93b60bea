// Routes of the pixels list and the pixel editor (create, edit). Page components load lazily.
import { createRoute, lazyRouteComponent, redirect, stripSearchParams } from '@tanstack/react-router';
import { appRoute } from './app-layout';
import { pixelListQuerySchema } from '../../shared/pixel.schema';
import { pixelQueryOptions, pixelsListQueryOptions } from '../features/pixels/pixels.queries';
import { SIMPLE_LIST_DEFAULTS, pastEndPage } from '../components/resource-list/list-url';
import { LoadingState } from '../components/states';
import { RouteError } from '../components/route-error';
import { idParam } from '../lib/route-params';
import { editTitle, titleHead } from '../lib/page-title';

export const pixelsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/pixels',
  head: () => titleHead('Pixels'),
  validateSearch: pixelListQuerySchema,
  search: { middlewares: [stripSearchParams(SIMPLE_LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const list = await context.queryClient.ensureQueryData(pixelsListQueryOptions(deps));
    // Past the end (page=99 of 3): the last page, replacing the URL.
    const last = pastEndPage(list.meta);
    if (last !== null) throw redirect({ to: '/pixels', search: { ...deps, page: last }, replace: true });
    return list;
  },
  component: lazyRouteComponent(() => import('../features/pixels/pixels-page'), 'PixelsPage'),
  pendingComponent: () => <LoadingState label="Loading pixels…" />,
  errorComponent: RouteError,
});

export const pixelNewRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/pixels/new',
  head: () => titleHead('New pixel'),
  component: lazyRouteComponent(() => import('../features/pixels/pixel-editor-page'), 'PixelCreatePage'),
  pendingComponent: () => <LoadingState />,
  errorComponent: RouteError,
});

export const pixelEditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/pixels/$pixelId/edit',
  params: idParam('pixelId'),
  loader: ({ context, params }) => context.queryClient.ensureQueryData(pixelQueryOptions(params.pixelId)),
  head: ({ loaderData }) => titleHead(editTitle('pixel', loaderData?.name)),
  component: lazyRouteComponent(() => import('../features/pixels/pixel-editor-page'), 'PixelEditPage'),
  pendingComponent: () => <LoadingState label="Loading pixel…" />,
  errorComponent: RouteError,
});

export const pixelRoutes = [pixelsRoute, pixelNewRoute, pixelEditRoute];
