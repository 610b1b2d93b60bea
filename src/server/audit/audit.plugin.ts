// The audit log's one recorder: every successful (2xx) write of /api/v1 in a workspace, however it came
// (a single change, bulk, import, undo; the dashboard or an API key), leaves one entry; what the instance admin
// does to the instance also leaves one in the instance log (instance-audit.ts). Each route is looked at once, at
// boot (audit-route.ts, instance-audit.ts). An audited request runs in a write scope (audit-scope.ts):
// - the first database transaction it commits writes its entries in that same transaction, just before the
//   commit, with what is known then (the route, the path's id): the write and its entries commit together;
// - before the answer is sent (onSend, awaited), the entries get their final words from the answer (the new
//   object's id, its name), or are written then when the write used no transaction (one autocommitted
//   statement); a write that failed after a commit takes its entries back.
// So an entry is in the database before its answer leaves, and a crash right after a write cannot lose it.
// GETs, dry runs and failed writes leave none. Never an IP address.
// Also prunes entries older than AUDIT_RETENTION_DAYS, shortly after start and every six hours.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import { auditOfRoute, type AuditedRoute } from './audit-route';
import { instanceAuditOfRoute, type InstanceAuditedRoute } from './instance-audit';
import { AuditRepo } from './audit.repo';
import { entryOf, instanceEntryOf } from './audit-entry';
import { runInWriteScope } from './audit-scope';
import { nowIso } from '../db/sql-values';
import { AuditWrites, type ScopeState } from './audit-writes';

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
const succeeded = (reply: FastifyReply) => reply.statusCode >= 200 && reply.statusCode < 300;

export const auditPlugin = fp(
  async (app: FastifyInstance) => {
    const { ctx } = app;
    const repo = new AuditRepo(ctx.db.kysely);
    const writes = new AuditWrites(ctx.db.kysely);
    const pending = new Set<Promise<unknown>>();
    // Each audited request's answer (for the entry's final words) and its scope's state, on the request itself.
    app.decorateRequest('auditAnswer', undefined);
    app.decorateRequest('auditState', null);
    const track = (work: Promise<unknown>, what: string) => {
      const p = work.catch((err: unknown) => app.log.warn({ err }, what)).finally(() => pending.delete(p));
      pending.add(p);
    };

    /** Runs the rest of the request (its handler and all it starts) in its write scope. */
    const enterScope = (workspace: AuditedRoute | null, instance: InstanceAuditedRoute | null) => (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
      const state: ScopeState = { open: true, workspaceEntryId: null, instanceEntryId: null };
      request.auditState = state;
      const scope = {
        beforeCommit: async (run: Parameters<AuditWrites['firstCommit']>[1]) => {
          if (!state.open || state.workspaceEntryId !== null || state.instanceEntryId !== null) return;
          const at = nowIso();
          await writes.firstCommit(state, run, workspace && entryOf(workspace, request, undefined, at), instance && instanceEntryOf(instance, request, undefined, at));
        },
      };
      runInWriteScope(scope, () => done());
    };
    const keepAnswer = (request: FastifyRequest, _reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
      request.auditAnswer = payload;
      done(null, payload);
    };
    /** Before the answer leaves: the entries' final words, or the entries themselves; taken back after a failure. */
    const settle = (workspace: AuditedRoute | null, instance: InstanceAuditedRoute | null) => async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const state = request.auditState;
      if (!state || !state.open) return payload;
      state.open = false;
      try {
        if (!succeeded(reply)) await writes.takeBack(state);
        else {
          const at = nowIso();
          const answer = request.auditAnswer;
          await writes.settle(state, workspace && entryOf(workspace, request, answer, at), instance && instanceEntryOf(instance, request, answer, at));
        }
      } catch (err) {
        // The write is done: its answer goes out; the log says what went wrong.
        app.log.error({ err }, 'audit log: recording a write failed');
      }
      return payload;
    };

    app.addHook('onRoute', (route: RouteOptions) => {
      const audit = auditOfRoute(route);
      if (audit.kind === 'unmapped') app.log.error(`audit log: ${audit.reason}; its writes are not recorded`);
      const workspace = audit.kind === 'audited' ? audit : null;
      const instance = instanceAuditOfRoute(route);
      if (!workspace && !instance) return;
      route.preHandler = [...asList(route.preHandler), enterScope(workspace, instance)] as RouteOptions['preHandler'];
      route.preSerialization = [...asList(route.preSerialization), keepAnswer] as RouteOptions['preSerialization'];
      route.onSend = [...asList(route.onSend), settle(workspace, instance)] as RouteOptions['onSend'];
    });

    const days = ctx.config.auditRetentionDays;
    const prune = async (now = Date.now()) => {
      if (days <= 0) return 0;
      const cutoff = new Date(now - days * DAY_MS).toISOString();
      return (await repo.prune(cutoff)) + (await repo.prune(cutoff, 'instance_audit_log'));
    };
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

declare module 'fastify' {
  interface FastifyRequest {
    /** An audited request's answer, kept before it is serialised. */
    auditAnswer: unknown;
    /** An audited request's write scope: whether its entries are written yet, and their ids. */
    auditState: ScopeState | null;
  }
}
