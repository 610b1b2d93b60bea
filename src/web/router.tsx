// The route tree: root -> [sign-in, app shell -> [links..., domains..., spaces..., tags, pixels..., account..., users..., operations, audit log, instance log, import, webhooks..., analytics, workspace settings and invitations]].
import { createRoute, createRouter, redirect } from '@tanstack/react-router';
import { rootRoute } from './routes/root';
import { appRoute } from './routes/app-layout';
import { signInRoute } from './routes/sign-in';
import { linkRoutes } from './routes/links';
import { domainRoutes } from './routes/domains';
import { spaceRoutes } from './routes/spaces';
import { tagRoutes } from './routes/tags';
import { pixelRoutes } from './routes/pixels';
import { accountRoutes } from './routes/account';
import { userRoutes } from './routes/users';
import { linkDetailsRoutes } from './routes/link-details';
import { operationRoutes } from './routes/operations';
import { auditRoutes } from './routes/audit-log';
import { instanceLogRoutes } from './routes/instance-log';
import { importRoutes } from './routes/imports';
import { webhookRoutes } from './routes/webhooks';
import { analyticsRoutes } from './routes/analytics';
import { workspaceSettingsRoutes } from './routes/workspace-settings';
import { queryClient } from './lib/query-client';
import { LoadingState } from './components/states';
import { RouteError } from './components/route-error';
import { parseSearch, stringifySearch } from './lib/search-params';

const indexRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/links' });
  },
});

const routeTree = rootRoute.addChildren([signInRoute, appRoute.addChildren([indexRoute, ...linkRoutes, ...domainRoutes, ...spaceRoutes, ...tagRoutes, ...pixelRoutes, ...accountRoutes, ...userRoutes, ...linkDetailsRoutes, ...operationRoutes, ...auditRoutes, ...instanceLogRoutes, ...importRoutes, ...webhookRoutes, ...analyticsRoutes, ...workspaceSettingsRoutes])]);

export const router = createRouter({
  routeTree,
  basepath: '/dashboard',
  context: { queryClient },
  defaultPreload: 'intent',
  // The loaders read through React Query, which owns freshness.
  defaultPreloadStaleTime: 0,
  defaultPendingComponent: () => <LoadingState />,
  // A route without its own: a page that failed while the server was away recovers when it is back.
  defaultErrorComponent: RouteError,
  scrollRestoration: true,
  // The URL's query is read and written as the API's (lib/search-params.ts), not as JSON.
  parseSearch,
  stringifySearch,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
