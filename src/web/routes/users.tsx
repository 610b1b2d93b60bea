// Routes of the users pages (admins only): the list, creating and editing a user. Page components load lazily.
import { createRoute, redirect, stripSearchParams } from '@tanstack/react-router';
import { lazyPage } from '../lib/lazy-page';
import { appRoute } from './app-layout';
import { userListQuerySchema } from '../../shared/user.schema';
import { userQueries } from '../features/users/users.queries';
import { accountQueryOptions } from '../lib/session.queries';
import { SIMPLE_LIST_DEFAULTS, pastEndPage } from '../components/resource-list/list-url';
import { LoadingState } from '../components/states';
import { RouteError } from '../components/route-error';
import { idParam } from '../lib/route-params';
import { editTitle, titleHead } from '../lib/page-title';

export const usersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/users',
  head: () => titleHead('Users'),
  validateSearch: userListQuerySchema,
  search: { middlewares: [stripSearchParams(SIMPLE_LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    // Non-admins get a page that says so, not a failed request.
    const me = await context.queryClient.ensureQueryData(accountQueryOptions());
    if (me.role !== 'admin') return;
    const list = await context.queryClient.ensureQueryData(userQueries.list(deps));
    const last = pastEndPage(list.meta);
    if (last !== null) throw redirect({ to: '/users', search: { ...deps, page: last }, replace: true });
  },
  component: lazyPage(() => import('../features/users/users-page'), 'UsersPage'),
  pendingComponent: () => <LoadingState label="Loading users…" />,
  errorComponent: RouteError,
});

export const userNewRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/users/new',
  head: () => titleHead('New user'),
  loader: ({ context }) => context.queryClient.ensureQueryData(accountQueryOptions()),
  component: lazyPage(() => import('../features/users/user-create-page'), 'UserCreatePage'),
  pendingComponent: () => <LoadingState />,
  errorComponent: RouteError,
});

export const userEditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/users/$userId/edit',
  params: idParam('userId'),
  loader: async ({ context, params }) => {
    const me = await context.queryClient.ensureQueryData(accountQueryOptions());
    return me.role === 'admin' ? context.queryClient.ensureQueryData(userQueries.detail(params.userId)) : undefined;
  },
  head: ({ loaderData }) => titleHead(editTitle('user', loaderData?.name)),
  component: lazyPage(() => import('../features/users/user-edit-page'), 'UserEditPage'),
  pendingComponent: () => <LoadingState label="Loading user…" />,
  errorComponent: RouteError,
});

export const userRoutes = [usersRoute, userNewRoute, userEditRoute];
