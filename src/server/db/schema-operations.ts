// Kysely types of operations (migrations 006, 022) and the copies they keep for undo (006, 008, 012, 013, 022).
import type { Generated } from 'kysely';
import type { ClickDailyTable, ClickEventsTable, ClickHourlyTable } from './schema-clicks';
import type { OperationObject, OperationType } from '../../shared/objects/operation.object';

/** A bulk PATCH or DELETE of links (migration 006), a delete of one resource or an import (022), undoable until undo_until. */
export interface OperationsTable {
  id: Generated<number>;
  user_id: number;
  kind: OperationType;
  /** What it acted on (022; 'link' for the bulk operations). */
  object: Generated<OperationObject>;
  /** That link's, space's, ... or import job's id; null for a bulk operation. */
  object_id: number | null;
  /** Its name at the time, in words ("Launch", "go.example.com/abc"). */
  label: string | null;
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

/** A whole row a delete removed that is not a link (022): the resource itself, a webhook's deliveries; JSON text. */
export interface OperationRowsTable {
  operation_id: number;
  /** The order an undo inserts them in (the resource first). */
  seq: number;
  table_name: string;
  data: string;
}
