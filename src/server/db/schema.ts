// Kysely table types: the core tables and the Database map of every table. Clicks and their rollups live in
// schema-clicks.ts, bulk operations' copies in schema-operations.ts, the later features' tables in
// schema-features.ts, memberships, API keys and invitations in schema-workspaces.ts. Timestamps are ISO 8601 UTC
// strings with milliseconds, so they sort as text.
import type { Generated } from 'kysely';
import type { ClickAccountDailyTable, ClickAccountHourlyTable, ClickDailyTable, ClickEventsTable, ClickHourlyTable, ClickVisitorsTable } from './schema-clicks';
import type {
  OperationClickDailyTable,
  OperationClickHourlyTable,
  OperationClickEventsTable,
  OperationDeletedLinksTable,
  OperationLinkPixelsTable,
  OperationLinksTable,
  OperationLinkTagsTable,
  OperationRowsTable,
  OperationsTable,
} from './schema-operations';
import type {
  AuditLogTable,
  InstanceAuditLogTable,
  ImportsTable,
  LinkTagsTable,
  OgImagesTable,
  QrStylesTable,
  SavedViewsTable,
  TagsTable,
  UtmTemplatesTable,
  WebhookDeliveriesTable,
  WebhookLinkEventsTable,
  WebhooksTable,
} from './schema-features';
import type { ApiKeysTable, InvitationsTable, MembershipsTable, UserKind } from './schema-workspaces';

export interface UsersTable {
  id: Generated<number>;
  name: string;
  role: 'admin' | 'user';
  /** Not read since migration 025 (keys live in api_keys); new rows get an unusable random value. */
  api_key_hash: string;
  /** Migration 025: a person (also its personal workspace) or a team workspace. */
  kind: Generated<UserKind>;
  created_at: string;
  updated_at: string;
}

export interface DomainsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  homepage_url: string | null;
  not_found_url: string | null;
  /** 1 https, 0 http; NULL (domains made before migration 005): the scheme of BASE_URL, as before. */
  https: number | null;
  /** Migration 026: 1 when the instance admin shares it with every workspace. */
  shared: Generated<number>;
  /** The TXT record's value that proves control of the name (domains/dns-check.ts). */
  verification_token: string | null;
  /** Null: not verified, the domain takes no traffic (redirect/link-source.ts). */
  verified_at: string | null;
  last_checked_at: string | null;
  /** Why the last check could not tell (the resolver failed), else null. */
  check_error: string | null;
  /** JSON of the last check's records and their states (shared/objects/domain-verification.object.ts). */
  check_records: string | null;
  created_at: string;
  updated_at: string;
}

export interface SpacesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  color: number;
  created_at: string;
  updated_at: string;
}

export interface PixelsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  type: string;
  value: string;
  created_at: string;
  updated_at: string;
}

export interface LinksTable {
  id: Generated<number>;
  user_id: number;
  domain_id: number | null;
  space_id: number | null;
  alias: string;
  url: string;
  title: string | null;
  /** JSON text of [{key, value}]. */
  targets: string;
  targets_type: string | null;
  sensitive_content: number;
  privacy: number;
  password_hash: string | null;
  redirect_password_hash: string | null;
  active_period_start_at: string | null;
  active_period_end_at: string | null;
  clicks_limit: number | null;
  expiration_url: string | null;
  disabled: number;
  clicks: Generated<number>;
  created_at: string;
  updated_at: string;
  /** Open Graph preview for social crawlers (migration 013). */
  og_title: string | null;
  og_description: string | null;
  og_image: string | null;
  /** Clicks counted by the shortener a link was imported from, included in `clicks` (migration 019). */
  imported_clicks: Generated<number>;
  /** When those clicks were imported (ISO); null when there are none. */
  imported_at: string | null;
}

export interface LinkPixelsTable {
  link_id: number;
  pixel_id: number;
}

export interface LinkRevisionsTable {
  id: Generated<number>;
  link_id: number;
  owner_id: number;
  actor_id: number | null;
  source: string;
  action: string;
  /** JSON: [{field, old, new}] */
  changes: string;
  restored_from: number | null;
  created_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface Database {
  users: UsersTable;
  domains: DomainsTable;
  spaces: SpacesTable;
  pixels: PixelsTable;
  links: LinksTable;
  link_pixels: LinkPixelsTable;
  click_events: ClickEventsTable;
  click_daily: ClickDailyTable;
  click_hourly: ClickHourlyTable;
  click_account_daily: ClickAccountDailyTable;
  click_account_hourly: ClickAccountHourlyTable;
  click_visitors: ClickVisitorsTable;
  settings: SettingsTable;
  operations: OperationsTable;
  operation_links: OperationLinksTable;
  operation_link_pixels: OperationLinkPixelsTable;
  operation_deleted_links: OperationDeletedLinksTable<LinksTable>;
  operation_click_events: OperationClickEventsTable;
  operation_click_daily: OperationClickDailyTable;
  operation_click_hourly: OperationClickHourlyTable;
  operation_rows: OperationRowsTable;
  imports: ImportsTable;
  utm_templates: UtmTemplatesTable;
  qr_styles: QrStylesTable;
  og_images: OgImagesTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_link_events: WebhookLinkEventsTable;
  tags: TagsTable;
  link_tags: LinkTagsTable;
  operation_link_tags: OperationLinkTagsTable;
  link_revisions: LinkRevisionsTable;
  saved_views: SavedViewsTable;
  memberships: MembershipsTable;
  api_keys: ApiKeysTable;
  invitations: InvitationsTable;
  audit_log: AuditLogTable;
  instance_audit_log: InstanceAuditLogTable;
}
