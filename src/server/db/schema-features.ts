// Kysely types of the later features' tables: imports (007), webhooks (009), UTM templates (010), QR styles
// (011), tags (012), link preview images (013), saved views (020) and the audit log (027).
import type { Generated } from 'kysely';

/** An import job (migration 007); `failures` is JSON text of the first ImportFailure entries. */
export interface ImportsTable {
  id: Generated<number>;
  user_id: number;
  status: string;
  source: string;
  on_conflict: string;
  partial: number;
  domain_id: number | null;
  file_name: string | null;
  rows_total: number;
  rows_read: number;
  created: number;
  skipped: number;
  failed: number;
  failures: string;
  error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  /** The instance holding the job, and until when (migration 017); null until an instance takes it. */
  lease_owner: string | null;
  lease_until: string | null;
}

/** A named set of UTM parameters of an account (migration 010). */
export interface UtmTemplatesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  created_at: string;
  updated_at: string;
}

/** An account's QR style (JSON of QrStyle) and logo PNG (migration 011). */
export interface QrStylesTable {
  user_id: number;
  style: string | null;
  logo: Buffer | null;
  updated_at: string;
}

/** An image uploaded for link previews, served publicly at /+og/{key} (migration 013). */
export interface OgImagesTable {
  key: string;
  user_id: number;
  type: string;
  data: Buffer;
  created_at: string;
  /** Bytes of data (migration 017). */
  size: number;
}

/** A webhook (migration 009); `events` is JSON text of WebhookEvent names. */
export interface WebhooksTable {
  id: Generated<number>;
  user_id: number;
  url: string;
  events: string;
  space_id: number | null;
  link_id: number | null;
  secret: string;
  enabled: number;
  disabled_reason: string | null;
  /** When the next link.clicked request may go at the earliest (one a second). */
  next_click_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One event to send to one webhook (migration 009); `payload` is the exact body sent on every attempt. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: number;
  event: string;
  event_id: string;
  payload: string;
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  response_status: number | null;
  duration_ms: number | null;
  response_excerpt: string | null;
  created_at: string;
  delivered_at: string | null;
}

/** Events sent once per link (link.expired, link.limit_reached), by key. */
export interface WebhookLinkEventsTable {
  link_id: number;
  event_key: string;
}

/** A tag of an account (migration 012); name_key is the name lower-cased, unique per account. */
export interface TagsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  name_key: string;
  color: number;
  created_at: string;
  updated_at: string;
}

export interface LinkTagsTable {
  link_id: number;
  tag_id: number;
}

/** A saved view of the links list (migration 020): `query` is the list's normalised query string. */
export interface SavedViewsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** The name case-folded (tagKey): unique per account. */
  name_key: string;
  query: string;
  created_at: string;
  updated_at: string;
}

/** What the instance admin and the instance did (migration 029): the audit log's columns, with the workspace it was about. */
export type InstanceAuditLogTable = Omit<AuditLogTable, 'workspace_id'> & { workspace_id: number | null };

/** One write of a workspace (migration 027): who, through what, what and when; never an IP address. */
export interface AuditLogTable {
  id: Generated<number>;
  workspace_id: number;
  /** The person; null once deleted (their name stays in actor_name). */
  actor_user_id: number | null;
  actor_name: string;
  via: 'dashboard' | 'api';
  /** The API key (via 'api'): its id and its name at the time. */
  key_id: number | null;
  key_name: string | null;
  /** The route's OpenAPI operationId (updateLink). */
  action: string;
  object: string;
  object_id: number | null;
  summary: string;
  at: string;
}
