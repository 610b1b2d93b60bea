// The tags page (lazy): search, sort, page size and pages in the URL; rename, colour and delete in place.
import { createRoute, lazyRouteComponent, redirect, stripSearchParams } from '@tanstack/react-router';
import { appRoute } from './app-layout';
import { tagListQuerySchema } from '../../shared/tag.schema';
import { tagsListQueryOptions } from '../features/tags/tags.queries';
import { SIMPLE_LIST_DEFAULTS, pastEndPage } from '../components/resource-list/list-url';
import { LoadingState } from '../components/states';
import { RouteError } from '../components/route-error';
import { titleHead } from '../lib/page-title';

export const tagsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/tags',
  head: () => titleHead('Tags'),
  validateSearch: tagListQuerySchema,
  search: { middlewares: [stripSearchParams(SIMPLE_LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const list = await context.queryClient.ensureQueryData(tagsListQueryOptions(deps));
    const last = pastEndPage(list.meta);
    if (last !== null) throw redirect({ to: '/tags', search: { ...deps, page: last }, replace: true });
    return list;
  },
  component: lazyRouteComponent(() => import('../features/tags/tags-page'), 'TagsPage'),
  pendingComponent: () => <LoadingState label="Loading tags…" />,
  errorComponent: RouteError,
});

export const tagRoutes = [tagsRoute];
