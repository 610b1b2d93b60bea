// Which routes the audit log records, and what each one acts on: decided once per route, at boot, from its
// method, its URL pattern and its OpenAPI operationId (audit.plugin.ts reads it in onRoute). Every write of
// /api/v1 is recorded but those of NOT_AUDITED; audit-route.test.ts checks that every documented write maps to
// an object, so a new route is covered without new code unless its URL names something new.
import type { AuditObject } from '../../shared/objects/audit.object';

const API = '/api/v1/';

/** The URL segments that name what a write acts on, read from the last one backwards (`/links/:id/revisions/...`: link). */
const SEGMENT_OBJECTS: Record<string, AuditObject> = {
  links: 'link',
  domains: 'domain',
  spaces: 'space',
  pixels: 'pixel',
  tags: 'tag',
  'utm-templates': 'utm_template',
  views: 'view',
  webhooks: 'webhook',
  import: 'import',
  imports: 'import',
  operations: 'operation',
  'og-images': 'og_image',
  'qr-style': 'qr_style',
  'qr-logo': 'qr_style',
  workspaces: 'workspace',
  members: 'member',
  invitations: 'invitation',
  keys: 'api_key',
  'api-keys': 'api_key',
};

/**
 * Writes that are not a workspace's: the instance's accounts (the instance admin's user management) and the
 * person's own sign-in key (POST /account/api-key), which belongs to no workspace.
 */
const NOT_AUDITED = [`${API}users`, `${API}account/api-key`];

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface AuditedRoute {
  kind: 'audited';
  /** The operationId (updateLink). */
  action: string;
  object: AuditObject;
  /** The path parameter that holds the object's id (`id` of /links/:id, `id` of /operations/:id/undo), if any. */
  idParam: string | null;
}

export type RouteAudit = AuditedRoute | { kind: 'skipped' } | { kind: 'unmapped'; reason: string };

interface RouteLike {
  method: string | string[];
  url: string;
  schema?: { operationId?: unknown; hide?: unknown };
}

export function auditOfRoute(route: RouteLike): RouteAudit {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const operationId = route.schema?.operationId;
  if (!route.url.startsWith(API) || route.schema?.hide || methods.some((m) => READS.has(m.toUpperCase()))) return { kind: 'skipped' };
  if (NOT_AUDITED.some((prefix) => route.url === prefix || route.url.startsWith(`${prefix}/`))) return { kind: 'skipped' };
  if (typeof operationId !== 'string') return { kind: 'unmapped', reason: `${methods.join(',')} ${route.url} has no operationId` };
  const segments = route.url.slice(API.length).split('/');
  for (let i = segments.length - 1; i >= 0; i--) {
    const object = SEGMENT_OBJECTS[segments[i] ?? ''];
    if (!object) continue;
    const next = segments[i + 1];
    return { kind: 'audited', action: operationId, object, idParam: next?.startsWith(':') ? next.slice(1) : null };
  }
  return { kind: 'unmapped', reason: `${methods.join(',')} ${route.url} (${operationId}) names no object the audit log knows (audit-route.ts)` };
}
