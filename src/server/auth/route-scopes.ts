// What each API route needs beyond a valid key, derived in this one place from its method and path:
// the auth hook resolves the workspace by it, the scope hook enforces it (scope.hook.ts), and the API document shows
// it on every operation (openapi-document.ts: `x-linkdeck-scope`, `x-linkdeck-access` and the security scopes).
// A route of a path prefix below needs the prefix's `:read` scope for GET and HEAD, its `:write` scope otherwise;
// a route may name its scope itself (`config: { scope }`). A route under no prefix stops the start. A few routes
// let a person act on what is their own without the scope (SELF_SERVICE: leaving, revoking their own key).
import type { FastifyRequest } from 'fastify';
import { ROLE_SCOPES, type ApiScope } from '../../shared/api-scopes';
import { HttpError } from '../http/errors';

/** Resource families whose routes need `<family>:read` to read and `<family>:write` to write. */
type Family = 'links' | 'domains' | 'spaces' | 'pixels' | 'tags' | 'templates' | 'webhooks';
/** A prefix's own scopes: `null` is a workspace route any member may call. */
type Sides = { read?: ApiScope | null; write?: ApiScope | null };
type Entry = Family | Sides | 'account' | 'sign-in' | 'instance' | 'open';

export interface RouteAccess {
  /**
   * `workspace`: acts in a workspace and needs `scope` there (null: any role); `account`: the person's own (GET
   * /account, the list of their workspaces, invitations); `instance`: the instance admin's (users); `open`: only
   * the 404 fallback.
   */
  kind: 'workspace' | 'account' | 'instance' | 'open';
  scope: ApiScope | null;
  /** Only the person's sign-in key may call it (a workspace key gets 403). */
  signInKeyOnly: boolean;
  /** The path parameter that names the workspace (else the `Linkdeck-Workspace` header names it). */
  workspaceParam: string | null;
  /**
   * The route acts on a member or a key that may be the caller's own, which they may do without `scope` with their
   * sign-in key: the scope hook leaves the check to the handler (requireScopeUnlessOwn).
   */
  selfService: boolean;
}

/** Path prefixes below /api/v1; the longest matching one decides. */
const PREFIXES: Record<string, Entry> = {
  '/links': 'links',
  '/links/import': { write: 'imports:write' },
  '/links/export': { read: 'exports:read' },
  '/imports': { read: 'imports:write' },
  '/og-images': 'links',
  '/operations': 'links',
  '/views': 'links',
  '/visitor': { read: 'links:read' },
  '/domains': 'domains',
  '/spaces': 'spaces',
  '/pixels': 'pixels',
  '/tags': 'tags',
  '/utm-templates': 'templates',
  '/account/qr-style': 'templates',
  '/account/qr-logo': 'templates',
  '/webhooks': 'webhooks',
  '/stats': { read: 'analytics:read' },
  '/stats/export': { read: 'exports:read' },
  '/audit-log': { read: 'audit:read' },
  '/account': 'account',
  '/workspaces': 'account',
  '/workspaces/:id': { read: null, write: 'workspace:write' },
  '/workspaces/:id/members': { read: 'members:read', write: 'members:write' },
  '/workspaces/:id/invitations': { read: 'members:read', write: 'members:write' },
  '/workspaces/:id/api-keys': { read: 'keys:read', write: 'keys:write' },
  // Opening and accepting an invitation: any signed-in person, with their sign-in key.
  '/invitations': 'sign-in',
  '/users': 'instance',
  '/instance': 'instance',
  '/*': 'open',
};
/** Prefixes whose workspace is the one in the path, not the header's. */
const WORKSPACE_PARAMS: Record<string, string> = {
  '/workspaces/:id': 'id',
  '/workspaces/:id/members': 'id',
  '/workspaces/:id/invitations': 'id',
  '/workspaces/:id/api-keys': 'id',
};
/** Routes (method and path below /api/v1) a person may call on their own member or key without the scope. */
const SELF_SERVICE = new Set(['DELETE /workspaces/:id/members/:user_id', 'DELETE /workspaces/:id/api-keys/:key_id']);

const API = '/api/v1';
const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/** The access a route needs; throws for a route no prefix declares. `override`: the route's `config.scope`. */
export function routeAccess(method: string, url: string, override?: ApiScope): RouteAccess {
  const where = `${method} ${url}`;
  if (!url.startsWith(API)) throw new Error(`${where}: not an API route`);
  const segments = url.slice(API.length).split('/').filter(Boolean);
  const prefix = Object.keys(PREFIXES)
    .filter((p) => p.split('/').filter(Boolean).every((s, i) => segments[i] === s))
    .sort((a, b) => b.length - a.length)[0];
  if (prefix === undefined) throw new Error(`${where}: no scope is declared for this route: add its prefix to route-scopes.ts`);
  const entry = PREFIXES[prefix]!;
  const workspaceParam = WORKSPACE_PARAMS[prefix] ?? null;
  const selfService = SELF_SERVICE.has(`${method} ${url.slice(API.length)}`);
  const none = { scope: null, workspaceParam, selfService };
  if (override) return { kind: 'workspace', scope: override, signInKeyOnly: false, workspaceParam, selfService };
  if (entry === 'account') return { kind: 'account', ...none, signInKeyOnly: !isRead(method) };
  if (entry === 'sign-in') return { kind: 'account', ...none, signInKeyOnly: true };
  if (entry === 'instance') return { kind: 'instance', ...none, signInKeyOnly: true };
  if (entry === 'open') return { kind: 'open', ...none, signInKeyOnly: false };
  const sides: Sides = typeof entry === 'string' ? { read: `${entry}:read`, write: `${entry}:write` } : entry;
  const scope = isRead(method) ? sides.read : sides.write;
  if (scope === undefined) throw new Error(`${where}: ${prefix} declares no scope to ${isRead(method) ? 'read' : 'write'} with`);
  if (selfService && !scope) throw new Error(`${where}: a self-service route needs a scope for what is not the caller's own`);
  return { kind: 'workspace', scope, signInKeyOnly: false, workspaceParam, selfService };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scope this route needs, instead of the one its path prefix gives (route-scopes.ts). */
    scope?: ApiScope;
  }
}

const cache = new Map<string, RouteAccess>();

/** The access of the request's route. */
export function accessOf(request: FastifyRequest): RouteAccess {
  const url = request.routeOptions.url ?? '/api/v1/*';
  const override = request.routeOptions.config.scope;
  const key = `${request.method} ${url} ${override ?? ''}`;
  let access = cache.get(key);
  if (!access) cache.set(key, (access = routeAccess(request.method, url, override)));
  return access;
}

/** A 403 naming the missing scope, and whether the key or the role lacks it. */
export class ScopeError extends HttpError {
  constructor(
    public readonly scope: ApiScope,
    message: string,
  ) {
    super(403, message);
  }

  override body(): Record<string, unknown> {
    return { message: this.message, status: this.statusCode, scope: this.scope };
  }
}

/**
 * A self-service route's handler (SELF_SERVICE): the route's scope is needed unless the member or key it acts on is
 * the caller's own (`own`) and the request comes with their sign-in key (a key of a workspace needs the scope).
 */
export function requireScopeUnlessOwn(request: FastifyRequest, own: boolean): void {
  const { scope, selfService } = accessOf(request);
  if (!selfService || !scope) throw new Error(`${request.method} ${request.routeOptions.url ?? ''} is no self-service route`);
  if (own && request.apiKey.workspaceId === null) return;
  requireScope(request, scope);
}

/** Throws the 403 unless the request may use `scope` in its workspace. */
export function requireScope(request: FastifyRequest, scope: ApiScope): void {
  const { workspace } = request;
  if (workspace.scopes.has(scope)) return;
  const needs = `This request needs the scope ${scope}`;
  // The role is the more lasting reason: it is named whenever it lacks the scope, the key otherwise.
  throw new ScopeError(
    scope,
    ROLE_SCOPES[workspace.role].includes(scope)
      ? `${needs}, which this API key does not have.`
      : `${needs}, which your role in this workspace (${workspace.role}) does not have.`,
  );
}
