// Bearer API key on every /api/v1 request (contract 2): 401 for a missing, malformed or unknown key.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UsersRepo } from '../users/users.repo';
import { forbidden, unauthenticated } from '../http/errors';

const BEARER = /^Bearer\s+([A-Za-z0-9_\-.~+/=]{8,200})\s*$/;

export function apiKeyOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  return BEARER.exec(header)?.[1] ?? null;
}

export function registerAuth(app: FastifyInstance, publicPaths: (url: string) => boolean): void {
  const users = new UsersRepo(app.ctx.db.kysely);
  // preParsing, not onRequest: route-level onRequest hooks (the rate limit's) run after instance-level ones,
  // so an onRequest auth hook answered 401 before the rate limit had counted the request or set its headers.
  app.addHook('preParsing', async (request) => {
    if (publicPaths(request.url)) return;
    const key = apiKeyOf(request);
    if (!key) throw unauthenticated();
    const user = await users.byApiKey(key);
    if (!user) throw unauthenticated();
    request.user = { id: user.id, name: user.name, role: user.role, created_at: user.created_at };
  });
}

export function requireAdmin(request: FastifyRequest): void {
  if (request.user.role !== 'admin') throw forbidden();
}
