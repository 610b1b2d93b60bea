// Writes to webhooks: they refresh the webhook's page and the lists (kept out of the routes' first chunk).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { Webhook, WebhookCreate, WebhookDelivery, WebhookUpdate } from '../../../shared/webhook.schema';
import { webhookKeys } from './webhooks.queries';

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
