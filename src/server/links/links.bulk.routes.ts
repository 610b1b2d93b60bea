// POST, PATCH and DELETE /api/v1/links/bulk. Static paths: /links/:id never shadows them.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import {
  BULK_FIELDS,
  DRY_RUN_SAMPLE,
  SELECTION_REQUIRED,
  bulkCreateBodySchema,
  bulkCreateQuerySchema,
  bulkDeleteQuerySchema,
  bulkUpdateBodySchema,
  bulkUpdateQuerySchema,
  isExplicit,
  selectionSchema,
  type BulkChanges,
  type Selection,
} from '../../shared/bulk.schema';
import { fieldError, validationError } from '../http/errors';
import { nowIso } from '../db/sql-values';
import { isUniqueViolation } from '../db/errors';
import { LinksBulkRepo, type Trx } from './links.bulk.repo';
import { BulkCreator } from './links.bulk-create';
import { OperationsRepo } from '../operations/operations.repo';
import { presentOperation } from '../operations/operation.presenter';
import { envelope } from '../../shared/objects/common.object';
import { ownedRefs, refIssues } from './core/link-checks';
import {
  bulkCreateDryRunObject,
  bulkCreateResultObject,
  bulkDryRunObject,
  bulkResultObject,
  bulkUpdateDryRunObject,
  bulkUpdateResultObject,
} from '../../shared/objects/bulk.object';
import { operationStartedObject } from '../../shared/objects/operation.object';
import { BULK, recordOperation } from '../operations/operation-record';
import { applyDeleteChunk, applyUpdateChunk } from './links.bulk-chunk';
import { jobThreshold, operationJobs } from '../jobs/operation-job-runner';
import { startApply } from '../jobs/operation-job-start';
import { dryRunAnswer, invalidError, invalidLinks, previewUpdate } from './links.bulk-edit';
import { bulkUpdateExample, bulkUpdateResultExample } from './links.bulk.examples';

/** 1,000 links of 2,048-character URLs fit (JSON); form bodies keep the app's 512 KB limit. */
const BULK_BODY_LIMIT = 5 * 1024 * 1024;

/** PATCH: the operation and the links left out, or on a dry run what would change and which links could not take it. */
const bulkUpdateAnswer = envelope(z.union([bulkUpdateResultObject, bulkUpdateDryRunObject])).meta({
  description:
    'How many links were changed, the operation recorded and how many were left out (`BulkUpdateResult`), or with `dry_run=1` how many would change and which could not take the change, and why (`BulkUpdateDryRun`).',
});

/** DELETE: the operation, or on a dry run the count and first links. */
const bulkAnswer = envelope(z.union([bulkResultObject, bulkDryRunObject])).meta({
  description: 'How many links were changed and the operation recorded (`BulkResult`), or with `dry_run=1` how many would be and the first of them (`BulkDryRun`).',
});

const selectionOf = (b: Selection): Selection => ({
  ids: b.ids,
  search: b.search,
  search_by: b.search_by,
  status: b.status,
  space_id: b.space_id,
  domain_id: b.domain_id,
  pixel_id: b.pixel_id,
  tag: b.tag,
  tag_mode: b.tag_mode,
  all: b.all,
});

export async function linksBulkRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const creator = new BulkCreator(ctx);
  const { writer } = app.links;
  const bulk = new LinksBulkRepo(ctx.db);
  const operations = new OperationsRepo(ctx.db.kysely);
  const tags = ['Bulk'];

  const createDocs = {
    operationId: 'createLinksInBulk',
    summary: 'Create links in bulk',
    description:
      'Creates up to 1,000 links in one transaction, each row with the fields of `POST /links`. A bad row refuses them all (422 naming `links.<row>.<field>`) unless `partial=1`, which creates the good rows and answers 200 with `errors`; `dry_run=1` checks and previews without storing. Answers 201 when every row was created.',
  };
  const createAnswers = {
    200: z.union([bulkCreateResultObject, bulkCreateDryRunObject]).meta({
      description: 'With `partial=1` and refused rows, the links created and `errors` (`BulkCreateResult`); with `dry_run=1`, what would be created (`BulkCreateDryRun`).',
    }),
    201: bulkCreateResultObject,
  };
  const createSchema = { tags, ...createDocs, querystring: bulkCreateQuerySchema, body: bulkCreateBodySchema, response: createAnswers };
  app.post('/bulk', { bodyLimit: BULK_BODY_LIMIT, schema: createSchema }, async (request, reply) => {
    const userId = request.workspace.id;
    const { dry_run: dryRun, partial } = request.query;
    const { valid, issues } = await creator.check(writer, userId, request.body.links);
    if (issues.length && (!partial || !valid.length)) throw validationError(issues);
    const errors = issues.length ? validationError(issues).errors : undefined;
    const rows = await writer.build(userId, valid);
    const values = rows.map((r) => r.values);
    const pixelIds = rows.map((r) => r.pixelIds);
    const meta = (created: number) => ({ created, failed: new Set(issues.map((i) => i.field.split('.')[1])).size, rows: valid.map((v) => v.row) });
    if (dryRun) {
      const data = await creator.preview(values, valid, pixelIds);
      return { data, meta: { ...meta(0), dry_run: true as const }, ...(errors ? { errors } : {}), status: 200 as const };
    }
    const written = await writer.insert({ userId, actorId: request.user.id, source: 'bulk_create' }, rows).catch((err: unknown) => {
      throw isUniqueViolation(err) ? fieldError('links', 'has an alias that another request took meanwhile; nothing was created, send it again.') : err;
    });
    const ids = written.filter((id): id is number => id !== null);
    const data = await app.links.service.presentIds(ids);
    return reply.code(issues.length ? 200 : 201).send({ data, meta: meta(ids.length), ...(errors ? { errors } : {}), status: 200 as const });
  });

  /**
   * The selection's count and first links (dry run), or the operation that changed them: in this request (one
   * transaction, chunk code of links.bulk-chunk.ts over every link), or past jobThreshold() links as a job that
   * commits in chunks (server/jobs/), answered 202 with the operation running.
   */
  const run = async (
    /** The workspace, and the person acting (the revisions' actor). */
    who: { userId: number; actorId: number },
    s: Selection,
    dryRun: boolean,
    kind: 'update' | 'delete',
    changes: BulkChanges | Record<string, never>,
    /** Checks the selected links: refuses, or answers those to leave as they are. */
    check?: (trx: Trx, ids: number[]) => Promise<number[]>,
  ) => {
    if (!isExplicit(s)) throw fieldError('ids', SELECTION_REQUIRED);
    const { userId } = who;
    const now = nowIso();
    const done = await bulk.transaction(async (trx) => {
      const selected = await bulk.selectIds(trx, userId, s, now);
      const left = new Set(check && selected.length ? await check(trx, selected) : []);
      const ids = left.size ? selected.filter((id) => !left.has(id)) : selected;
      if (dryRun || !ids.length || ids.length > jobThreshold()) return { ids, operationId: null };
      const selection = s.tag?.length ? s : { ...s, tag_mode: undefined };
      const operationId = await recordOperation(trx, { userId, kind, about: BULK, selection, changes, now }, [], ids.length);
      const c = { ...who, operationId, now };
      if (kind === 'update') await applyUpdateChunk(bulk, trx, c, changes, ids);
      else await applyDeleteChunk(trx, c, ids);
      return { ids, operationId };
    });
    if (dryRun) {
      const sample = await app.links.service.presentIds(done.ids.slice(0, DRY_RUN_SAMPLE));
      return { data: { count: done.ids.length, dry_run: true as const, links: sample }, status: 200 as const };
    }
    if (done.ids.length > jobThreshold()) {
      const runner = operationJobs(app);
      const id = await startApply(ctx.db.kysely, runner, { ...who, kind, selection: s, changes, ids: done.ids, now });
      return { data: { count: done.ids.length, operation: await presented(userId, id) }, status: 202 as const };
    }
    // Once committed: the caches, and the webhooks (a deleted link's body comes from the operation's before-image).
    const operationId = done.operationId;
    const event = kind === 'delete' ? 'link.deleted' : 'link.updated';
    const load = event === 'link.deleted' && operationId !== null ? app.webhooks.deletedLinks(operationId) : undefined;
    await writer.announce(userId, done.ids, operationId === null ? undefined : { name: event, load });
    return { data: { count: done.ids.length, operation: operationId === null ? null : await presented(userId, operationId) }, status: 200 as const };
  };

  /** An operation as this request answers it, with its job. */
  const presented = async (userId: number, id: number) => {
    const op = await operations.find(userId, id);
    if (!op) throw new Error(`operation ${id} is gone`);
    return presentOperation(op, undefined, undefined, await operationJobs(app).jobs.find(id));
  };

  const updateDocs = {
    operationId: 'updateLinksInBulk',
    summary: 'Update links in bulk',
    description:
      'Sets the fields under `set` on every selected link (by `ids`, by the filters of `GET /links`, or `all=1`) in one transaction, and records an operation that can be undone for 24 hours. A change that some selected links cannot take (an end date not after their start, more than 20 tags) is refused with a 422 naming them, unless `partial=1`, which leaves those links as they are and changes the others. `dry_run=1` changes nothing and answers how many links would change, the first 10 of them, and the links that could not take the change, with why.',
    'x-examples': { request: bulkUpdateExample, response: bulkUpdateResultExample },
  };
  const updateSchema = { tags, ...updateDocs, querystring: bulkUpdateQuerySchema, body: bulkUpdateBodySchema, response: { 200: bulkUpdateAnswer, 202: operationStartedObject(bulkUpdateResultObject) } };
  app.patch('/bulk', { schema: updateSchema }, async (request, reply) => {
    const userId = request.workspace.id;
    const set = request.body.set ?? {};
    const changes = Object.fromEntries(BULK_FIELDS.filter((f) => set[f] !== undefined).map((f) => [f, set[f]])) as BulkChanges;
    const s = selectionOf(request.body);
    if (!isExplicit(s)) throw fieldError('ids', SELECTION_REQUIRED);
    if (!Object.keys(changes).length) throw fieldError('set', `Send at least one field to change under set: ${BULK_FIELDS.join(', ')}.`);
    // The pipeline's reference check, on the fields `set` names (`set.space_id`, `set.pixel_ids.2`).
    const refs = { space_id: changes.space_id, pixel_ids: changes.pixel_ids };
    const issues = refIssues(refs, await ownedRefs(ctx.db.kysely, userId, [refs]), (field) => `set.${field}`);
    if (issues.length) throw validationError(issues);
    if (request.query.dry_run) {
      const preview = await previewUpdate(bulk, userId, s, changes, nowIso());
      return { data: await dryRunAnswer(preview, (ids) => app.links.service.presentIds(ids)), status: 200 as const };
    }
    // The links that cannot take the change: all refused, or with partial=1 left as they are.
    let skipped = 0;
    const check = async (trx: Trx, ids: number[]) => {
      const invalid = await invalidLinks(bulk, trx, userId, ids, changes);
      if (invalid.size && !request.query.partial) throw invalidError(invalid);
      skipped = invalid.size;
      return [...invalid.keys()];
    };
    const done = await run({ userId, actorId: request.user.id }, s, false, 'update', changes, check);
    if ('dry_run' in done.data) throw new Error('A bulk update answered a dry run.');
    if (done.status === 202) return reply.code(202).send({ data: { count: done.data.count, operation: done.data.operation, skipped }, status: 202 as const });
    return { data: { count: done.data.count, operation: done.data.operation, skipped }, status: 200 as const };
  });

  // The selection travels in the body (JSON or form) or, as a DELETE often has no body, in the query.
  const noBodyIsEmpty = (request: { body: unknown }, _reply: unknown, done: () => void) => {
    if (request.body === undefined || request.body === null) request.body = {};
    done();
  };
  const deleteDocs = {
    operationId: 'deleteLinksInBulk',
    summary: 'Delete links in bulk',
    description:
      'Deletes the selected links (by `ids`, by the filters of `GET /links`, or `all=1`; in the body or the query) in one transaction, and records an operation that can bring them back for 24 hours. `dry_run=1` answers the count and the first 10 links instead.',
  };
  const deleteSchema = { tags, ...deleteDocs, querystring: bulkDeleteQuerySchema, body: selectionSchema, response: { 200: bulkAnswer, 202: operationStartedObject(bulkResultObject) } };
  app.delete('/bulk', { preValidation: noBodyIsEmpty, schema: deleteSchema }, async (request, reply) => {
    const userId = request.workspace.id;
    const body = selectionOf(request.body);
    const s = isExplicit(body) ? body : selectionOf(request.query);
    const done = await run({ userId, actorId: request.user.id }, s, request.query.dry_run, 'delete', {});
    return done.status === 202 ? reply.code(202).send(done) : done;
  });
}
