// One chunk of a bulk PATCH or DELETE: the before-image of its links first (operation_links, and for a delete the
// whole rows, pixels, tags and statistics), then the change, then the chunk's revisions, all in the caller's
// transaction. The request runs one chunk of every link (a small selection); a job (server/jobs/) runs many, each
// committed with its progress. History costs little: a PATCH of the row's own columns writes its revisions with one
// INSERT ... SELECT comparing the before-image with the new values (history/scalar-revisions.ts); only pixels and
// tags, which are lists, are read before and after.
import { sql, type Updateable } from 'kysely';
import type { LinksTable } from '../db/schema';
import type { BulkChanges } from '../../shared/bulk.schema';
import { existingTagIds, resolveTags } from '../tags/tags.repo';
import { ruleError } from '../rule-error';
import { DAILY_COLUMNS, EVENT_COLUMNS, HOURLY_COLUMNS, LINK_COLUMNS, inIds } from './core/link-sql';
import { addOperationLinks } from '../operations/operation-record';
import { tooManyTags, type LinksBulkRepo, type Trx } from './links.bulk.repo';
import { fieldsOfBulkChanges, readStates } from './history/link-state';
import { recordRevisions } from './history/revisions.repo';
import { SCALAR_COLUMNS, isScalarColumn, recordScalarRevisions, typed, type ScalarColumn } from './history/scalar-revisions';

/** Who acts, on which operation, and when (the operation's time: updated_at and the revisions'). */
export interface ChunkContext {
  userId: number;
  actorId: number;
  operationId: number;
  now: string;
}

const listsChange = (c: BulkChanges) => c.pixel_ids !== undefined || c.add_tags !== undefined || c.remove_tags !== undefined;

/** Sets `changes` on the links `ids` (one chunk), with their before-image and revisions. */
export async function applyUpdateChunk(bulk: LinksBulkRepo, trx: Trx, c: ChunkContext, changes: BulkChanges, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const op = c.operationId;
  const these = (column: string) => inIds(trx, column, ids);
  await addOperationLinks(trx, op, ids);
  const meta = { actorId: c.actorId, source: 'bulk_edit' as const, at: c.now };
  const fields = fieldsOfBulkChanges(changes);
  const lists = listsChange(changes);
  const before = lists ? await readStates(trx, ids, fields) : undefined;
  const columns = Object.keys(SCALAR_COLUMNS).filter((k): k is ScalarColumn => isScalarColumn(k) && changes[k] !== undefined);
  if (!lists) {
    const values = Object.fromEntries(columns.map((k) => [k, { old: sql`l.${sql.ref(k)}`, new: typed(trx, k, changes[k]) }]));
    await recordScalarRevisions(trx, { from: sql`FROM links l`, where: these('l.id'), values, ...meta });
  }
  if (changes.pixel_ids !== undefined) {
    await sql`INSERT INTO operation_link_pixels (operation_id, link_id, pixel_id) SELECT ${op}, link_id, pixel_id FROM link_pixels WHERE ${these('link_id')}`.execute(trx);
    await trx.deleteFrom('link_pixels').where(these('link_id')).execute();
    if (changes.pixel_ids.length) {
      await sql`INSERT INTO link_pixels (link_id, pixel_id) SELECT l.id, p.id FROM links l JOIN pixels p ON ${inIds(trx, 'p.id', changes.pixel_ids)}
        WHERE ${these('l.id')}`.execute(trx);
    }
  }
  if (changes.add_tags !== undefined || changes.remove_tags !== undefined) {
    await sql`INSERT INTO operation_link_tags (operation_id, link_id, tag_id) SELECT ${op}, link_id, tag_id FROM link_tags WHERE ${these('link_id')}`.execute(trx);
    const removed = await existingTagIds(trx, c.userId, changes.remove_tags ?? []);
    if (removed.length) await trx.deleteFrom('link_tags').where(these('link_id')).where(inIds(trx, 'tag_id', removed)).execute();
    const added = await resolveTags(trx, c.userId, changes.add_tags ?? [], c.now);
    if (added.length) {
      await sql`INSERT INTO link_tags (link_id, tag_id) SELECT l.id, t.id FROM links l JOIN tags t ON ${inIds(trx, 't.id', added)}
        WHERE ${these('l.id')} ON CONFLICT (link_id, tag_id) DO NOTHING`.execute(trx);
      // The guarantee under concurrent writes; the route's check refused or left out such links before.
      const over = await bulk.tagsOverLimit(trx, c.userId, ids, [], []);
      if (over.length) throw ruleError('set.add_tags', tooManyTags(over));
    }
  }
  const set: Updateable<LinksTable> = { updated_at: c.now };
  for (const key of columns) (set as Record<string, unknown>)[key] = changes[key];
  await trx.updateTable('links').set(set).where(these('id')).execute();
  if (before) await recordRevisions(trx, before, await readStates(trx, ids, fields), meta, fields);
}

/** Deletes the links `ids` (one chunk) after copying them whole, with their pixels, tags and statistics. */
export async function applyDeleteChunk(trx: Trx, c: ChunkContext, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const op = c.operationId;
  const these = (column: string) => inIds(trx, column, ids);
  await addOperationLinks(trx, op, ids);
  const before = await readStates(trx, ids);
  const lit = sql.lit(op).as('operation_id');
  await sql`INSERT INTO operation_link_pixels (operation_id, link_id, pixel_id) SELECT ${op}, link_id, pixel_id FROM link_pixels WHERE ${these('link_id')}`.execute(trx);
  await sql`INSERT INTO operation_link_tags (operation_id, link_id, tag_id) SELECT ${op}, link_id, tag_id FROM link_tags WHERE ${these('link_id')}`.execute(trx);
  await trx.insertInto('operation_deleted_links').columns(['operation_id', ...LINK_COLUMNS]).expression(trx.selectFrom('links').select([lit, ...LINK_COLUMNS]).where(these('id'))).execute();
  await trx
    .insertInto('operation_click_events')
    .columns(['operation_id', ...EVENT_COLUMNS])
    .expression(trx.selectFrom('click_events').select([lit, ...EVENT_COLUMNS]).where(these('link_id')).orderBy('id'))
    .execute();
  await trx.insertInto('operation_click_daily').columns(['operation_id', ...DAILY_COLUMNS]).expression(trx.selectFrom('click_daily').select([lit, ...DAILY_COLUMNS]).where(these('link_id'))).execute();
  await trx.insertInto('operation_click_hourly').columns(['operation_id', ...HOURLY_COLUMNS]).expression(trx.selectFrom('click_hourly').select([lit, ...HOURLY_COLUMNS]).where(these('link_id'))).execute();
  await trx.deleteFrom('links').where(these('id')).execute();
  await recordRevisions(trx, before, new Map(), { actorId: c.actorId, source: 'bulk_delete', at: c.now });
}
