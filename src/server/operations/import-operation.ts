// An import as an operation. Its first batch that writes links records the operation (kind and object
// 'import', the job's id, the file's name); each batch adds the links it created to operation_links, in the
// batch's transaction (imports.repo.ts). Its undo deletes them, unless they changed since (their updated_at moved
// on): then the undo is a 409 naming them, and with force=1 those stay and the others go. A job still running
// cannot be undone. The deleted links' rows are kept in operation_deleted_links for their link.deleted webhook.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { LINK_COLUMNS, inIds, parts } from '../links/core/link-sql';
import { nowIso } from '../db/sql-values';
import { addOperationLinks, recordOperation } from './operation-record';
import type { OperationRow } from './operations.repo';

type Trx = Kysely<Database>;

const UNFINISHED = ['queued', 'validating', 'importing'];

/** Records the links `ids` a batch of import job `jobId` created, in the batch's transaction. */
export async function recordImportBatch(trx: Trx, jobId: number, userId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const op = await trx.selectFrom('operations').select('id').where('object', '=', 'import').where('object_id', '=', jobId).executeTakeFirst();
  if (op) {
    await addOperationLinks(trx, op.id, ids);
    await trx
      .updateTable('operations')
      .set((eb) => ({ count: eb('count', '+', ids.length) }))
      .where('id', '=', op.id)
      .execute();
    return;
  }
  const job = await trx.selectFrom('imports').select('file_name').where('id', '=', jobId).executeTakeFirst();
  const about = { object: 'import' as const, objectId: jobId, label: job?.file_name ?? null };
  await recordOperation(trx, { userId, kind: 'import', about, selection: {}, changes: {}, now: nowIso() }, ids);
}

/** Refuses (409) the undo of a job still running. */
export async function refuseRunningImport(trx: Trx, op: OperationRow): Promise<void> {
  const job = op.object_id === null ? undefined : await trx.selectFrom('imports').select('status').where('id', '=', op.object_id).executeTakeFirst();
  if (job && UNFINISHED.includes(job.status)) throw new HttpError(409, 'This import is still running; undo it once it has finished. Nothing was undone.');
}

/** The links the import created that still exist: `changed` since (updated_at moved on), and the others. */
export async function importedLinks(trx: Trx, op: OperationRow): Promise<{ unchanged: number[]; changed: number[] }> {
  const rows = await trx
    .selectFrom('operation_links as ol')
    .innerJoin('links as l', 'l.id', 'ol.link_id')
    .select(['ol.link_id', 'ol.updated_at as then', 'l.updated_at as now'])
    .where('ol.operation_id', '=', op.id)
    .orderBy('ol.link_id')
    .execute();
  return { unchanged: rows.filter((r) => r.then === r.now).map((r) => r.link_id), changed: rows.filter((r) => r.then !== r.now).map((r) => r.link_id) };
}

/** Deletes the links `ids` (the import's), keeping their rows for their webhooks' link.deleted (counters off: the caller's). */
export async function deleteImported(trx: Trx, op: OperationRow, ids: number[]): Promise<void> {
  const columns = LINK_COLUMNS.join(', ');
  for (const part of parts(trx, ids)) {
    await sql`INSERT INTO operation_deleted_links (operation_id, ${sql.raw(columns)})
      SELECT ${op.id}, ${sql.raw(columns)} FROM links WHERE ${inIds(trx, 'id', part)}`.execute(trx);
    await trx.deleteFrom('links').where(inIds(trx, 'id', part)).execute();
  }
}
