// Examples of the API document's webhook create; typed, so they stay true to the schemas.
import type { Webhook, WebhookCreate } from '../../shared/webhook.schema';

export const webhookCreateExample: WebhookCreate = {
  url: 'https://hooks.example.com/linkdeck',
  events: ['link.created', 'link.clicked'],
  space_id: 5,
};

export const webhookExample: Webhook = {
  id: 3,
  url: 'https://hooks.example.com/linkdeck',
  events: ['link.created', 'link.clicked'],
  space_id: 5,
  link_id: null,
  space: { id: 5, name: 'Spring campaign', color: 2 },
  link: null,
  secret: 'whsec_Jq8m3X0r5bT2vN7kL1pA9cW4yF6hD0sE8gU3iO5zQ2w',
  enabled: true,
  disabled_reason: null,
  pending_deliveries: 0,
  created_at: '2026-11-20T09:30:00.000Z',
  updated_at: '2026-11-20T09:30:00.000Z',
};
