// Routes of the domains list and the domain editor (create, edit). Page components load lazily.
import { createRoute, lazyRouteComponent, redirect, stripSearchParams } from '@tanstack/react-router';
import { appRoute } from './app-layout';
import { domainListQuerySchema } from '../../shared/domain.schema';
import { domainQueryOptions, domainsListQueryOptions } from '../features/domains/domains.queries';
import { SIMPLE_LIST_DEFAULTS, pastEndPage } from '../components/resource-list/list-url';
import { LoadingState } from '../components/states';
import { RouteError } from '../components/route-error';
import { idParam } from '../lib/route-params';
import { editTitle, titleHead } from '../lib/page-title';

export const domainsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/domains',
  head: () => titleHead('Domains'),
  validateSearch: domainListQuerySchema,
  search: { middlewares: [stripSearchParams(SIMPLE_LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const list = await context.queryClient.ensureQueryData(domainsListQueryOptions(deps));
    // Past the end (page=99 of 3): the last page, replacing the URL.
    const last = pastEndPage(list.meta);
    if (last !== null) throw redirect({ to: '/domains', search: { ...deps, page: last }, replace: true });
    return list;
  },
  component: lazyRouteComponent(() => import('../features/domains/domains-page'), 'DomainsPage'),
  pendingComponent: () => <LoadingState label="Loading domains…" />,
  errorComponent: RouteError,
});

export const domainNewRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/domains/new',
  head: () => titleHead('New domain'),
  component: lazyRouteComponent(() => import('../features/domains/domain-editor-page'), 'DomainCreatePage'),
  pendingComponent: () => <LoadingState />,
  errorComponent: RouteError,
});

export const domainEditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/domains/$domainId/edit',
  params: idParam('domainId'),
  loader: ({ context, params }) => context.queryClient.ensureQueryData(domainQueryOptions(params.domainId)),
  head: ({ loaderData }) => titleHead(editTitle('domain', loaderData?.name)),
  component: lazyRouteComponent(() => import('../features/domains/domain-editor-page'), 'DomainEditPage'),
  pendingComponent: () => <LoadingState label="Loading domain…" />,
  errorComponent: RouteError,
});

export const domainRoutes = [domainsRoute, domainNewRoute, domainEditRoute];
