// Routes of the users pages (admins only): the list and creating a user. Page components load lazily.
import { createRoute, lazyRouteComponent, stripSearchParams } from '@tanstack/react-router';
import { appRoute } from './app-layout';
import { userListQuerySchema } from '../../shared/user.schema';
import { usersListQueryOptions } from '../features/users/users.queries';
import { accountQueryOptions } from '../lib/session.queries';
import { SIMPLE_LIST_DEFAULTS } from '../components/resource-list/list-url';
import { LoadingState } from '../components/states';
import { RouteError } from '../components/route-error';

export const usersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/users',
  validateSearch: userListQuerySchema,
  search: { middlewares: [stripSearchParams(SIMPLE_LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    // Non-admins get a page that says so, not a failed request.
    const me = await context.queryClient.ensureQueryData(accountQueryOptions());
    if (me.role === 'admin') await context.queryClient.ensureQueryData(usersListQueryOptions(deps));
  },
  component: lazyRouteComponent(() => import('../features/users/users-page'), 'UsersPage'),
  pendingComponent: () => <LoadingState label="Loading users…" />,
  errorComponent: RouteError,
});

export const userNewRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/users/new',
  loader: ({ context }) => context.queryClient.ensureQueryData(accountQueryOptions()),
  component: lazyRouteComponent(() => import('../features/users/user-create-page'), 'UserCreatePage'),
  pendingComponent: () => <LoadingState />,
  errorComponent: RouteError,
});

export const userRoutes = [usersRoute, userNewRoute];
