// Query options for webhooks and their delivery logs (the routes' loaders use them; mutations: webhooks.mutations.ts).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { Webhook, WebhookDelivery, WebhookListQuery } from '../../../shared/webhook.schema';

export const webhookKeys = {
  all: ['webhooks'] as const,
  lists: () => [...webhookKeys.all, 'list'] as const,
  list: (query: Partial<WebhookListQuery>) => [...webhookKeys.lists(), query] as const,
  detail: (id: number) => [...webhookKeys.all, 'detail', id] as const,
  deliveries: (id: number, query: Partial<WebhookListQuery>) => [...webhookKeys.all, 'deliveries', id, query] as const,
};

export const webhooksListQueryOptions = (query: Partial<WebhookListQuery>) =>
  queryOptions({ queryKey: webhookKeys.list(query), queryFn: () => api.list<Webhook>('/webhooks', query), placeholderData: keepPreviousData });

export const webhookQueryOptions = (id: number) => queryOptions({ queryKey: webhookKeys.detail(id), queryFn: () => api.get<Webhook>(`/webhooks/${id}`) });

/** The log refreshes by itself while deliveries are pending (every 3 seconds). */
export const deliveriesQueryOptions = (id: number, query: Partial<WebhookListQuery>, live: boolean) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(id, query),
    queryFn: () => api.list<WebhookDelivery>(`/webhooks/${id}/deliveries`, query),
    placeholderData: keepPreviousData,
    refetchInterval: live ? 3000 : false,
  });
