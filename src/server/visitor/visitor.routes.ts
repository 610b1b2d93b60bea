// GET /api/v1/visitor: the visitor the redirect sees for a given User-Agent, IP and Accept-Language, so
// the dashboard's targeting preview can use a real request's values (same parser, geo database, bot list).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { visitorPreviewQuerySchema, type ResolvedVisitor } from '../../shared/visitor-preview.schema';
import { ok } from '../http/pagination';
import { VisitorResolver } from './visitor';

export async function visitorRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // No proxy headers here: the address is the one typed.
  const visitors = new VisitorResolver(false);

  app.get('/', { schema: { tags: ['Visitor'], querystring: visitorPreviewQuerySchema } }, async (request) => {
    const q = request.query;
    const headers = { 'user-agent': q.user_agent || undefined, 'accept-language': q.accept_language || undefined };
    const v = visitors.resolve(q.ip ?? '', headers);
    const out: ResolvedVisitor = { country: v.country, continent: v.continent, language: v.language, os: v.os, browser: v.browser, device: v.device, bot: v.bot };
    return ok(out);
  });
}
