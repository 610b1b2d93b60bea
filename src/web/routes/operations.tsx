// The route of the bulk operations history (undo within 24 hours). The page loads lazily.
import { createRoute, redirect, stripSearchParams } from '@tanstack/react-router';
import { lazyPage } from '../lib/lazy-page';
import { z } from 'zod';
import { appRoute } from './app-layout';
import { pagingFields } from '../../shared/list-query';
import { operationsListQueryOptions } from '../features/operations/operations.queries';
import { pastEndPage } from '../components/resource-list/list-url';
import { LoadingState } from '../components/states';
import { RouteError } from '../components/route-error';
import { titleHead } from '../lib/page-title';

export const operationsSearchSchema = z.object({ per_page: pagingFields.per_page, page: pagingFields.page });

export const operationsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/operations',
  head: () => titleHead('Operations'),
  validateSearch: operationsSearchSchema,
  search: { middlewares: [stripSearchParams({ per_page: 10, page: 1 })] },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const list = await context.queryClient.ensureQueryData(operationsListQueryOptions(deps));
    const last = pastEndPage(list.meta);
    if (last !== null) throw redirect({ to: '/operations', search: { ...deps, page: last }, replace: true });
  },
  component: lazyPage(() => import('../features/operations/operations-page'), 'OperationsPage'),
  pendingComponent: () => <LoadingState label="Loading operations…" />,
  errorComponent: RouteError,
});

export const operationRoutes = [operationsRoute];
