// Webhooks: reads and writes from the resource factory, and the delivery logs (sending a test event:
// webhooks.mutations.ts).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { resourceQueries } from '../../lib/resource-queries';
import type { Webhook, WebhookCreate, WebhookDelivery, WebhookListQuery, WebhookUpdate } from '../../../shared/webhook.schema';

export const webhookQueries = resourceQueries<Webhook, WebhookCreate, WebhookUpdate, WebhookListQuery>({ name: 'webhooks' });

/** Every page of a webhook's delivery log. */
export const deliveriesKey = (id: number) => [...webhookQueries.keys.all, 'deliveries', id] as const;

/** The log refreshes by itself while deliveries are pending (every 3 seconds). */
export const deliveriesQueryOptions = (id: number, query: Partial<WebhookListQuery>, live: boolean) =>
  queryOptions({
    queryKey: [...deliveriesKey(id), query] as const,
    queryFn: () => api.list<WebhookDelivery>(`/webhooks/${id}/deliveries`, query),
    placeholderData: keepPreviousData,
    refetchInterval: live ? 3000 : false,
  });
