// Routes of the webhooks list, the webhook editor (create, edit) and a webhook's page (secret, test event,
// delivery log). Page components load lazily. The editor is for those who may change webhooks.
import { createRoute, redirect, stripSearchParams } from '@tanstack/react-router';
import { lazyPage } from '../lib/lazy-page';
import { appRoute } from './app-layout';
import { z } from 'zod';
import { pagingFields } from '../../shared/list-query';
import { webhookQueries } from '../features/webhooks/webhooks.queries';
import { pastEndPage } from '../components/resource-list/list-url';
import { LoadingState } from '../components/states';
import { RouteError } from '../components/route-error';
import { idParam } from '../lib/route-params';
import { titleHead } from '../lib/page-title';
import { writeOnly } from '../components/can';

const PAGING_DEFAULTS = { per_page: 10, page: 1 } as const;
// The same fields as webhookListQuerySchema, without pulling the webhook schema into the first chunk.
const pagingSearch = z.object({ per_page: pagingFields.per_page, page: pagingFields.page });

export const webhooksRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/webhooks',
  head: () => titleHead('Webhooks'),
  validateSearch: pagingSearch,
  search: { middlewares: [stripSearchParams(PAGING_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const list = await context.queryClient.ensureQueryData(webhookQueries.list(deps));
    const last = pastEndPage(list.meta);
    if (last !== null) throw redirect({ to: '/webhooks', search: { ...deps, page: last }, replace: true });
  },
  component: lazyPage(() => import('../features/webhooks/webhooks-page'), 'WebhooksPage'),
  pendingComponent: () => <LoadingState label="Loading webhooks…" />,
  errorComponent: RouteError,
});

export const webhookNewRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/webhooks/new',
  head: () => titleHead('New webhook'),
  component: writeOnly('webhooks:write', 'create webhooks', lazyPage(() => import('../features/webhooks/webhook-editor-page'), 'WebhookCreatePage')),
  pendingComponent: () => <LoadingState />,
  errorComponent: RouteError,
});

export const webhookRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/webhooks/$webhookId',
  params: idParam('webhookId'),
  validateSearch: pagingSearch,
  search: { middlewares: [stripSearchParams(PAGING_DEFAULTS)] },
  loader: ({ context, params }) => context.queryClient.ensureQueryData(webhookQueries.detail(params.webhookId)),
  head: ({ loaderData }) => titleHead(loaderData ? `Webhook ${loaderData.url}` : 'Webhook'),
  component: lazyPage(() => import('../features/webhooks/webhook-details-page'), 'WebhookDetailsPage'),
  pendingComponent: () => <LoadingState label="Loading webhook…" />,
  errorComponent: RouteError,
});

export const webhookEditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/webhooks/$webhookId/edit',
  params: idParam('webhookId'),
  loader: ({ context, params }) => context.queryClient.ensureQueryData(webhookQueries.detail(params.webhookId)),
  head: () => titleHead('Edit webhook'),
  component: writeOnly('webhooks:write', 'change webhooks', lazyPage(() => import('../features/webhooks/webhook-editor-page'), 'WebhookEditPage')),
  pendingComponent: () => <LoadingState label="Loading webhook…" />,
  errorComponent: RouteError,
});

export const webhookRoutes = [webhooksRoute, webhookNewRoute, webhookRoute, webhookEditRoute];
