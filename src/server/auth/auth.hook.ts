// Bearer API key on every /api/v1 request (contract 2): 401 for a missing, malformed or unknown key. Unknown
// keys are limited per client address (WRONG_API_KEY_LIMIT in 5 minutes, counted in the database like password
// attempts): past the limit an unknown key is answered 429 with Retry-After; a valid key still works.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UsersRepo } from '../users/users.repo';
import { forbidden, HttpError, unauthenticated } from '../http/errors';
import { attemptLimitsFor, WRONG_API_KEYS } from './attempt-limits';
import { API_KEY_PATTERN } from './api-key-format';

const BEARER = new RegExp(`^Bearer\\s+(${API_KEY_PATTERN})\\s*$`);

export function apiKeyOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  return BEARER.exec(header)?.[1] ?? null;
}

export function registerAuth(app: FastifyInstance, publicPaths: (url: string) => boolean): void {
  const users = new UsersRepo(app.ctx.db.kysely);
  const wrongKeys = attemptLimitsFor(app.ctx.db);
  const wrongKeyLimit = { ...WRONG_API_KEYS, max: app.ctx.config.wrongApiKeyLimit };
  // preParsing, not onRequest: route-level onRequest hooks (the rate limit's) run after instance-level ones,
  // so an onRequest auth hook answered 401 before the rate limit had counted the request or set its headers.
  app.addHook('preParsing', async (request, reply) => {
    if (publicPaths(request.url)) return;
    const key = apiKeyOf(request);
    if (!key) throw unauthenticated();
    const user = await users.byApiKey(key);
    if (!user) {
      if (wrongKeyLimit.max <= 0) throw unauthenticated();
      // request.ip: the client address by Fastify's trustProxy, as the API rate limit keys it.
      const wait = await wrongKeys.take(`key|${request.ip}`, wrongKeyLimit);
      if (!wait) throw unauthenticated();
      reply.header('retry-after', String(wait));
      throw new HttpError(429, 'Too Many Requests.');
    }
    request.user = { id: user.id, name: user.name, role: user.role, created_at: user.created_at };
  });
}

export function requireAdmin(request: FastifyRequest): void {
  if (request.user.role !== 'admin') throw forbidden();
}
