// POST /api/v1/links/import (a CSV file as multipart/form-data field `file`, or a text/csv body) answers 202
// with an import job; GET /api/v1/imports and /api/v1/imports/{id} show the account's jobs and their
// progress. The file is read whole here (at most MAX_IMPORT_BYTES): a malformed CSV or an unknown header
// is a 422 at once; the rows are checked and written in the background (import-job.ts), or, with dry_run=1,
// checked at once without writing (import-dry-run.ts).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { MAX_IMPORT_BYTES, importListQuerySchema, importQuerySchema, type ImportSource } from '../../shared/import.schema';
import { fieldError, HttpError, notFound, sendError } from '../http/errors';
import { ok, paginate, parseId } from '../http/pagination';
import { nowIso } from '../db/sql-values';
import { idParams } from '../http/params';
import { formatOf, headerIndex } from './formats';
import type { Ticket } from '../workers/heavy-admission';
import { HEAVY } from '../workers/heavy.plugin';
import type { HeavyPool } from '../workers/heavy-pool';
import { sharedBodies } from '../workers/shared-body';
import { IMPORTS } from './imports.plugin';
import { dryRunImport } from './import-dry-run';
import { DRY_RUN_TIMING, DryRunJobs } from './dry-run-jobs';
import { reservedHostsOf } from '../domains/reserved-hosts';
import { z } from 'zod';
import { ImportsRepo, presentImport } from './imports.repo';
import { envelope, pageOf } from '../../shared/objects/common.object';
import { importDryRunJobObject, importDryRunObject, importJobObject } from '../../shared/objects/import.object';
import { importDryRunExample, importJobExample } from './imports.examples';

const importJobPage = pageOf(importJobObject, 'Import');

/** The types a file may come as itself (without a form): CSV, TSV and JSON; its layout is read from its content. */
const FILE_TYPES = ['text/csv', 'application/csv', 'text/comma-separated-values', 'application/vnd.ms-excel', 'text/tab-separated-values', 'application/json', 'text/plain'];
const MULTIPART_SLACK = 1024 * 1024;
const MB = MAX_IMPORT_BYTES / 1024 / 1024;

const tooLarge = () => new HttpError(413, `The file is too large: imports take CSV files of at most ${MB} MB. Split it into smaller files.`);

/** The request body as the shared parser read it (workers/shared-body.ts), or the answer when there is none. */
function uploadedBody(request: FastifyRequest): Uint8Array {
  const body = request.body;
  if (!(body instanceof Uint8Array)) {
    if (request.headers['content-type']) throw new HttpError(415, 'Send the file as multipart/form-data (field "file"), or as the body itself: text/csv, text/tab-separated-values or application/json.');
    throw fieldError('file', 'is required.');
  }
  return body;
}

/** The uploaded file checked whole on a pool thread (import-file.ts): a 413 or a 422 naming `file` when it is not fit. */
async function inspectUpload(pool: HeavyPool, request: FastifyRequest, source: ImportSource | 'auto') {
  const body = uploadedBody(request);
  const type = request.headers['content-type'] ?? '';
  const multipart = /^multipart\/form-data/i.test(type) ? type : null;
  if (!multipart && body.byteLength > MAX_IMPORT_BYTES) throw tooLarge();
  const found = await pool.call(request.workspace.id, 'inspectImport', { body, multipart, source });
  if ('problem' in found) throw found.problem === 'too-large' ? tooLarge() : fieldError('file', found.message);
  return { ...found, bytes: found.bytes ?? body, format: formatOf(found.source) };
}

async function importRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = new ImportsRepo(app.ctx.db.kysely);
  // The app's runner (imports.plugin.ts) and heavy-work pool (workers/heavy.plugin.ts).
  const { importRunner: runner, heavy } = app;
  const dryRuns = new DryRunJobs();
  app.addHook('onClose', async () => dryRuns.stop());
  // Rows naming these hosts are the default domain's (a Shlink export names its default domain's host).
  const defaultHosts = [...reservedHostsOf(app.ctx.config)];

  const limit = MAX_IMPORT_BYTES + MULTIPART_SLACK;
  sharedBodies(app, [...FILE_TYPES, 'multipart/form-data'], limit);
  // The account's place is taken before the body is read: a refused upload is never held in memory, and
  // the files held at once are bounded (HEAVY_UPLOAD_MB). A job keeps its place until it is done.
  const tickets = new WeakMap<FastifyRequest, Ticket>();
  const admit = async (request: FastifyRequest, reply: FastifyReply) => {
    const declared = Number(request.headers['content-length']);
    tickets.set(request, heavy.admit(reply, request.workspace.id, Number.isSafeInteger(declared) && declared >= 0 ? Math.min(declared, limit) : limit));
  };
  const release = async (request: FastifyRequest) => tickets.get(request)?.release();
  /** The request's place is kept past its answer, until `until` settles. */
  const keepTicket = (request: FastifyRequest, until: Promise<unknown>) => {
    const ticket = tickets.get(request);
    tickets.delete(request);
    void until.finally(() => ticket?.release());
  };
  app.setErrorHandler((error: FastifyError, _request, reply: FastifyReply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendError(reply, tooLarge());
    throw error;
  });

  const description =
    `The body is the CSV file: multipart/form-data with the field "file", or the file itself as text/csv (UTF-8, at most ${MB} MB; ` +
    'comma, semicolon or tab separated, with a header row). Formats: linkdeck (GET /links/export), bitly, yourls, kutt, shlink, detected ' +
    'from the header or named with source=. Answers 202 with an import job; GET /imports/{id} follows it. With dry_run=1 the file is ' +
    'checked as the import would check it and nothing is written: 200 with the counts, the failures and the first rows mapped to link fields; ' +
    `a dry run that needs more than ${DRY_RUN_TIMING.waitMs / 1000} s answers 202 with a dry-run job instead (Location: /api/v1/imports/dry-runs/{id}), ` +
    'which GET /imports/dry-runs/{id} shows, with its result once completed; a client that goes away before the answer cancels its dry run. ' +
    'Rows naming a host that is none of your domains fail unless domain_map= places them (the dry run lists such hosts in unknown_hosts); ' +
    "rows naming the host of the instance's default domain are the default domain's.";
  const importDocs = {
    operationId: 'importLinks',
    summary: 'Import links from a CSV file',
    description,
    // Read by the handler itself (csvUpload), so documented as written rather than validated.
    'x-body': {
      required: true,
      description: `The CSV file (UTF-8, at most ${MB} MB), as a multipart form's \`file\` field or as the body itself.`,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', properties: { file: { type: 'string', format: 'binary', description: 'The CSV file.' } }, required: ['file'] },
        },
        'text/csv': { schema: { type: 'string', description: 'The CSV file itself.' }, example: 'url,alias,title\nhttps://example.com/spring,spring,Spring sale\n' },
      },
    },
  };
  // Examples in the answers' schemas: x-examples would put its one example on the first (200, the dry run).
  const importAnswers = {
    200: envelope(importDryRunObject).meta({ description: 'With `dry_run=1`: the file checked, nothing written.', examples: [{ data: importDryRunExample, status: 200 }] }),
    202: z.union([
      envelope(importJobObject).meta({ description: 'The import job, queued; `Location` names it.', examples: [{ data: importJobExample, status: 200 }] }),
      envelope(importDryRunJobObject).meta({ description: 'With `dry_run=1`, when the dry run needs longer than the request may take: a dry-run job, going on; `Location` names it.' }),
    ]),
  };
  app.post('/links/import', { bodyLimit: limit, preParsing: admit, onResponse: release, onRequestAbort: release, schema: { tags: ['Imports'], ...importDocs, querystring: importQuerySchema, response: importAnswers } }, async (request, reply) => {
    const q = request.query;
    const userId = request.workspace.id;
    const usable = [...(await repo.namesToIds('domains', userId)).values()];
    if (q.domain_id !== undefined && !usable.includes(q.domain_id)) throw fieldError('domain_id', 'must be one of your domains.');
    const foreign = q.domain_map.find((m) => m.domain_id !== null && !usable.includes(m.domain_id));
    if (foreign) throw fieldError('domain_map', `maps "${foreign.host}" to domain ${foreign.domain_id}, which is not one of your domains.`);
    const { bytes, name, layout, headers, format, rows } = await inspectUpload(heavy.pool, request, q.source);
    const domainMap = new Map(q.domain_map.map((m) => [m.host, m.domain_id]));
    const rowSpec = { userId, format, headers, index: headerIndex(headers), headerCount: headers.length, domainId: q.domain_id ?? null, dateFormat: q.date_format, defaultHosts, domainMap };
    const pool = heavy.pool;
    if (q.dry_run) {
      // The client's going away (before the answer) cancels the dry run.
      const gone = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) gone.abort();
      });
      const spec = { bytes, layout, pool, onConflict: q.on_conflict, query: q, fileName: name, headers, rowsTotal: rows, rows: rowSpec };
      const wait = DRY_RUN_TIMING.waitMs - reply.elapsedTime;
      const ran = await dryRuns
        .run(userId, rows, wait, gone.signal, (signal, onProgress) => dryRunImport(repo, { ...spec, signal, onProgress }), (err) => request.log.error({ err }, 'import dry run'))
        .catch((err: unknown) => {
          if (gone.signal.aborted) return null;
          throw err;
        });
      if (ran === null) return reply;
      if ('result' in ran) return reply.code(200).send(ok(ran.result));
      // The dry run keeps the request's place (and its file's bytes) until it ends.
      keepTicket(request, ran.done);
      return reply.code(202).header('location', `/api/v1/imports/dry-runs/${ran.job.id}`).send(ok(ran.job));
    }
    const at = nowIso();
    const job = await repo.create({
      user_id: userId,
      status: 'queued',
      source: format.source,
      on_conflict: q.on_conflict,
      partial: q.partial,
      domain_id: q.domain_id ?? null,
      file_name: name,
      rows_total: rows,
      rows_read: 0,
      created: 0,
      skipped: 0,
      failed: 0,
      failures: '[]',
      created_at: at,
      updated_at: at,
    });
    runner.enqueue({
      jobId: job.id,
      bytes,
      pool,
      layout,
      onConflict: q.on_conflict,
      partial: q.partial === 1,
      rows: rowSpec,
      actorId: request.user.id,
    });
    // The job keeps the request's place (and its file's bytes) until it is done: the runner's queue is in order.
    keepTicket(request, runner.idle());
    return reply.code(202).header('location', `/api/v1/imports/${job.id}`).send(ok(presentImport(job)));
  });

  const listDocs = { operationId: 'listImports', summary: 'List imports', description: 'One page of your CSV imports, newest first, with their progress and failures.' };
  app.get('/imports', { schema: { tags: ['Imports'], ...listDocs, querystring: importListQuerySchema, response: { 200: importJobPage } } }, async (request) => {
    const { page, per_page } = request.query;
    const { rows, total } = await repo.list(request.workspace.id, page, per_page);
    return paginate(request, rows.map(presentImport), total, page, per_page);
  });

  const dryRunDocs = {
    operationId: 'getImportDryRun',
    summary: 'Get a dry run that outlived its request',
    description: 'A dry run (`POST /links/import?dry_run=1`) answered 202: `running` with the rows checked so far, then `completed` with `result` (the dry run\'s answer) or `failed` with `error`. Kept 15 minutes after it ends, on the instance that ran it; 404 afterwards.',
  };
  app.get('/imports/dry-runs/:id', { schema: { tags: ['Imports'], ...dryRunDocs, params: z.object({ id: z.string().max(64) }), response: { 200: envelope(importDryRunJobObject) } } }, async (request) => {
    const job = dryRuns.find(request.workspace.id, request.params.id);
    if (!job) throw notFound();
    return ok(job);
  });

  const showDocs = { operationId: 'getImport', summary: 'Get an import', description: 'One of your CSV imports: its status, counts and the first failures; poll it until `status` is `completed` or `failed`.' };
  app.get('/imports/:id', { schema: { tags: ['Imports'], ...showDocs, params: idParams, response: { 200: envelope(importJobObject) } } }, async (request) => {
    const row = await repo.find(request.workspace.id, parseId(request.params.id));
    if (!row) throw notFound();
    return ok(presentImport(row));
  });
}

// Named, so that an app without the import runner or the heavy-work pool fails at boot; encapsulated (its
// body parsers and error handler are its own).
export const importsRoutes = fp(importRoutes, { name: 'linkdeck-imports-routes', dependencies: [HEAVY, IMPORTS], encapsulate: true });
