// Routes of the pixels list and the pixel editor (create, edit). Page components load lazily.
import { createRoute, lazyRouteComponent, stripSearchParams } from '@tanstack/react-router';
import { appRoute } from './app-layout';
import { pixelListQuerySchema } from '../../shared/pixel.schema';
import { pixelQueryOptions, pixelsListQueryOptions } from '../features/pixels/pixels.queries';
import { SIMPLE_LIST_DEFAULTS } from '../components/resource-list/list-url';
import { LoadingState } from '../components/states';
import { RouteError } from '../components/route-error';
import { idParam } from '../lib/route-params';

export const pixelsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/pixels',
  validateSearch: pixelListQuerySchema,
  search: { middlewares: [stripSearchParams(SIMPLE_LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(pixelsListQueryOptions(deps)),
  component: lazyRouteComponent(() => import('../features/pixels/pixels-page'), 'PixelsPage'),
  pendingComponent: () => <LoadingState label="Loading pixels…" />,
  errorComponent: RouteError,
});

export const pixelNewRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/pixels/new',
  component: lazyRouteComponent(() => import('../features/pixels/pixel-editor-page'), 'PixelCreatePage'),
  pendingComponent: () => <LoadingState />,
  errorComponent: RouteError,
});

export const pixelEditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/pixels/$pixelId/edit',
  params: idParam('pixelId'),
  loader: ({ context, params }) => context.queryClient.ensureQueryData(pixelQueryOptions(params.pixelId)),
  component: lazyRouteComponent(() => import('../features/pixels/pixel-editor-page'), 'PixelEditPage'),
  pendingComponent: () => <LoadingState label="Loading pixel…" />,
  errorComponent: RouteError,
});

export const pixelRoutes = [pixelsRoute, pixelNewRoute, pixelEditRoute];
