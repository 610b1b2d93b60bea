// GET /api/v1/operations, GET /api/v1/operations/{id}, POST /api/v1/operations/{id}/undo (issue 10).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { PER_PAGE_OPTIONS } from '../../shared/enums';
import { queryInt, queryNumberEnum } from '../../shared/fields';
import { undoQuerySchema } from '../../shared/bulk.schema';
import { HttpError, notFound } from '../http/errors';
import { ok, paginate, parseId } from '../http/pagination';
import { nowIso } from '../db/sql-values';
import { idParams } from '../http/params';
import { countersOff } from '../links/core/link-counters';
import { fieldsOfBulkChanges } from '../links/history/link-state';
import { CONFLICTS_SHOWN, OperationsRepo } from './operations.repo';
import { presentOperation } from './operation.presenter';
import { operationObject, undoConflictObject, undoneOperationObject } from '../../shared/objects/operation.object';
import { envelope, pageOf } from '../../shared/objects/common.object';

const operationPage = pageOf(operationObject, 'Operation');

const listQuery = z.object({
  per_page: queryNumberEnum(PER_PAGE_OPTIONS, 10),
  page: queryInt(1).transform((v) => v ?? 1),
});

/** 409 with the ids of the links an undo would overwrite. */
class ConflictError extends HttpError {
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

export async function operationsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = new OperationsRepo(app.ctx.db.kysely);
  const tags = ['Operations'];

  const listDocs = {
    operationId: 'listOperations',
    summary: 'List bulk operations',
    description: 'Your bulk updates and deletes (PATCH and DELETE /links/bulk), newest first, each with whether it can still be undone.',
  };
  app.get('/', { schema: { tags, ...listDocs, querystring: listQuery, response: { 200: operationPage } } }, async (request) => {
    const { page, per_page: perPage } = request.query;
    const { rows, total } = await repo.list(request.user.id, page, perPage);
    const now = nowIso();
    return paginate(request, rows.map((r) => presentOperation(r, now)), total, page, perPage);
  });

  const showDocs = { operationId: 'getOperation', summary: 'Get a bulk operation', description: 'One of your bulk operations: what it selected and changed, and until when it can be undone.' };
  app.get('/:id', { schema: { tags, ...showDocs, params: idParams, response: { 200: envelope(operationObject) } } }, async (request) => {
    const op = await repo.find(request.user.id, parseId(request.params.id));
    if (!op) throw notFound();
    return ok(presentOperation(op));
  });

  const undoDocs = {
    operationId: 'undoOperation',
    summary: 'Undo a bulk operation',
    description:
      'Reverts a bulk update or brings back the links of a bulk delete, within 24 hours and once. When links changed since (or their alias was taken), answers 409 with their ids and undoes nothing, unless `force=1`.',
  };
  const undoAnswers = {
    200: envelope(undoneOperationObject),
    409: undoConflictObject.meta({ description: 'Nothing was undone: already undone, past its 24 hours, or (without `force=1`) links changed or taken since.' }),
  };
  app.post('/:id/undo', { schema: { tags, ...undoDocs, params: idParams, querystring: undoQuerySchema, response: undoAnswers } }, async (request) => {
    const userId = request.user.id;
    const id = parseId(request.params.id);
    const force = request.query.force;
    const now = nowIso();
    const result = await repo.transaction(async (trx) => {
      await repo.lockForUndo(trx, id);
      const op = await repo.find(userId, id, trx);
      if (!op) throw notFound();
      if (op.undone_at) throw new HttpError(409, `This operation was already undone (${op.undone_at}).`);
      if (op.purged || op.undo_until < now) {
        throw new HttpError(409, `This operation can no longer be undone: operations can be undone for 24 hours (until ${op.undo_until}).`);
      }
      let skip: number[];
      if (op.kind === 'update') {
        const { ids, gone } = await repo.updateConflicts(trx, op);
        if (ids.length && !force) {
          throw new ConflictError(
            `${ids.length} of the links changed after this operation or are gone; nothing was undone. Send force=1 to overwrite those later changes (links that are gone stay gone).`,
            ids,
          );
        }
        skip = gone;
      } else {
        skip = await repo.deleteConflicts(trx, op);
        if (skip.length && !force) {
          throw new ConflictError(
            `${skip.length} of the deleted links cannot come back (their alias was taken meanwhile, or their domain is gone); nothing was undone. Send force=1 to bring back the others.`,
            skip,
          );
        }
      }
      // Through the write pipeline: every link the undo changes or brings back gets its revision.
      const tracked = op.kind === 'update' ? await repo.linkIds(trx, op.id) : [];
      const writer = { userId, actorId: userId, source: 'undo' as const };
      const undo = await app.links.writer.change(
        writer,
        tracked,
        async () => {
          const counters = await countersOff(trx, op.user_id);
          const done = op.kind === 'update' ? await repo.undoUpdate(trx, op, skip) : await repo.undoDelete(trx, op, skip);
          await counters.end();
          return op.kind === 'update' ? done : { ...done, created: done.ids };
        },
        // An update's undo can change only what the operation set; a delete's brings back whole links.
        { within: trx, fields: op.kind === 'update' ? fieldsOfBulkChanges(JSON.parse(op.changes) as object) : undefined },
      );
      await repo.markUndone(trx, op.id, now);
      return { op: { ...op, undone_at: now }, undo };
    });
    await app.links.writer.announce(userId, result.undo.ids);
    return ok({ ...presentOperation(result.op), restored: result.undo.restored, skipped: result.undo.skipped.slice(0, CONFLICTS_SHOWN) });
  });
}
