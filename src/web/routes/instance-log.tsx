// The route of the instance log (instance admins only): its URL query is GET /instance/audit-log's, the audit log's
// (the shared schema validates it). The page loads lazily.
import { createRoute, redirect, stripSearchParams } from '@tanstack/react-router';
import { lazyPage } from '../lib/lazy-page';
import { appRoute } from './app-layout';
import { auditLogQuerySchema } from '../../shared/audit.schema';
import { instanceLogQueryOptions } from '../features/audit/audit.queries';
import { AUDIT_DEFAULTS, auditUrlForm } from '../features/audit/audit-url';
import { accountQueryOptions } from '../lib/session.queries';
import { pastEndPage } from '../components/resource-list/list-url';
import { LoadingState } from '../components/states';
import { RouteError } from '../components/route-error';
import { titleHead } from '../lib/page-title';

export const instanceLogRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/instance-log',
  head: () => titleHead('Instance log'),
  validateSearch: auditLogQuerySchema,
  search: { middlewares: [stripSearchParams(AUDIT_DEFAULTS), ({ search, next }) => auditUrlForm(next(search))] },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    // Others get a page that says so, not a failed request.
    const me = await context.queryClient.ensureQueryData(accountQueryOptions());
    if (me.role !== 'admin') return;
    const list = await context.queryClient.ensureQueryData({ ...instanceLogQueryOptions(deps), revalidateIfStale: true });
    const last = pastEndPage(list.meta);
    if (last !== null) throw redirect({ to: '/instance-log', search: { ...deps, page: last }, replace: true });
  },
  component: lazyPage(() => import('../features/audit/instance-log-page'), 'InstanceLogPage'),
  pendingComponent: () => <LoadingState label="Loading the instance log…" />,
  errorComponent: RouteError,
});

export const instanceLogRoutes = [instanceLogRoute];
