// Which writes the instance log records (GET /api/v1/instance/audit-log): what the instance admin does to the
// instance, which no workspace's log holds, or which a workspace's log cannot keep: people created, changed
// (made admin) and deleted; domains shared with every workspace, or no longer; workspaces deleted (their own log
// goes with them). Decided once per route at boot, as audit-route.ts does for workspace logs; whether a domain
// write is an instance matter is decided per request (it sent `shared`).
import type { FastifyRequest } from 'fastify';
import type { AuditObject } from '../../shared/objects/audit.object';
import { describeWrite } from './audit-summary';
import type { AuditedRoute } from './audit-route';

const API = '/api/v1';
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface InstanceAuditedRoute extends AuditedRoute {
  /** Whether this request is an instance matter. */
  records(request: FastifyRequest): boolean;
}

interface RouteLike {
  method: string | string[];
  url: string;
  schema?: { operationId?: unknown; hide?: unknown };
}

const always = (_request: FastifyRequest) => true;
const sendsShared = (request: FastifyRequest) => {
  const shared = (request.body as { shared?: unknown } | undefined)?.shared;
  return request.method === 'POST' ? shared === 1 : shared !== undefined;
};

export function instanceAuditOfRoute(route: RouteLike): InstanceAuditedRoute | null {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const action = route.schema?.operationId;
  if (typeof action !== 'string' || route.schema?.hide || methods.some((m) => READS.has(m.toUpperCase()))) return null;
  const of = (object: AuditObject, records = always): InstanceAuditedRoute => ({ kind: 'audited', action, object, idParam: route.url.endsWith('/:id') ? 'id' : null, records });
  if (route.url === `${API}/users` || route.url === `${API}/users/:id`) return of('user');
  if (route.url === `${API}/workspaces/:id` && methods.includes('DELETE')) return of('workspace');
  if (route.url === `${API}/domains` || (route.url === `${API}/domains/:id` && !methods.includes('DELETE'))) return of('domain', sendsShared);
  return null;
}

type Json = Record<string, unknown>;
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** An instance entry's words: a person's role, a domain's sharing; otherwise as a workspace entry says it. */
export function instanceSummary(route: InstanceAuditedRoute, params: Record<string, string>, answer: unknown, workspaceName: string | undefined, said: string | undefined, body: Json) {
  const base = describeWrite(route, params, answer, workspaceName, said);
  const data = ((answer as Json | null)?.data ?? {}) as Json;
  const name = text(data.name) ?? (base.objectId === null ? '' : `#${base.objectId}`);
  const words = (summary: string) => describeWrite(route, params, answer, workspaceName, summary);
  if (said !== undefined) return base;
  if (route.object === 'user' && route.action === 'createUser') return words(`Created user ${name} with the role ${text(data.role) ?? '?'}`);
  if (route.object === 'user' && text(body.role)) return words(`Updated user ${name}: role ${text(data.role) ?? text(body.role)}`);
  if (route.object === 'domain') return words(data.shared === true ? `Shared domain ${name} with every workspace` : `Domain ${name} is not shared`);
  return base;
}
