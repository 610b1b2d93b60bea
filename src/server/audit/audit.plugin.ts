// The audit log's one recorder (issue 27): every successful (2xx) write of /api/v1 in a workspace, however it came
// (a single change, bulk, import, undo; the dashboard or an API key), leaves one entry. Each route is looked at once,
// at boot (audit-route.ts): a write route gets two route hooks, one that keeps its answer object before it is
// serialized and one that records the entry after the answer was sent (onResponse), so a write never waits for
// its entry and never fails because of it (an error is logged). GETs, dry runs and failed writes leave none.
// Never an IP address: the entry names the person, the key or the dashboard, and the workspace.
// Also prunes entries older than AUDIT_RETENTION_DAYS, shortly after start and every six hours.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import { auditOfRoute, type AuditedRoute } from './audit-route';
import { describeWrite, saidInAuditLog } from './audit-summary';
import { AuditRepo, type AuditInsert } from './audit.repo';
import { nowIso } from '../db/sql-values';
import { isForeignKeyViolation } from '../db/errors';

export interface AuditRecorder {
  /** Resolves once every entry recorded so far is written (tests; app.close() waits for it too). */
  idle(): Promise<void>;
  /** Deletes the entries older than AUDIT_RETENTION_DAYS now (0: none); how many went. */
  prune(now?: number): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditRecorder;
  }
}

export const AUDIT = 'linkdeck-audit';

const DAY_MS = 86_400_000;
const PRUNE_EVERY_MS = 6 * 3_600_000;
const PRUNE_FIRST_MS = 10_000;

type Hook<T> = T | T[] | undefined;
const asList = <T>(hook: Hook<T>): T[] => (hook === undefined ? [] : Array.isArray(hook) ? hook : [hook]);

/** The entry a successful write leaves, or null when it leaves none (a dry run, a request with no workspace). */
function entryOf(route: AuditedRoute, request: FastifyRequest, answer: unknown, at: string): AuditInsert | null {
  const query = request.query as { dry_run?: unknown } | undefined;
  if (query?.dry_run === 1 || query?.dry_run === true) return null;
  const { user, workspace, apiKey } = request;
  if (!user || !workspace) return null;
  const params = (request.params ?? {}) as Record<string, string>;
  const { objectId, summary } = describeWrite(route, params, answer, workspace.name, saidInAuditLog(request));
  const dashboard = workspace.via === 'dashboard';
  return {
    workspace_id: workspace.id,
    actor_user_id: user.id,
    actor_name: user.name,
    via: dashboard ? 'dashboard' : 'api',
    key_id: dashboard ? null : (apiKey?.id ?? workspace.keyId),
    key_name: dashboard ? null : (apiKey?.name ?? null),
    action: route.action,
    object: route.object,
    object_id: objectId,
    summary,
    at,
  };
}

export const auditPlugin = fp(
  async (app: FastifyInstance) => {
    const { ctx } = app;
    const repo = new AuditRepo(ctx.db.kysely);
    const pending = new Set<Promise<unknown>>();
    const answers = new WeakMap<FastifyRequest, unknown>();
    const write = async (entry: AuditInsert) => {
      try {
        await repo.insert(entry);
      } catch (err) {
        const own = entry.actor_user_id;
        if (!isForeignKeyViolation(err) || own === null || own === undefined || own === entry.workspace_id) throw err;
        // The write took its workspace away (DELETE /workspaces/{id}): the entry goes to the person's own log.
        await repo.insert({ ...entry, workspace_id: own });
      }
    };
    const track = (work: Promise<unknown>, what: string) => {
      const p = work.catch((err: unknown) => app.log.warn({ err }, what)).finally(() => pending.delete(p));
      pending.add(p);
    };

    const keepAnswer = (request: FastifyRequest, _reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
      answers.set(request, payload);
      done(null, payload);
    };
    const recordAfter = (route: AuditedRoute) => (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      done();
      if (reply.statusCode < 200 || reply.statusCode >= 300) return;
      try {
        const entry = entryOf(route, request, answers.get(request), nowIso());
        if (entry) track(write(entry), 'audit log: recording a write failed');
      } catch (err) {
        app.log.warn({ err }, 'audit log: describing a write failed');
      }
    };

    app.addHook('onRoute', (route: RouteOptions) => {
      const audit = auditOfRoute(route);
      if (audit.kind === 'unmapped') app.log.error(`audit log: ${audit.reason}; its writes are not recorded`);
      if (audit.kind !== 'audited') return;
      route.preSerialization = [...asList(route.preSerialization), keepAnswer] as RouteOptions['preSerialization'];
      route.onResponse = [...asList(route.onResponse), recordAfter(audit)] as RouteOptions['onResponse'];
    });

    const days = ctx.config.auditRetentionDays;
    const prune = async (now = Date.now()) => (days > 0 ? repo.prune(new Date(now - days * DAY_MS).toISOString()) : 0);
    const idle = async () => {
      while (pending.size) await Promise.all([...pending]);
    };
    app.decorate('audit', { idle, prune });

    if (days > 0) {
      const run = () => track(prune(), 'audit log retention');
      const first = setTimeout(run, PRUNE_FIRST_MS);
      const every = setInterval(run, PRUNE_EVERY_MS);
      first.unref();
      every.unref();
      app.addHook('onClose', async () => {
        clearTimeout(first);
        clearInterval(every);
      });
    }
    app.addHook('onClose', idle);
  },
  { name: AUDIT, fastify: '5.x', decorators: { fastify: ['ctx'] } },
);
