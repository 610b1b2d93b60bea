// Starting a job (operation-job-runner.ts): an apply records its operation and its job, then its list of links in
// parts (each its own short transaction, yielding between them), and only then marks the list complete and runs; an
// undo checks the whole operation in parts of ids first (a 409 without force=1, nothing written), then marks the
// job running under the operation's lock and runs.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { BulkChanges, Selection } from '../../shared/bulk.schema';
import { BULK, recordOperation } from '../operations/operation-record';
import { HttpError } from '../http/errors';
import type { DeleteConflictReason, OperationRow, OperationsRepo } from '../operations/operations.repo';
import { undoChunkIds, undoTotal } from '../operations/undo-chunk';
import type { OperationJobRunner } from './operation-job-runner';

const LIST_PART = 5000;
const yieldLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface NewApply {
  userId: number;
  actorId: number;
  kind: 'update' | 'delete';
  selection: Selection;
  changes: BulkChanges | Record<string, never>;
  ids: number[];
  now: string;
}

/** Records the operation and its job, writes its list of links, and runs it; the operation's id. */
export async function startApply(db: Kysely<Database>, runner: OperationJobRunner, a: NewApply): Promise<number> {
  const selection = a.selection.tag?.length ? a.selection : { ...a.selection, tag_mode: undefined };
  const id = await db.transaction().execute(async (trx) => {
    const op = await recordOperation(trx, { userId: a.userId, kind: a.kind, about: BULK, selection, changes: a.changes, now: a.now }, [], a.ids.length);
    await runner.jobs.begin(trx, op, 'apply', a.ids.length, { actorId: a.actorId }, runner.lease(), false);
    return op;
  });
  const sorted = [...a.ids].sort((x, y) => x - y);
  for (let i = 0; i < sorted.length; i += LIST_PART) {
    await db.transaction().execute((trx) => runner.jobs.addLinks(trx, id, sorted.slice(i, i + LIST_PART)));
    await yieldLoop();
  }
  await runner.jobs.markReady(db, id);
  runner.launch(id);
  return id;
}

/** The links of `op` an undo would overwrite or cannot bring back, read in parts of ids (no long read). */
export async function undoConflictsInParts(db: Kysely<Database>, repo: OperationsRepo, op: OperationRow): Promise<{ ids: number[]; reasons?: Record<DeleteConflictReason, number> }> {
  const out: number[] = [];
  let reasons: Record<DeleteConflictReason, number> | undefined;
  for (let cursor = 0; ; ) {
    const ids = await undoChunkIds(db, op, cursor, LIST_PART);
    if (!ids.length) break;
    const range = { from: ids[0] as number, to: ids[ids.length - 1] as number };
    if (op.kind === 'update') out.push(...(await repo.updateConflicts(db, op, range)).ids);
    else {
      const found = await repo.deleteConflicts(db, op, range);
      out.push(...found.ids);
      const before = reasons;
      reasons = { taken: (before?.taken ?? 0) + found.reasons.taken, deleted: (before?.deleted ?? 0) + found.reasons.deleted, unshared: (before?.unshared ?? 0) + found.reasons.unshared };
    }
    cursor = range.to;
    await yieldLoop();
  }
  return { ids: out, reasons };
}

/** Marks the undo job of `op` running (within the caller's transaction, which holds the operation's lock) and runs it after commit. */
export async function beginUndo(trx: Kysely<Database>, runner: OperationJobRunner, op: OperationRow, actorId: number, force: boolean): Promise<void> {
  const job = await runner.jobs.find(op.id, trx);
  if (job?.state === 'running') throw new HttpError(409, `This operation's ${job.kind === 'apply' ? 'change' : 'undo'} is still running (${Number(job.done).toLocaleString('en')} of ${Number(job.total).toLocaleString('en')} links); nothing was undone.`);
  await runner.jobs.begin(trx, op.id, 'undo', await undoTotal(trx, op), { actorId, force }, runner.lease(), true);
}
