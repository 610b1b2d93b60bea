// Recording an operation, for every path that makes one (a bulk PATCH or DELETE, the delete of one resource, an
// import): the before-images of operations whose undo window is over are dropped first, then the operation row
// and the links it touches (operation_links: each link's updated_at and the columns a PATCH or a space's delete
// can change), in the caller's transaction.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { UNDO_WINDOW_MS } from '../../shared/bulk.schema';
import type { OperationObject, OperationType } from '../../shared/objects/operation.object';
import { inIds, parts } from '../links/core/link-sql';

type Trx = Kysely<Database>;

/** Every table holding a before-image (keyed by operation_id), dropped once the operation's 24 hours are over. */
const IMAGE_TABLES = [
  'operation_links',
  'operation_link_pixels',
  'operation_link_tags',
  'operation_deleted_links',
  'operation_click_events',
  'operation_click_daily',
  'operation_click_hourly',
  'operation_rows',
] as const;

/** What an operation acted on, in words (migration 022); a bulk operation names links, without id or label. */
export interface OperationAbout {
  object: OperationObject;
  objectId: number | null;
  label: string | null;
}

export const BULK: OperationAbout = { object: 'link', objectId: null, label: null };

export interface NewOperation {
  userId: number;
  kind: OperationType;
  about: OperationAbout;
  /** As the API shows it (a bulk selection; `{}` for one resource). */
  selection: object;
  /** What a PATCH set (`{}` otherwise). */
  changes: object;
  now: string;
}

/** Drops the before-images of operations whose undo window is over. */
async function purgeExpired(trx: Trx, now: string): Promise<void> {
  const expired = sql<boolean>`operation_id IN (SELECT id FROM operations WHERE purged = 0 AND undo_until < ${now})`;
  for (const table of IMAGE_TABLES) await trx.deleteFrom(table).where(expired).execute();
  await trx.updateTable('operations').set({ purged: 1 }).where('purged', '=', 0).where('undo_until', '<', now).execute();
}

/**
 * Records an operation over the links `linkIds` (their before-values in operation_links); its id. `count`: the links
 * it is to act on when they are added later, chunk by chunk (links.bulk-chunk.ts), rather than now.
 */
export async function recordOperation(trx: Trx, op: NewOperation, linkIds: number[], count = linkIds.length): Promise<number> {
  await purgeExpired(trx, op.now);
  const { id } = await trx
    .insertInto('operations')
    .values({
      user_id: op.userId,
      kind: op.kind,
      object: op.about.object,
      object_id: op.about.objectId,
      label: op.about.label,
      selection: JSON.stringify(op.selection),
      changes: JSON.stringify(op.changes),
      count,
      created_at: op.now,
      undo_until: new Date(Date.parse(op.now) + UNDO_WINDOW_MS).toISOString(),
      undone_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await addOperationLinks(trx, id, linkIds);
  return id;
}

/** Adds links to an operation's before-image (an import adds each batch's new links). */
export async function addOperationLinks(trx: Trx, operationId: number, linkIds: number[]): Promise<void> {
  const columns = ['updated_at', 'space_id', 'disabled', 'active_period_end_at', 'clicks_limit', 'expiration_url'] as const;
  for (const part of parts(trx, linkIds)) {
    await trx
      .insertInto('operation_links')
      .columns(['operation_id', 'link_id', ...columns])
      .expression(trx.selectFrom('links').select([sql.lit(operationId).as('operation_id'), 'id', ...columns]).where(inIds(trx, 'id', part)))
      .execute();
  }
}
