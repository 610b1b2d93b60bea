// Kysely types of bulk operations (migration 006) and the copies they keep for undo (006, 008, 012, 013).
import type { Generated } from 'kysely';
import type { ClickDailyTable, ClickEventsTable, ClickHourlyTable } from './schema-clicks';

/** A bulk PATCH or DELETE of links (migration 006), undoable until undo_until. */
export interface OperationsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'update' | 'delete';
  /** JSON of the selection (ids, filters, all). */
  selection: string;
  /** JSON of the fields a PATCH set ({} for a DELETE). */
  changes: string;
  count: number;
  created_at: string;
  undo_until: string;
  undone_at: string | null;
  /** 1 once the before-images are dropped (after undo_until). */
  purged: Generated<number>;
}

/** A link an operation touched; for a PATCH, the old values of the columns it can set. */
export interface OperationLinksTable {
  operation_id: number;
  link_id: number;
  updated_at: string;
  space_id: number | null;
  disabled: number | null;
  active_period_end_at: string | null;
  clicks_limit: number | null;
  expiration_url: string | null;
}

export interface OperationLinkPixelsTable {
  operation_id: number;
  link_id: number;
  pixel_id: number;
}

/** A whole link row a DELETE removed (`Links`: LinksTable, given by schema.ts, which imports this file). */
export type OperationDeletedLinksTable<Links> = { operation_id: number } & { [K in keyof Links]: K extends 'id' | 'clicks' ? number : Links[K] };

export type OperationClickEventsTable = { operation_id: number } & Omit<ClickEventsTable, 'id'>;
export type OperationClickDailyTable = { operation_id: number } & ClickDailyTable;
export type OperationClickHourlyTable = { operation_id: number } & ClickHourlyTable;

export interface OperationLinkTagsTable {
  operation_id: number;
  link_id: number;
  tag_id: number;
}
