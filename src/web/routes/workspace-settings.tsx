// The routes of the current workspace's settings: `/workspace` (to its members), its members, its
// invitations and its API keys (the page of a list in the URL), creating a key; and the page an invitation link opens, /invitations/{token}, inside the signed-in
// app (signed out, the shell sends it to sign-in and back). The pages load lazily.
import { createRoute, redirect, stripSearchParams } from '@tanstack/react-router';
import { z } from 'zod';
import { pagingFields } from '../../shared/list-query';
import { lazyPage } from '../lib/lazy-page';
import { appRoute } from './app-layout';
import { LoadingState } from '../components/states';
import { RouteError } from '../components/route-error';
import { titleHead } from '../lib/page-title';

/** A list's page and page size, as the API's lists take them (defaults stay out of the URL). */
const pageSearch = z.object({ page: pagingFields.page, per_page: pagingFields.per_page });
const PAGE_DEFAULTS = { page: 1, per_page: 10 } as const;

/** `/workspace`, the navigation's entry (active on every page below it): the members. */
export const workspaceIndexRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/workspace',
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/workspace/members', search: { ws: search.ws }, replace: true });
  },
});

export const membersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/workspace/members',
  head: () => titleHead('Members'),
  component: lazyPage(() => import('../features/workspaces/members-page'), 'MembersPage'),
  pendingComponent: () => <LoadingState label="Loading members…" />,
  errorComponent: RouteError,
});

export const invitationsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/workspace/invitations',
  head: () => titleHead('Invitations'),
  validateSearch: pageSearch,
  search: { middlewares: [stripSearchParams(PAGE_DEFAULTS)] },
  component: lazyPage(() => import('../features/workspaces/invitations-page'), 'InvitationsPage'),
  pendingComponent: () => <LoadingState label="Loading invitations…" />,
  errorComponent: RouteError,
});

export const apiKeysRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/workspace/api-keys',
  head: () => titleHead('API keys'),
  validateSearch: pageSearch,
  search: { middlewares: [stripSearchParams(PAGE_DEFAULTS)] },
  component: lazyPage(() => import('../features/api-keys/api-keys-page'), 'ApiKeysPage'),
  pendingComponent: () => <LoadingState label="Loading API keys…" />,
  errorComponent: RouteError,
});

export const apiKeyNewRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/workspace/api-keys/new',
  head: () => titleHead('New API key'),
  component: lazyPage(() => import('../features/api-keys/api-key-create-page'), 'ApiKeyCreatePage'),
  pendingComponent: () => <LoadingState />,
  errorComponent: RouteError,
});

export const invitationRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/invitations/$token',
  head: () => titleHead('Invitation'),
  component: lazyPage(() => import('../features/workspaces/invitations-join-page'), 'InvitationsJoinPage'),
  pendingComponent: () => <LoadingState label="Loading the invitation…" />,
  errorComponent: RouteError,
});

export const workspaceSettingsRoutes = [workspaceIndexRoute, membersRoute, invitationsRoute, apiKeysRoute, apiKeyNewRoute, invitationRoute];
