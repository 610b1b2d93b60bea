// GET /api/v1/links/export?format=csv|json (the list filters of GET /links) and GET /api/v1/stats/export
// (raw click events as CSV): streamed, a batch at a time, as the client reads (Readable.from pulls the next
// batch only when the socket has room), with a file name to save as.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { CLICK_EXPORT_COLUMNS, LINK_EXPORT_COLUMNS, LINK_EXPORT_OMITTED, clicksExportQuerySchema, linkExportQuerySchema } from '../../shared/export.schema';
import { notFound } from '../http/errors';
import { linkExportChunks } from './link-export';
import { clickExportChunks } from './click-export';
import { LinksRepo } from '../links/links.repo';
import type { Ticket } from '../workers/heavy-admission';
import { HEAVY } from '../workers/heavy.plugin';

/**
 * The export's chunks, made on a pool thread with its own connection (workers/heavy-pool.ts), each when the
 * client has room for it; the ticket is held until the download ends or is given up. An in-memory SQLite
 * database cannot be read from a thread: then the chunks are made here.
 */
async function* offLoop(ticket: Ticket, made: AsyncIterable<string> | null, local: () => AsyncIterable<string>): AsyncGenerator<string> {
  try {
    yield* made ?? local();
  } finally {
    ticket.release();
  }
}

function download(reply: FastifyReply, chunks: AsyncIterable<string>, name: string, type: string, ticket: Ticket): FastifyReply {
  // A download given up before its first chunk never runs offLoop's finally.
  reply.raw.once('close', () => ticket.release());
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .type(type)
    .header('content-disposition', `attachment; filename="linkdeck-${name}-${day}.${type.startsWith('text/csv') ? 'csv' : 'json'}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(chunks, { objectMode: false }));
}

/** The downloads as the document describes them: not JSON answers, so written as OpenAPI responses (passed through as is). */
/** Response headers are written as JSON Schema (@fastify/swagger makes each a header object). */
const attachment = (description: string, example: string) => ({
  'Content-Disposition': { type: 'string', description, examples: [`attachment; filename="${example}"`] },
});
const csvText = (columns: readonly string[], note = '') => ({ type: 'string', description: `A header row, then one row per line: ${columns.join(', ')}.${note}` });
/** What the links file leaves out (passwords), said in the document of both formats. */
const omittedNote = Object.values(LINK_EXPORT_OMITTED).join(' ');

const linksDownload = {
  description: 'The links, in id order: CSV (`format=csv`, the default) or JSON (`format=json`).',
  headers: attachment('A file to save, named `linkdeck-links-<today>.csv` (`.json` with `format=json`).', 'linkdeck-links-2026-11-20.csv'),
  content: {
    'text/csv': { schema: csvText(LINK_EXPORT_COLUMNS, ` ${omittedNote}`) },
    'application/json': {
      schema: {
        type: 'object',
        properties: {
          omitted: {
            type: 'object',
            description: `The fields of a link this file does not carry, each with the reason. ${omittedNote}`,
            additionalProperties: { type: 'string' },
          },
          data: { type: 'array', items: { $ref: '#/components/schemas/Link' } },
          status: { const: 200 },
        },
        required: ['omitted', 'data', 'status'],
      },
    },
  },
};

const clicksDownload = {
  description: 'The click events, oldest first, as CSV.',
  headers: attachment('A file to save, named `linkdeck-clicks-<today>.csv`.', 'linkdeck-clicks-2026-11-20.csv'),
  content: { 'text/csv': { schema: csvText(CLICK_EXPORT_COLUMNS) } },
};

async function exportRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.ctx;
  const heavy = app.heavy;
  const target = heavy.pool.dbTarget;

  const linksDocs = {
    operationId: 'exportLinks',
    summary: 'Export links',
    description:
      'Every link matching the filters of GET /links (not its paging or sorting), in id order, streamed as a file to save: CSV with one cell per field (lists encoded in a cell), or JSON as `{"omitted": {...}, "data": [Link, ...], "status": 200}`. The CSV imports back with `source=linkdeck`, every writable field but the passwords, which are never exported (`omitted` says so).',
  };
  app.get('/links/export', { schema: { tags: ['Exports'], ...linksDocs, querystring: linkExportQuerySchema, response: { 200: linksDownload } } }, async (request, reply) => {
    const q = request.query;
    const userId = request.workspace.id;
    const ticket = heavy.admit(reply, userId);
    const made = target && heavy.pool.stream(userId, 'exportLinks', { target, userId, baseUrl: config.baseUrl, query: q });
    const chunks = offLoop(ticket, made, () => linkExportChunks(db, config.baseUrl, userId, q));
    return download(reply, chunks, 'links', q.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8', ticket);
  });

  const clicksDocs = {
    operationId: 'exportClicks',
    summary: 'Export clicks',
    // link_id names a link of the account: another's, or none, is a 404.
    'x-errors': ['404' as const],
    description:
      "Your links' recorded clicks (raw events, kept `CLICK_RETENTION_DAYS` days) from `from` to `to` (UTC days), optionally of one link, streamed as a CSV file to save.",
  };
  app.get('/stats/export', { schema: { tags: ['Exports'], ...clicksDocs, querystring: clicksExportQuerySchema, response: { 200: clicksDownload } } }, async (request, reply) => {
    const q = request.query;
    if (q.link_id !== undefined) {
      if (!(await new LinksRepo(db.kysely).find(request.workspace.id, q.link_id))) throw notFound();
    }
    const userId = request.workspace.id;
    const ticket = heavy.admit(reply, userId);
    const made = target && heavy.pool.stream(userId, 'exportClicks', { target, userId, baseUrl: config.baseUrl, query: q });
    return download(reply, offLoop(ticket, made, () => clickExportChunks(db, userId, q)), 'clicks', 'text/csv; charset=utf-8', ticket);
  });
}

// Named, so that an app without the heavy-work pool fails at boot; encapsulated as any routes.
export const exportsRoutes = fp(exportRoutes, { name: 'linkdeck-exports-routes', dependencies: [HEAVY], encapsulate: true });
