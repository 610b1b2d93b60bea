// The DELETE of one space, pixel, tag, domain or webhook, recorded as an operation that can undo it, in
// one transaction: the operation over the links the delete changes (or, for a domain, the bulk delete of its links,
// whole, with their statistics), the resource's before-image (resource-image.ts), then the delete itself. The
// links' revisions come from the write pipeline; the caches hear of it once it committed.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Operation, Selection } from '../../shared/bulk.schema';
import { nowIso } from '../db/sql-values';
import { countersOff } from '../links/core/link-counters';
import { LinksBulkRepo } from '../links/links.bulk.repo';
import { recordOperation } from './operation-record';
import { OperationsRepo } from './operations.repo';
import { presentOperation } from './operation.presenter';
import { RESOURCES, deleteResourceRow, labelOf, linksOf, resourceRow, saveResourceImage, type Resource } from './resource-image';

/** The API document's words for such a delete (each resource's description goes on with what comes back). */
export const UNDONE_WITHIN_24_HOURS = 'The answer carries the operation it recorded: `POST /operations/{id}/undo` brings it back within 24 hours';

/** An operation as the API answers it, by id (one just recorded). */
export async function operationAnswer(db: Kysely<Database>, userId: number, id: number): Promise<Operation> {
  const row = await new OperationsRepo(db).find(userId, id);
  if (!row) throw new Error(`operation ${id} is gone`);
  return presentOperation(row);
}

/** Deletes one of the account's `resource` by id through a recorded operation: the operation, or undefined when there is no such row. */
export type RecordedDelete = (userId: number, id: number, actorId?: number) => Promise<Operation | undefined>;

export function recordedDelete(app: FastifyInstance, resource: Resource): RecordedDelete {
  const { ctx } = app;
  const db = ctx.db.kysely;
  const bulk = new LinksBulkRepo(ctx.db);
  const spec = RESOURCES[resource];
  return async (userId, id, actorId = userId) => {
    const now = nowIso();
    const done = await db.transaction().execute(async (trx) => {
      const row = await resourceRow(trx, resource, userId, id);
      if (!row) return undefined;
      const linkIds = await linksOf(trx, resource, id);
      const about = { object: resource, objectId: id, label: labelOf(resource, row) };
      const writer = { userId, actorId, source: 'api' as const };
      const work = async () => {
        const op = spec.deletes
          ? (await bulk.delete(trx, userId, { [spec.deletes]: id } as Selection, linkIds, now, about)).operationId
          : await recordOperation(trx, { userId, kind: 'delete', about, selection: {}, changes: {}, now }, linkIds);
        await saveResourceImage(trx, op, resource, row);
        const counters = await countersOff(trx, userId);
        await deleteResourceRow(trx, resource, userId, id);
        await counters.end();
        return { op, linkIds };
      };
      return app.links.writer.change(writer, linkIds, work, { within: trx, fields: spec.field ? [spec.field] : undefined });
    });
    if (!done) return undefined;
    await app.links.writer.announce(userId, done.linkIds);
    return operationAnswer(db, userId, done.op);
  };
}
