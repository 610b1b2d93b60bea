// Webhooks: what an account subscribes to, and the log of what was sent. One schema for the API
// (form or JSON bodies) and the dashboard's editor form.
import { z } from 'zod';
import { flag01, httpUrl, idRef } from './fields';
import { pagingFields } from './list-query';
import { WEBHOOK_EVENTS, type DELIVERY_STATUSES } from './enums';
import type { webhookDeliveryObject, webhookObject } from './objects/webhook.object';


export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** A secret the account chooses: 16 to 128 characters, letters, digits, `_` and `-` (a generated one is `whsec_` + 43). */
export const SECRET_MIN = 16;
export const SECRET_MAX = 128;

/** Clicks per link.clicked request at most (they are sent at most once a second per webhook). */
export const CLICKS_PER_DELIVERY = 100;
/** A delivery is retried with exponential backoff for this long; then the webhook is disabled. */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Signatures older (or newer) than this should be refused by a receiver (a replay). */
export const REPLAY_WINDOW_S = 300;

const eventField = z.enum(WEBHOOK_EVENTS, { error: `must be one of: ${WEBHOOK_EVENTS.join(', ')}.` });

/** events[]=link.created&events[]=link.clicked (form), an array (JSON), or one value; duplicates dropped. */
const eventsField = z.preprocess(
  (v) => {
    if (v === undefined) return v;
    if (v === '' || v === null) return [];
    const arr = Array.isArray(v) ? v : typeof v === 'object' ? Object.values(v) : [v];
    return [...new Set(arr.filter((x) => x !== ''))];
  },
  z.array(eventField).min(1, { error: 'must name at least one event.' }),
);

const secretField = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string()
    .trim()
    .min(SECRET_MIN)
    .max(SECRET_MAX)
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'may only contain letters, digits, dashes and underscores.' })
    .optional(),
);

const fields = {
  url: httpUrl(),
  events: eventsField,
  /** Only the links of this space (null: every link). */
  space_id: idRef.optional(),
  /** Only this link (null: every link). */
  link_id: idRef.optional(),
  /** When absent on create, one is generated. */
  secret: secretField,
  /** 1 sends deliveries; 0 keeps them queued and records no new ones. */
  enabled: flag01.optional(),
};

/** A webhook filters by a space or by a link, not both. */
const oneFilter = (v: { space_id?: number | null; link_id?: number | null }, ctx: z.RefinementCtx) => {
  if (v.space_id && v.link_id) ctx.addIssue({ code: 'custom', path: ['link_id'], message: 'cannot be combined with space_id: a webhook filters by a space or by a link.' });
};

export const webhookCreateSchema = z.object(fields).superRefine(oneFilter);
export const webhookUpdateSchema = z
  .object({ ...fields, url: fields.url.optional(), events: fields.events.optional(), rotate_secret: flag01.optional() })
  .superRefine(oneFilter);
export const webhookListQuerySchema = z.object({ per_page: pagingFields.per_page, page: pagingFields.page });
export const deliveryListQuerySchema = webhookListQuerySchema;

export type WebhookCreate = z.output<typeof webhookCreateSchema>;
export type WebhookUpdate = z.output<typeof webhookUpdateSchema>;
export type WebhookListQuery = z.output<typeof webhookListQuerySchema>;

/** A webhook as the API answers it (objects/webhook.object.ts, named `Webhook` in the API document). */
export type Webhook = z.output<typeof webhookObject>;

export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** A delivery of the log as the API answers it (objects/webhook.object.ts, named `WebhookDelivery`). */
export type WebhookDelivery = z.output<typeof webhookDeliveryObject>;

/** "t=<unix seconds>,sha256=<hex>" into its parts; null when it is not of that form. */
export function parseSignatureHeader(header: string): { t: number; sha256: string } | null {
  const m = /^t=(\d{1,12}),sha256=([0-9a-f]{64})$/.exec(header.trim());
  return m ? { t: Number(m[1]), sha256: m[2] as string } : null;
}

/** Backoff before attempt `attempt + 1`: 30 s doubling, at most an hour (so about 30 attempts in 24 hours). */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 60 * 60 * 1000);
}
