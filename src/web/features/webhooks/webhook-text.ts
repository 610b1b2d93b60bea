// Words for webhooks: event names, what a webhook listens to, a delivery's state.
import type { DeliveryStatus, Webhook, WebhookDelivery, WebhookEvent } from '../../../shared/webhook.schema';

export const EVENT_LABELS: Record<WebhookEvent, { label: string; description: string }> = {
  'link.created': { label: 'Link created', description: 'A link was created (the whole link in the body).' },
  'link.updated': { label: 'Link updated', description: 'A link was changed.' },
  'link.deleted': { label: 'Link deleted', description: 'A link was deleted (the link as it was).' },
  'link.clicked': { label: 'Link clicked', description: 'Clicks, in batches of up to 100, at most one request a second.' },
  'link.limit_reached': { label: 'Click limit reached', description: 'A click used up a link’s click limit (once per link).' },
  'link.expired': { label: 'Link expired', description: 'A visit found the link’s active period over (once per link).' },
};

export function eventLabel(event: string): string {
  return (EVENT_LABELS as Record<string, { label: string }>)[event]?.label ?? (event === 'webhook.test' ? 'Test event' : event);
}

/** Which links a webhook is about. */
export function scopeLabel(hook: Pick<Webhook, 'space_id' | 'link_id' | 'space' | 'link'>): string {
  if (hook.link_id !== null) return hook.link ? `Link ${hook.link.short_url}` : 'A deleted link';
  if (hook.space_id !== null) return hook.space ? `Space ${hook.space.name}` : 'A deleted space';
  return 'All links';
}

export const DELIVERY_COLORS: Record<DeliveryStatus, string> = { queued: 'blue', sending: 'blue', retrying: 'orange', delivered: 'green', failed: 'red' };

export function deliveryStatusLabel(d: Pick<WebhookDelivery, 'status' | 'attempts'>): string {
  if (d.status === 'retrying') return `Retrying (attempt ${d.attempts} failed)`;
  return { queued: 'Queued', sending: 'Sending', delivered: 'Delivered', failed: 'Failed', retrying: 'Retrying' }[d.status] ?? d.status;
}

/** "182 ms", "3.4 s", or a dash when nothing was sent. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** The answer in one line for a table cell: "500 · boom" or the error. */
export function responseSummary(d: Pick<WebhookDelivery, 'response_status' | 'response_excerpt'>): string {
  const text = (d.response_excerpt ?? '').replace(/\s+/g, ' ').trim();
  if (d.response_status === null) return text || '—';
  return text ? `${d.response_status} · ${text}` : String(d.response_status);
}
