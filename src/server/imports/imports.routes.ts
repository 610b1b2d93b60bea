// POST /api/v1/links/import (a CSV file as multipart/form-data field `file`, or a text/csv body) answers 202
// with an import job; GET /api/v1/imports and /api/v1/imports/{id} show the account's jobs and their
// progress. The file is read whole here (at most MAX_IMPORT_BYTES): a malformed CSV or an unknown header
// is a 422 at once; the rows are checked and written in the background (import-job.ts), or, with dry_run=1,
// checked at once without writing (import-dry-run.ts).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { CsvError, detectDelimiter, parseCsv } from '../../shared/csv';
import { IMPORT_SOURCES, MAX_IMPORT_BYTES, importListQuerySchema, importQuerySchema } from '../../shared/import.schema';
import type { AppContext } from '../context';
import { fieldError, HttpError, notFound, sendError } from '../http/errors';
import { nowIso, ok, paginate, parseId } from '../http/pagination';
import { idParams } from '../http/params';
import { detectFormat, headerIndex } from './formats';
import { ImportRunner } from './import-job';
import { dryRunImport } from './import-dry-run';
import { ImportsRepo, presentImport } from './imports.repo';
import { envelope, pageOf } from '../../shared/objects/common.object';
import { importDryRunObject, importJobObject } from '../../shared/objects/import.object';
import { importDryRunExample, importJobExample } from './imports.examples';

const importJobPage = pageOf(importJobObject, 'Import');

const CSV_TYPES = ['text/csv', 'application/csv', 'text/comma-separated-values', 'application/vnd.ms-excel'];
const MULTIPART_SLACK = 1024 * 1024;
const MB = MAX_IMPORT_BYTES / 1024 / 1024;

const tooLarge = () => new HttpError(413, `The file is too large: imports take CSV files of at most ${MB} MB. Split it into smaller files.`);

const runners = new WeakMap<AppContext, ImportRunner>();

/** The app's import runner (tests wait for it to be idle). */
export function importRunnerOf(ctx: AppContext): ImportRunner | undefined {
  return runners.get(ctx);
}

/** The uploaded file's text and name, from a text/csv body or a multipart form's `file` field. */
async function uploadedFile(request: FastifyRequest): Promise<{ bytes: Uint8Array; name: string | null }> {
  const body = request.body;
  const type = request.headers['content-type'] ?? '';
  if (!Buffer.isBuffer(body)) {
    if (type) throw new HttpError(415, 'Send the CSV file as multipart/form-data (field "file") or as a text/csv body.');
    throw fieldError('file', 'is required.');
  }
  if (!/^multipart\/form-data/i.test(type)) {
    if (body.length > MAX_IMPORT_BYTES) throw tooLarge();
    return { bytes: body, name: null };
  }
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
  } catch {
    throw fieldError('file', 'could not be read: the multipart/form-data body is malformed.');
  }
  const file = form.get('file');
  if (file === null) throw fieldError('file', 'is required.');
  if (typeof file === 'string') return { bytes: Buffer.from(file), name: null };
  if (file.size > MAX_IMPORT_BYTES) throw tooLarge();
  return { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name.slice(0, 255) || null };
}

/** Checks the whole file's syntax and header; the header, its format and the number of data rows. */
function inspect(text: string, source: (typeof IMPORT_SOURCES)[number] | 'auto') {
  const delimiter = detectDelimiter(text);
  let headers: string[] | undefined;
  let rows = 0;
  try {
    for (const rec of parseCsv(text, delimiter)) {
      if (headers) rows++;
      else headers = rec.fields;
    }
  } catch (err) {
    if (err instanceof CsvError) throw fieldError('file', err.message);
    throw err;
  }
  if (!headers) throw fieldError('file', 'is empty: it needs a header row and at least one row.');
  const format = detectFormat(headers, source);
  const shown = headers.join(delimiter).slice(0, 300);
  if (!format) {
    const known = source === 'auto' ? `any known format (${IMPORT_SOURCES.join(', ')})` : `the ${source} format`;
    throw fieldError('file', `has a header row (line 1) that is not ${known}: "${shown}". Name the format with source=, or see the README for each format's columns.`);
  }
  if (rows === 0) throw fieldError('file', 'has no rows after its header row.');
  return { delimiter, headers, format, rows };
}

export async function importsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = new ImportsRepo(app.ctx.db.kysely);
  const runner = new ImportRunner(app.ctx, repo, (err) => app.log.error({ err }, 'import failed'));
  runners.set(app.ctx, runner);
  app.addHook('onClose', async () => runner.stop());
  // Jobs a stopped process left unfinished. Other PostgreSQL instances may be running theirs: only those
  // that have not moved for ten minutes count as left.
  const now = Date.now();
  const staleBefore = new Date(app.ctx.db.dialect === 'postgres' ? now - 600_000 : now + 1000).toISOString();
  await repo.failAbandoned(staleBefore, nowIso());

  const limit = MAX_IMPORT_BYTES + MULTIPART_SLACK;
  app.addContentTypeParser(CSV_TYPES, { parseAs: 'buffer', bodyLimit: limit }, (_req, body, done) => done(null, body));
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: limit }, (_req, body, done) => done(null, body));
  app.setErrorHandler((error: FastifyError, _request, reply: FastifyReply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendError(reply, tooLarge());
    throw error;
  });

  const description =
    `The body is the CSV file: multipart/form-data with the field "file", or the file itself as text/csv (UTF-8, at most ${MB} MB; ` +
    'comma, semicolon or tab separated, with a header row). Formats: linkdeck (GET /links/export), bitly, yourls, kutt, shlink, detected ' +
    'from the header or named with source=. Answers 202 with an import job; GET /imports/{id} follows it. With dry_run=1 the file is ' +
    'checked as the import would check it and nothing is written: 200 with the counts, the failures and the first rows mapped to link fields.';
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
    202: envelope(importJobObject).meta({ description: 'The import job, queued; `Location` names it.', examples: [{ data: importJobExample, status: 200 }] }),
  };
  app.post('/links/import', { bodyLimit: limit, schema: { tags: ['Imports'], ...importDocs, querystring: importQuerySchema, response: importAnswers } }, async (request, reply) => {
    const q = request.query;
    const userId = request.user.id;
    if (q.domain_id !== undefined && !(await repo.namesToIds('domains', userId).then((m) => [...m.values()].includes(q.domain_id as number)))) {
      throw fieldError('domain_id', 'must be one of your domains.');
    }
    const { bytes, name } = await uploadedFile(request);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw fieldError('file', 'must be UTF-8 text (save the CSV as UTF-8).');
    }
    const { delimiter, headers, format, rows } = inspect(text, q.source);
    const rowSpec = { userId, format, index: headerIndex(headers), headerCount: headers.length, domainId: q.domain_id ?? null };
    if (q.dry_run) {
      const data = await dryRunImport(repo, { text, delimiter, onConflict: q.on_conflict, query: q, fileName: name, headers, rowsTotal: rows, rows: rowSpec });
      return reply.code(200).send(ok(data));
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
      text,
      delimiter,
      onConflict: q.on_conflict,
      partial: q.partial === 1,
      rows: rowSpec,
    });
    return reply.code(202).header('location', `/api/v1/imports/${job.id}`).send(ok(presentImport(job)));
  });

  const listDocs = { operationId: 'listImports', summary: 'List imports', description: 'One page of your CSV imports, newest first, with their progress and failures.' };
  app.get('/imports', { schema: { tags: ['Imports'], ...listDocs, querystring: importListQuerySchema, response: { 200: importJobPage } } }, async (request) => {
    const { page, per_page } = request.query;
    const { rows, total } = await repo.list(request.user.id, page, per_page);
    return paginate(request, rows.map(presentImport), total, page, per_page);
  });

  const showDocs = { operationId: 'getImport', summary: 'Get an import', description: 'One of your CSV imports: its status, counts and the first failures; poll it until `status` is `completed` or `failed`.' };
  app.get('/imports/:id', { schema: { tags: ['Imports'], ...showDocs, params: idParams, response: { 200: envelope(importJobObject) } } }, async (request) => {
    const row = await repo.find(request.user.id, parseId(request.params.id));
    if (!row) throw notFound();
    return ok(presentImport(row));
  });
}
