// GET /api/v1/operations, GET /api/v1/operations/{id}, POST /api/v1/operations/{id}/undo: the
// account's recorded operations (bulk changes, deletes of one resource, imports), and their undo (operation-undo.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { PER_PAGE_OPTIONS } from '../../shared/enums';
import { queryInt, queryNumberEnum } from '../../shared/fields';
import { undoQuerySchema } from '../../shared/bulk.schema';
import { HttpError, notFound } from '../http/errors';
import { requireScope } from '../auth/route-scopes';
import { UNDO_SCOPES } from '../../shared/api-scopes';
import { ok, paginate, parseId } from '../http/pagination';
import { nowIso } from '../db/sql-values';
import { idParams } from '../http/params';
import { countersOff } from '../links/core/link-counters';
import { CONFLICTS_SHOWN, OperationsRepo, type OperationRow } from './operations.repo';
import { cameBackMeanwhile, planUndo, undoRefusal } from './operation-undo';
import { jobThreshold, operationJobs } from '../jobs/operation-job-runner';
import { beginUndo, undoConflictsInParts } from '../jobs/operation-job-start';
import { presentOperation, type ScopeCheck } from './operation.presenter';
import type { FastifyRequest } from 'fastify';
import { operationObject, operationStartedObject, undoConflictObject, undoneOperationObject } from '../../shared/objects/operation.object';
import { envelope, pageOf } from '../../shared/objects/common.object';
import { bulkResultObject } from '../../shared/objects/bulk.object';

const operationPage = pageOf(operationObject, 'Operation');

/** What the request's workspace scopes let it read (an operation's label hides from a caller without its scope). */
export const mayRead = (request: FastifyRequest): ScopeCheck => (scope) => request.workspace.scopes.has(scope);

const listQuery = z.object({
  per_page: queryNumberEnum(PER_PAGE_OPTIONS, 10),
  page: queryInt(1).transform((v) => v ?? 1),
});

export async function operationsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = new OperationsRepo(app.ctx.db.kysely);
  const tags = ['Operations'];
  // The jobs of long operations go on from their journal at start, and stop after their chunk at close.
  const runner = operationJobs(app);
  app.addHook('onReady', () => runner.start());
  app.addHook('onClose', () => runner.stop());

  const listDocs = {
    operationId: 'listOperations',
    summary: 'List operations',
    description:
      'Your recorded operations, newest first, each named in words (`summary`, `label`) and with whether it can still be undone: bulk updates and deletes (PATCH and DELETE /links/bulk), the DELETE of one link, space, pixel, tag, domain or webhook, and the import jobs that created links.',
  };
  app.get('/', { schema: { tags, ...listDocs, querystring: listQuery, response: { 200: operationPage } } }, async (request) => {
    const { page, per_page: perPage } = request.query;
    const { rows, total } = await repo.list(request.workspace.id, page, perPage);
    const now = nowIso();
    const jobs = await runner.jobs.ofOperations(rows.map((r) => r.id));
    return paginate(request, rows.map((r) => presentOperation(r, now, mayRead(request), jobs.get(r.id))), total, page, perPage);
  });

  const showDocs = { operationId: 'getOperation', summary: 'Get an operation', description: 'One of your operations: what it acted on and changed, and until when it can be undone.' };
  app.get('/:id', { schema: { tags, ...showDocs, params: idParams, response: { 200: envelope(operationObject) } } }, async (request) => {
    const id = parseId(request.params.id);
    // The job before the operation: its last chunk commits `done` with the operation's `undone_at`, so a job read
    // as done is never shown beside an operation read before that commit (two reads, no shared snapshot).
    const job = await runner.jobs.find(id);
    const op = await repo.find(request.workspace.id, id);
    if (!op) throw notFound();
    return ok(presentOperation(op, undefined, mayRead(request), job));
  });

  const undoDocs = {
    operationId: 'undoOperation',
    summary: 'Undo an operation',
    description:
      'Within 24 hours and once: reverts a bulk update; brings back deleted links (same ids, with their pixels, tags and statistics); brings back a deleted space, pixel, tag, domain or webhook with its id and what its delete changed (the links\' space, pixels or tags; the domain\'s links; the webhook\'s secret and delivery log); deletes the links an import created. When links changed since (or their alias was taken), answers 409 with their ids and undoes nothing, unless `force=1` (an update then overwrites, a delete brings back the others, an import\'s undo leaves the changed links). A name taken meanwhile (a space, tag or domain of that name exists now) or an import still running is a 409 too. The undo of a bulk update or delete of more than a few thousand links (or of one that ran as a job) answers 202 with `{count, operation}` and goes on as a job in chunks: poll `GET /operations/{id}` until `operation.job.state` is `done`; links changed meanwhile are left as they are. Besides `links:write`, it needs the write scope of what it brings back (`domains:write` for a domain, `webhooks:write` for a webhook, and so on): else 403 naming it.',
  };
  const undoAnswers = {
    200: envelope(undoneOperationObject),
    202: operationStartedObject(bulkResultObject),
    409: undoConflictObject.meta({
      description: 'Nothing was undone: already undone, past its 24 hours, a name taken meanwhile, an import still running, or (without `force=1`) links changed or taken since.',
    }),
  };
  app.post('/:id/undo', { schema: { tags, ...undoDocs, params: idParams, querystring: undoQuerySchema, response: undoAnswers } }, async (request, reply) => {
    const userId = request.workspace.id;
    const id = parseId(request.params.id);
    const force = request.query.force;
    const now = nowIso();
    const refuse = (op: OperationRow) => {
      requireScope(request, UNDO_SCOPES[op.object]);
      if (op.undone_at) throw new HttpError(409, `This operation was already undone (${op.undone_at}).`);
      if (op.purged || op.undo_until < now) {
        throw new HttpError(409, `This operation can no longer be undone: operations can be undone for 24 hours (until ${op.undo_until}).`);
      }
    };
    // A bulk change or delete of many links: checked in parts, then undone by a job (202).
    const first = await repo.find(userId, id);
    if (!first) throw notFound();
    if (first.object === 'link' && first.kind !== 'import' && (first.count > jobThreshold() || (await runner.jobs.find(id)))) {
      refuse(first);
      const conflicts = await undoConflictsInParts(app.ctx.db.kysely, repo, first);
      if (conflicts.ids.length && !force) throw undoRefusal(first, conflicts.ids, conflicts.reasons);
      await repo.transaction(async (trx) => {
        await repo.lockForUndo(trx, id);
        const op = await repo.find(userId, id, trx);
        if (!op) throw notFound();
        refuse(op);
        await beginUndo(trx, runner, op, request.user.id, force);
      });
      runner.launch(id);
      const job = await runner.jobs.find(id);
      const operation = presentOperation(first, undefined, mayRead(request), job);
      return reply.code(202).send({ data: { count: Number(job?.total ?? first.count), operation }, status: 202 as const });
    }
    const result = await repo
      .transaction(async (trx) => {
      await repo.lockForUndo(trx, id);
      const op = await repo.find(userId, id, trx);
      if (!op) throw notFound();
      refuse(op);
      const plan = await planUndo(repo, trx, op, force);
      // Through the write pipeline: every link the undo changes, brings back or deletes gets its revision.
      const writer = { userId, actorId: request.user.id, source: 'undo' as const };
      const undo = await app.links.writer.change(
        writer,
        plan.tracked,
        async () => {
          const counters = await countersOff(trx, op.user_id);
          const done = await plan.run();
          await counters.end();
          return done;
        },
        { within: trx, fields: plan.fields },
      );
      await repo.markUndone(trx, op.id, now);
      return { op: { ...op, undone_at: now }, undo, deletes: plan.deletes };
      })
      .catch(cameBackMeanwhile);
    // Once committed: the caches (a resource that came back: every cache, as its delete did) and the webhooks.
    const { op } = result;
    if (op.object !== 'link') app.ctx.changes.emit('reset');
    if (op.object === 'webhook') app.webhooks.changed();
    const event = result.deletes ? { name: 'link.deleted' as const, load: app.webhooks.deletedLinks(op.id) } : undefined;
    await app.links.writer.announce(userId, result.undo.ids, event);
    return ok({ ...presentOperation(result.op, undefined, mayRead(request)), restored: result.undo.restored, skipped: result.undo.skipped.slice(0, CONFLICTS_SHOWN) });
  });
}
