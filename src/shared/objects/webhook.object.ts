// A webhook and a delivery of its log as the API answers them; `Webhook` and `WebhookDelivery`
// (webhook.schema.ts) are these schemas' types.
import { z } from 'zod';
import { DELIVERY_STATUSES, WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT } from '../enums';
import { rowId, timestamp } from './common.object';

export const webhookObject = z
  .object({
    id: rowId(),
    url: z.string().meta({ examples: ['https://hooks.example.com/linkdeck'] }),
    events: z.array(z.enum(WEBHOOK_EVENTS)).meta({ description: 'The events it is sent.' }),
    space_id: rowId().nullable().meta({ description: 'Only the links of this space (null: every link).' }),
    link_id: rowId().nullable().meta({ description: 'Only this link (null: every link).' }),
    space: z.object({ id: rowId(), name: z.string(), color: z.number().int() }).nullable(),
    link: z.object({ id: rowId(), alias: z.string(), short_url: z.string() }).nullable(),
    secret: z
      .string()
      .optional()
      .meta({ description: 'The signing secret (`X-Linkdeck-Signature`); only in the answers of create, show and update, never in the list.' }),
    enabled: z.boolean(),
    disabled_reason: z
      .string()
      .nullable()
      .meta({ description: 'Why it is disabled: by hand, or deliveries that failed for 24 hours (with the last error); null when enabled.' }),
    pending_deliveries: z.number().int().nonnegative().meta({ description: 'Deliveries waiting to be sent or retried.' }),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'Webhook', description: 'An HTTPS endpoint that is sent the events of your links, signed with its secret.' });

export const webhookDeliveryObject = z
  .object({
    id: rowId(),
    webhook_id: rowId(),
    event: z.enum([...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT]).meta({ description: `One of the webhook events, or \`${WEBHOOK_TEST_EVENT}\` (a test event).` }),
    event_id: z.string().meta({ description: 'The event id in the body, the same on every attempt: receivers dedupe on it.' }),
    status: z.enum(DELIVERY_STATUSES).meta({ description: '`sending` is a test event under way (sent once, never retried).' }),
    attempts: z.number().int().nonnegative(),
    response_status: z.number().int().nullable().meta({ description: 'HTTP status of the last attempt; null when none answered.' }),
    duration_ms: z.number().int().nonnegative().nullable().meta({ description: 'Duration of the last attempt in milliseconds.' }),
    response_excerpt: z.string().nullable().meta({ description: "The start of the last answer's body (at most 1,000 characters), or the error." }),
    next_attempt_at: timestamp().nullable().meta({ description: 'When it is sent next; null unless queued or retrying.' }),
    created_at: timestamp(),
    delivered_at: timestamp().nullable(),
  })
  .meta({ id: 'WebhookDelivery', description: 'One event sent (or to be sent) to a webhook, from its delivery log.' });
