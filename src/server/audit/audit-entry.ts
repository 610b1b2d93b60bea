// The rows an audited write leaves: its workspace's entry (audit_log) and, for what the instance admin does to the
// instance, an instance entry (instance_audit_log). Built from the route (audit-route.ts, instance-audit.ts), the
// request and, once there is one, the answer (audit-summary.ts words it). Where an entry belongs:
// - a new team workspace's creation: that team's log (its owner's personal log only until the answer names it);
// - a workspace's deletion (which deletes its log): the deleter's personal log, and the instance log;
// - anything else: the request's workspace.
import type { FastifyRequest } from 'fastify';
import type { Insertable } from 'kysely';
import type { AuditedRoute } from './audit-route';
import type { AuditInsert } from './audit.repo';
import type { InstanceAuditLogTable } from '../db/schema-features';
import { describeWrite, saidInAuditLog } from './audit-summary';
import { instanceSummary, type InstanceAuditedRoute } from './instance-audit';

export type InstanceAuditInsert = Omit<Insertable<InstanceAuditLogTable>, 'id'>;

const isDryRun = (request: FastifyRequest) => {
  const query = request.query as { dry_run?: unknown } | undefined;
  return query?.dry_run === 1 || query?.dry_run === true || query?.dry_run === '1';
};

const record = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** Who wrote, through what: the columns every entry shares. */
function actorOf(request: FastifyRequest) {
  const { user, workspace, apiKey } = request;
  const dashboard = workspace?.via === 'dashboard';
  return {
    actor_user_id: user.id as number | null,
    actor_name: user.name,
    via: dashboard ? ('dashboard' as const) : ('api' as const),
    key_id: dashboard ? null : (apiKey?.id ?? workspace?.keyId ?? null),
    key_name: dashboard ? null : (apiKey?.name ?? null),
  };
}

/** The workspace whose log holds the entry of `route` (see above). */
function logOf(route: AuditedRoute, request: FastifyRequest, answer: unknown): number {
  if (route.action === 'createWorkspace') {
    const id = record(record(answer).data).id;
    return typeof id === 'number' && id > 0 ? id : request.workspace.id;
  }
  if (route.object === 'workspace' && route.action.startsWith('delete')) return request.user.id;
  return request.workspace.id;
}

/** The workspace entry a write leaves (`answer` undefined: before there is one), or null (a dry run, no workspace). */
export function entryOf(route: AuditedRoute, request: FastifyRequest, answer: unknown, at: string): AuditInsert | null {
  if (isDryRun(request) || !request.user || !request.workspace) return null;
  const params = (request.params ?? {}) as Record<string, string>;
  const { objectId, summary } = describeWrite(route, params, answer, request.workspace.name, saidInAuditLog(request));
  return { workspace_id: logOf(route, request, answer), ...actorOf(request), action: route.action, object: route.object, object_id: objectId, summary, at };
}

/** The instance entry a write leaves, or null (not an instance matter: a domain write that leaves sharing alone). */
export function instanceEntryOf(route: InstanceAuditedRoute, request: FastifyRequest, answer: unknown, at: string): InstanceAuditInsert | null {
  if (isDryRun(request) || !request.user || !route.records(request)) return null;
  const params = (request.params ?? {}) as Record<string, string>;
  const said = saidInAuditLog(request);
  const { objectId, summary } = instanceSummary(route, params, answer, request.workspace?.name, said, record(request.body));
  const about = route.object === 'workspace' ? objectId : route.object === 'domain' ? (request.workspace?.id ?? null) : null;
  const actor = actorOf(request);
  // An admin who deletes their own account: the entry keeps their name, not the id that is going.
  if (route.object === 'user' && route.action === 'deleteUser' && objectId === actor.actor_user_id) actor.actor_user_id = null;
  return { workspace_id: about, ...actor, action: route.action, object: route.object, object_id: objectId, summary, at };
}
