// GET /api/v1/links/export?format=csv|json (the list filters of GET /links) and GET /api/v1/stats/export
// (raw click events as CSV): streamed, a batch at a time, as the client reads (Readable.from pulls the next
// batch only when the socket has room), with a file name to save as.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { clicksExportQuerySchema, linkExportQuerySchema } from '../../shared/export.schema';
import { notFound } from '../http/errors';
import { linkExportChunks } from './link-export';
import { clickExportChunks } from './click-export';

function download(reply: FastifyReply, chunks: AsyncIterable<string>, name: string, type: string): FastifyReply {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .type(type)
    .header('content-disposition', `attachment; filename="linkdeck-${name}-${day}.${type.startsWith('text/csv') ? 'csv' : 'json'}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(chunks, { objectMode: false }));
}

export async function exportsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.ctx;

  app.get('/links/export', { schema: { tags: ['Exports'], summary: 'Every link matching the list filters, as CSV or JSON (streamed)', querystring: linkExportQuerySchema } }, async (request, reply) => {
    const q = request.query;
    const chunks = linkExportChunks(db, config.baseUrl, request.user.id, q);
    return download(reply, chunks, 'links', q.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8');
  });

  app.get('/stats/export', { schema: { tags: ['Exports'], summary: "The account's raw click events as CSV (streamed)", querystring: clicksExportQuerySchema } }, async (request, reply) => {
    const q = request.query;
    if (q.link_id !== undefined) {
      const link = await db.kysely.selectFrom('links').select('id').where('id', '=', q.link_id).where('user_id', '=', request.user.id).executeTakeFirst();
      if (!link) throw notFound();
    }
    return download(reply, clickExportChunks(db, request.user.id, q), 'clicks', 'text/csv; charset=utf-8');
  });
}
