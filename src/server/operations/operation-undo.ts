// What the undo of each kind of operation does, as one plan the route runs through the write pipeline: the
// conflicts are checked first (a 409 undoes nothing), then `run` writes the undo in the same transaction.
// - update (a bulk PATCH): the links' old values; links changed since are a 409 unless force=1 (then overwritten).
// - delete of links (bulk, or one link): they come back with their ids; an alias taken meanwhile is a 409 unless
//   force=1 (then the others come back).
// - delete of a space, pixel, tag, domain or webhook: its rows come back (resource-image.ts), then what its
//   delete did to links: their space, pixel or tag again, or the domain's links with their statistics.
// - import: the links it created are deleted (import-operation.ts).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { isConcurrentWriteConflict, isUniqueViolation } from '../db/errors';
import { fieldsOfBulkChanges, type StateField } from '../links/history/link-state';
import { CONFLICTS_SHOWN, type DeleteConflictReason, type OperationRow, type OperationsRepo, type UndoResult } from './operations.repo';
import { RESOURCES, giveBack, isResource, linksToGiveBack, restoreRows, type Resource } from './resource-image';
import { DOMAIN_REFUSAL_WORDS } from './domain-refusal';
import { deleteImported, importedLinks, refuseRunningImport } from './import-operation';

type Trx = Kysely<Database>;

/** 409 with the ids of the links an undo would overwrite (or cannot bring back). */
export class ConflictError extends HttpError {
  constructor(
    message: string,
    private readonly conflicts: number[],
  ) {
    super(409, message);
  }

  override body(): Record<string, unknown> {
    return { message: this.message, conflicts: this.conflicts.slice(0, CONFLICTS_SHOWN), conflicts_count: this.conflicts.length, status: 409 };
  }
}

/**
 * A link written back by another request at the same moment (an undo and a revision restore of the same deleted
 * link: PostgreSQL's unique index refuses the second, or finds the two deadlocked on its rows): a 409, nothing
 * written; any other error as it is.
 */
export function cameBackMeanwhile(err: unknown): never {
  if (isUniqueViolation(err) || isConcurrentWriteConflict(err)) {
    throw new HttpError(409, 'A link this would bring back came back meanwhile (another undo or a restore), or its alias was taken; nothing was written. Reload and try again.');
  }
  throw err;
}

export interface UndoPlan {
  /** Existing links whose state the undo changes (their revisions are read before and after `run`). */
  tracked: number[];
  /** The only fields it can change (history compares just those); undefined: every field. */
  fields?: readonly StateField[];
  /** Writes the undo; `created`: the links it brings back. */
  run: () => Promise<UndoResult & { created?: number[] }>;
  /** True when it deletes links (an import's): their webhooks hear link.deleted. */
  deletes: boolean;
}

/** Checks what the undo of `op` would clash with (409) and plans it, within `trx`. */
export async function planUndo(repo: OperationsRepo, trx: Trx, op: OperationRow, force: boolean): Promise<UndoPlan> {
  if (op.kind === 'import') return planImport(trx, op, force);
  if (isResource(op.object)) return planResource(repo, trx, op, op.object, force);
  if (op.kind === 'update') {
    const { ids, gone } = await repo.updateConflicts(trx, op);
    if (ids.length && !force) throw undoRefusal(op, ids);
    const tracked = await repo.linkIds(trx, op.id);
    return { tracked, fields: fieldsOfBulkChanges(JSON.parse(op.changes) as object), run: () => repo.undoUpdate(trx, op, gone), deletes: false };
  }
  return planLinksBack(repo, trx, op, force);
}

/** The 409 of an undo that would overwrite links changed since (a PATCH) or cannot bring links back (a DELETE). */
export function undoRefusal(op: OperationRow, ids: number[], reasons?: Record<DeleteConflictReason, number>): ConflictError {
  if (op.kind === 'update') {
    return new ConflictError(
      `${ids.length} of the links changed after this operation or are gone; nothing was undone. Send force=1 to overwrite those later changes (links that are gone stay gone).`,
      ids,
    );
  }
  const why = reasons ? conflictReasons(reasons) : 'their alias was taken meanwhile, or their domain cannot take them';
  return new ConflictError(`${ids.length} of the deleted links cannot come back (${why}); nothing was undone. Send force=1 to bring back the others.`, ids);
}

/** "2 because their alias was taken meanwhile, 1 because their domain was deleted". */
export function conflictReasons(reasons: Record<DeleteConflictReason, number>): string {
  const words: Record<DeleteConflictReason, string> = {
    taken: 'their alias was taken meanwhile',
    deleted: `their domain ${DOMAIN_REFUSAL_WORDS.deleted}`,
    unshared: `their domain ${DOMAIN_REFUSAL_WORDS.unshared}`,
  };
  return (Object.keys(words) as DeleteConflictReason[])
    .filter((r) => reasons[r] > 0)
    .map((r) => `${reasons[r].toLocaleString('en')} because ${words[r]}`)
    .join(', ');
}

/** Deleted links come back (a bulk delete, one link's delete, a domain's). */
async function planLinksBack(repo: OperationsRepo, trx: Trx, op: OperationRow, force: boolean): Promise<UndoPlan> {
  const { ids: skip, reasons } = await repo.deleteConflicts(trx, op);
  if (skip.length && !force) throw undoRefusal(op, skip, reasons);
  return {
    tracked: [],
    run: async () => {
      const done = await repo.undoDelete(trx, op, skip);
      return { ...done, created: done.ids };
    },
    deletes: false,
  };
}

async function planResource(repo: OperationsRepo, trx: Trx, op: OperationRow, resource: Resource, force: boolean): Promise<UndoPlan> {
  // The rows first (a clash is a 409 and the transaction rolls back): a domain's links need their domain.
  await restoreRows(trx, op, resource);
  if (RESOURCES[resource].deletes) return planLinksBack(repo, trx, op, force);
  const { restored, skipped } = await linksToGiveBack(trx, op, resource);
  const { field } = RESOURCES[resource];
  return {
    tracked: restored,
    fields: field ? [field] : undefined,
    run: async () => {
      await giveBack(trx, op, resource, restored);
      return { restored: restored.length, skipped, ids: restored };
    },
    deletes: false,
  };
}

async function planImport(trx: Trx, op: OperationRow, force: boolean): Promise<UndoPlan> {
  await refuseRunningImport(trx, op);
  const { unchanged, changed } = await importedLinks(trx, op);
  if (changed.length && !force) {
    throw new ConflictError(
      `${changed.length} of the links this import created changed since; nothing was undone. Send force=1 to delete the others (the changed ones stay).`,
      changed,
    );
  }
  return {
    tracked: unchanged,
    run: async () => {
      await deleteImported(trx, op, unchanged);
      return { restored: unchanged.length, skipped: changed, ids: unchanged };
    },
    deletes: true,
  };
}
