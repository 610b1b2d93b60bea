// Query options and mutations for webhooks and their delivery logs.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { Webhook, WebhookCreate, WebhookDelivery, WebhookListQuery, WebhookUpdate } from '../../../shared/webhook.schema';

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

function useAfterWrite() {
  const qc = useQueryClient();
  return (hook: Webhook) => {
    qc.setQueryData(webhookKeys.detail(hook.id), hook);
    return qc.invalidateQueries({ queryKey: webhookKeys.lists() });
  };
}

export function useCreateWebhook() {
  const after = useAfterWrite();
  return useMutation({ mutationFn: (body: WebhookCreate) => api.post<Webhook>('/webhooks', body), onSuccess: after });
}

export function useUpdateWebhook(id: number) {
  const after = useAfterWrite();
  return useMutation({ mutationFn: (body: WebhookUpdate) => api.put<Webhook>(`/webhooks/${id}`, body), onSuccess: after });
}

export function useDeleteWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/webhooks/${id}`),
    onSuccess: (_r, id) => {
      qc.removeQueries({ queryKey: webhookKeys.detail(id) });
      return qc.invalidateQueries({ queryKey: webhookKeys.lists() });
    },
  });
}

export function useSendTestEvent(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<WebhookDelivery>(`/webhooks/${id}/test`),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...webhookKeys.all, 'deliveries', id] }),
  });
}
