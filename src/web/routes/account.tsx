// The account page: who I am and key rotation. The page component loads lazily.
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../lib/lazy-page';
import { appRoute } from './app-layout';
import { accountQueryOptions } from '../lib/session.queries';
import { LoadingState } from '../components/states';
import { RouteError } from '../components/route-error';
import { titleHead } from '../lib/page-title';

export const accountRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/account',
  head: () => titleHead('Account'),
  loader: ({ context }) => context.queryClient.ensureQueryData(accountQueryOptions()),
  component: lazyPage(() => import('../features/account/account-page'), 'AccountPage'),
  pendingComponent: () => <LoadingState label="Loading your account…" />,
  errorComponent: RouteError,
});

export const accountRoutes = [accountRoute];
