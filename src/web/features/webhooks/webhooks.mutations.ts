// Sending a webhook's test event: its delivery log shows the new delivery. (Create, update, delete: webhookQueries.)
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { WebhookDelivery } from '../../../shared/webhook.schema';
import { deliveriesKey } from './webhooks.queries';

export function useSendTestEvent(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<WebhookDelivery>(`/webhooks/${id}/test`),
    onSuccess: () => qc.invalidateQueries({ queryKey: deliveriesKey(id) }),
  });
}
