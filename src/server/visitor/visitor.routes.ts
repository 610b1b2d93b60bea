// GET /api/v1/visitor: the visitor the redirect sees for a given User-Agent, IP and Accept-Language, so
// the dashboard's targeting preview can use a real request's values (same parser, geo database, bot list).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { visitorPreviewQuerySchema, type ResolvedVisitor } from '../../shared/visitor-preview.schema';
import { ok } from '../http/pagination';
import { envelope } from '../../shared/objects/common.object';
import { visitorPreviewObject } from '../../shared/objects/visitor.object';
import { VisitorResolver } from './visitor';

export async function visitorRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // No proxy headers here: the address is the one typed.
  const visitors = new VisitorResolver(false);

  const docs = {
    operationId: 'previewVisitor',
    summary: 'Preview a visitor',
    description:
      "What the redirect makes of a User-Agent, an IP address and an Accept-Language (the same parser, geo database and bot list): the country, continent, language, OS, browser and device its targeting rules match, and whether it is a bot. Nothing is recorded.",
  };
  app.get('/', { schema: { tags: ['Visitor'], ...docs, querystring: visitorPreviewQuerySchema, response: { 200: envelope(visitorPreviewObject) } } }, async (request) => {
    const q = request.query;
    const headers = { 'user-agent': q.user_agent || undefined, 'accept-language': q.accept_language || undefined };
    const v = visitors.resolve(q.ip ?? '', headers);
    // VisitorInfo declares its targeting fields as strings; the resolver gives the enums the schema names (the tests check each answer).
    const out = { country: v.country, continent: v.continent, language: v.language, os: v.os, browser: v.browser, device: v.device, bot: v.bot } as ResolvedVisitor;
    return ok(out);
  });
}
