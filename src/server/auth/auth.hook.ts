// Bearer API key on every /api/v1 request (contract 2): 401 for a missing, malformed, unknown or expired key.
// Unknown keys are limited per client address (WRONG_API_KEY_LIMIT in 5 minutes, counted in the database like
// password attempts): past the limit an unknown key is answered 429 with Retry-After; a valid key still works.
// A known key gives the request its person (`request.user`), its key (`request.apiKey`) and the workspace it acts in
// with what it may do there (`request.workspace`, request-workspace.ts); then the scope hook checks what the route
// needs (route-scopes.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiKeysRepo, type KeyHolder } from '../api-keys/api-keys.repo';
import { WorkspacesRepo } from '../workspaces/workspaces.repo';
import { forbidden, HttpError, unauthenticated } from '../http/errors';
import { attemptLimitsFor, WRONG_API_KEYS } from './attempt-limits';
import { API_KEY_PATTERN } from './api-key-format';
import { accessOf, requireScope, routeAccess } from './route-scopes';
import { resolveWorkspace } from './request-workspace';

const BEARER = new RegExp(`^Bearer\\s+(${API_KEY_PATTERN})\\s*$`);
/** A key's last use is written at most once in this long. */
const USE_INTERVAL_MS = 60_000;

export function apiKeyOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  return BEARER.exec(header)?.[1] ?? null;
}

export function registerAuth(app: FastifyInstance, publicPaths: (url: string) => boolean): void {
  const keys = new ApiKeysRepo(app.ctx.db.kysely);
  const workspaces = new WorkspacesRepo(app.ctx.db.kysely);
  const wrongKeys = attemptLimitsFor(app.ctx.db);
  const wrongKeyLimit = { ...WRONG_API_KEYS, max: app.ctx.config.wrongApiKeyLimit };
  // When this instance last wrote each key's use (the database's last_used_at tells the other instances).
  const written = new Map<number, number>();

  const recordUse = async (request: FastifyRequest, key: KeyHolder) => {
    const now = Date.now();
    const since = now - USE_INTERVAL_MS;
    if ((key.lastUsedAt !== null && Date.parse(key.lastUsedAt) > since) || (written.get(key.id) ?? 0) > since) return;
    written.set(key.id, now);
    await keys
      .touch(key.id, new Date(now).toISOString(), new Date(since).toISOString())
      .catch((err: unknown) => request.log.warn({ err }, 'recording an API key use failed'));
  };

  // preParsing, not onRequest: route-level onRequest hooks (the rate limit's) run after instance-level ones,
  // so an onRequest auth hook answered 401 before the rate limit had counted the request or set its headers.
  app.addHook('preParsing', async (request, reply) => {
    if (publicPaths(request.url)) return;
    const apiKey = apiKeyOf(request);
    if (!apiKey) throw unauthenticated();
    const key = await keys.byKey(apiKey);
    if (!key) {
      if (wrongKeyLimit.max <= 0) throw unauthenticated();
      // request.ip: the client address by Fastify's trustProxy, as the API rate limit keys it.
      const wait = await wrongKeys.take(`key|${request.ip}`, wrongKeyLimit);
      if (!wait) throw unauthenticated();
      reply.header('retry-after', String(wait));
      throw new HttpError(429, 'Too Many Requests.');
    }
    if (key.expiresAt !== null && key.expiresAt <= new Date().toISOString()) throw new HttpError(401, `This API key expired (${key.expiresAt}).`);
    await recordUse(request, key);
    const { person } = key;
    request.user = { id: person.id, name: person.name, role: person.role, created_at: person.created_at };
    request.apiKey = { id: key.id, name: key.name, workspaceId: key.workspaceId, scopes: key.scopes };
    request.workspace = await resolveWorkspace(request, key, accessOf(request), workspaces);
  });

  // Every API route must have its access declared (route-scopes.ts): an undeclared one stops the start.
  app.addHook('onRoute', (route) => {
    if (publicPaths(route.url)) return;
    for (const method of [route.method].flat()) routeAccess(method, route.url, route.config?.scope);
  });

  // After the key: what the route needs (route-scopes.ts), before the body is read or validated.
  app.addHook('preParsing', async (request) => {
    if (publicPaths(request.url)) return;
    const access = accessOf(request);
    if (access.signInKeyOnly && request.apiKey.workspaceId !== null) {
      if (access.kind === 'instance') throw forbidden();
      throw new HttpError(403, 'This request needs your sign-in key: a key of a workspace acts only in that workspace.');
    }
    // A self-service route checks the scope itself, unless it acts on the caller's own (requireScopeUnlessOwn).
    if (access.scope && !access.selfService) requireScope(request, access.scope);
  });
}

/** Instance admins only (the instance's users and settings). */
export function requireAdmin(request: FastifyRequest): void {
  if (request.user.role !== 'admin') throw forbidden();
}
