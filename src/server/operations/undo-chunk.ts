// One chunk of the undo of a bulk PATCH or DELETE of links, in the caller's transaction: the links of the chunk
// (a range of ids of the operation) that may be reverted are reverted, with their revisions; those changed since
// (a PATCH: updated_at moved on) or that cannot come back (a DELETE: alias taken, domain refused) are skipped. The
// request checked the whole operation before (a 409 without force=1); a chunk checks its own links again, so a
// change made meanwhile is left as it is and counted as skipped.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { inIds } from '../links/core/link-sql';
import { readStates, fieldsOfBulkChanges } from '../links/history/link-state';
import { recordRevisions } from '../links/history/revisions.repo';
import { copyBackDeletedLinks } from '../links/core/link-store';
import { SCALAR_COLUMNS, isScalarColumn, recordScalarRevisions, type ScalarColumn } from '../links/history/scalar-revisions';
import type { OperationRow, OperationsRepo } from './operations.repo';

type Trx = Kysely<Database>;

export interface UndoChunk {
  /** Links reverted (or brought back). */
  ids: number[];
  skipped: number[];
}

const meta = (actorId: number, at: string) => ({ actorId, source: 'undo' as const, at });

/** The ids of the operation's links (a PATCH's) or deleted links (a DELETE's) after `cursor`, in id order. */
export async function undoChunkIds(trx: Trx, op: OperationRow, cursor: number, limit: number): Promise<number[]> {
  const rows =
    op.kind === 'update'
      ? await trx.selectFrom('operation_links').select('link_id as id').where('operation_id', '=', op.id).where('link_id', '>', cursor).orderBy('link_id').limit(limit).execute()
      : await trx.selectFrom('operation_deleted_links').select('id').where('operation_id', '=', op.id).where('id', '>', cursor).orderBy('id').limit(limit).execute();
  return rows.map((r) => Number(r.id));
}

/** How many links the undo of `op` goes through. */
export async function undoTotal(trx: Trx, op: OperationRow): Promise<number> {
  const table = op.kind === 'update' ? 'operation_links' : 'operation_deleted_links';
  const row = await trx.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('operation_id', '=', op.id).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Reverts a PATCH on the chunk's links `ids` that are unchanged since (or all that exist, with `force`). */
export async function undoUpdateChunk(trx: Trx, op: OperationRow, ids: number[], force: boolean, actorId: number, now: string): Promise<UndoChunk> {
  const rows = await trx
    .selectFrom('operation_links as ol')
    .leftJoin('links as l', 'l.id', 'ol.link_id')
    .select(['ol.link_id', 'l.id as current', 'l.updated_at'])
    .where('ol.operation_id', '=', op.id)
    .where(inIds(trx, 'ol.link_id', ids))
    .execute();
  const targets = rows.filter((r) => r.current !== null && (force || r.updated_at === op.created_at)).map((r) => r.link_id);
  const skipped = rows.filter((r) => !targets.includes(r.link_id)).map((r) => r.link_id);
  if (!targets.length) return { ids: [], skipped };
  const changes = JSON.parse(op.changes) as Record<string, unknown>;
  const fields = fieldsOfBulkChanges(changes);
  const lists = changes.pixel_ids !== undefined || changes.add_tags !== undefined || changes.remove_tags !== undefined;
  const cols = (Object.keys(SCALAR_COLUMNS) as ScalarColumn[]).filter((c) => isScalarColumn(c) && changes[c] !== undefined);
  // A space deleted since cannot come back: the link stays without one (as deleting the space left it).
  const value = (c: string) => (c === 'space_id' ? sql`CASE WHEN EXISTS (SELECT 1 FROM spaces s WHERE s.id = ol.space_id) THEN ol.space_id END` : sql`ol.${sql.ref(c)}`);
  const inChunk = sql<boolean>`ol.operation_id = ${op.id} AND ol.link_id = l.id AND ${inIds(trx, 'ol.link_id', targets)}`;
  const before = lists ? await readStates(trx, targets, fields) : undefined;
  if (!lists) {
    const values = Object.fromEntries(cols.map((c) => [c, { old: sql`l.${sql.ref(c)}`, new: value(c) }]));
    await recordScalarRevisions(trx, { from: sql`FROM links l JOIN operation_links ol ON ${inChunk}`, where: sql<boolean>`1 = 1`, values, ...meta(actorId, now) });
  }
  const assignments = sql.join([...cols.map((c) => sql`${sql.ref(c)} = ${value(c)}`), sql`updated_at = ol.updated_at`]);
  await sql`UPDATE links SET ${assignments} FROM operation_links ol
    WHERE ol.operation_id = ${op.id} AND ol.link_id = links.id AND ${inIds(trx, 'ol.link_id', targets)}`.execute(trx);
  const these = (column: string) => inIds(trx, column, targets);
  if (changes.pixel_ids !== undefined) {
    await trx.deleteFrom('link_pixels').where(these('link_id')).execute();
    await sql`INSERT INTO link_pixels (link_id, pixel_id) SELECT olp.link_id, olp.pixel_id FROM operation_link_pixels olp
      JOIN pixels p ON p.id = olp.pixel_id WHERE olp.operation_id = ${op.id} AND ${these('olp.link_id')}`.execute(trx);
  }
  if (changes.add_tags !== undefined || changes.remove_tags !== undefined) {
    await trx.deleteFrom('link_tags').where(these('link_id')).execute();
    await sql`INSERT INTO link_tags (link_id, tag_id) SELECT olt.link_id, olt.tag_id FROM operation_link_tags olt
      JOIN tags t ON t.id = olt.tag_id WHERE olt.operation_id = ${op.id} AND ${these('olt.link_id')}`.execute(trx);
  }
  if (before) await recordRevisions(trx, before, await readStates(trx, targets, fields), meta(actorId, now), fields);
  return { ids: targets, skipped };
}

/** Brings back the chunk's deleted links `ids` (same ids) with their pixels, tags and statistics, but those that cannot come back. */
export async function undoDeleteChunk(repo: OperationsRepo, trx: Trx, op: OperationRow, ids: number[], actorId: number, now: string): Promise<UndoChunk> {
  const from = Math.min(...ids);
  const to = Math.max(...ids);
  const { ids: skipped } = await repo.deleteConflicts(trx, op, { from, to });
  const skip = new Set(skipped);
  const back = ids.filter((id) => !skip.has(id));
  if (!back.length) return { ids: [], skipped };
  await copyBackDeletedLinks(trx, op.id, back);
  await recordRevisions(trx, new Map(), await readStates(trx, back), meta(actorId, now));
  return { ids: back, skipped };
}
