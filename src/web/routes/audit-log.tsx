// The route of the audit log: its URL query is GET /audit-log's (the shared schema validates it). The page
// loads lazily.
import { createRoute, redirect, stripSearchParams } from '@tanstack/react-router';
import { lazyPage } from '../lib/lazy-page';
import { appRoute } from './app-layout';
import { auditLogQuerySchema } from '../../shared/audit.schema';
import { auditListQueryOptions } from '../features/audit/audit.queries';
import { AUDIT_DEFAULTS, auditUrlForm } from '../features/audit/audit-url';
import { pastEndPage } from '../components/resource-list/list-url';
import { LoadingState } from '../components/states';
import { RouteError } from '../components/route-error';
import { titleHead } from '../lib/page-title';

export const auditLogRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/audit-log',
  head: () => titleHead('Audit log'),
  validateSearch: auditLogQuerySchema,
  search: { middlewares: [stripSearchParams(AUDIT_DEFAULTS), ({ search, next }) => auditUrlForm(next(search))] },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const list = await context.queryClient.ensureQueryData({ ...auditListQueryOptions(deps), revalidateIfStale: true });
    // Past the end (page=99 of 3): the last page, replacing the URL.
    const last = pastEndPage(list.meta);
    if (last !== null) throw redirect({ to: '/audit-log', search: { ...deps, page: last }, replace: true });
  },
  component: lazyPage(() => import('../features/audit/audit-page'), 'AuditPage'),
  pendingComponent: () => <LoadingState label="Loading the audit log…" />,
  errorComponent: RouteError,
});

export const auditRoutes = [auditLogRoute];
