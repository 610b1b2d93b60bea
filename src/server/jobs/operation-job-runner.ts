// Runs the jobs of long operations (a bulk PATCH or DELETE of many links, or their undo) in the background of the
// server process, in chunks: each chunk is one transaction that writes its links, their before-image, their
// revisions and the job's progress together, and is sized so that it holds SQLite's one writer (and the event
// loop) for about TARGET_MS; between chunks the loop yields (setImmediate), so redirects and other requests go on.
// A job is held under a lease (as imports are, imports/import-job.ts): on SQLite, every running job at start is the
// previous process's and goes on from its journal; on PostgreSQL, a job whose lease ran out (its instance died) is
// taken over by the sweep of another instance. An apply whose list of links was not complete when the process died
// is rolled back (nothing of it was written): the operation is whole or absent.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { nowIso } from '../db/sql-values';
import type { BulkChanges } from '../../shared/bulk.schema';
import { LinksBulkRepo } from '../links/links.bulk.repo';
import { applyDeleteChunk, applyUpdateChunk } from '../links/links.bulk-chunk';
import { OperationsRepo, type OperationRow } from '../operations/operations.repo';
import { undoChunkIds, undoDeleteChunk, undoUpdateChunk } from '../operations/undo-chunk';
import { dropCreatedUnusedTags } from '../tags/tags.repo';
import { OperationJobsRepo, type JobRow, type JobSpec } from './operation-jobs.repo';

/** A chunk aims at this long a transaction; the next chunk's size follows the last one's time. */
const TARGET_MS = 30;
const SIZE = { min: 20, max: 5000, first: 200 };
const LEASE_MS = 20_000;
const HEARTBEAT_MS = 5_000;

/** Past this many links a bulk PATCH or DELETE, or an undo, answers 202 and runs as a job (BULK_JOB_THRESHOLD). */
export const jobThreshold = (): number => Number(process.env.BULK_JOB_THRESHOLD ?? 1000);
/** Tests: a fixed chunk size, and a pause between chunks (BULK_JOB_CHUNK, BULK_JOB_PAUSE_MS). */
const fixedChunk = () => Number(process.env.BULK_JOB_CHUNK ?? 0);
const pauseMs = () => Number(process.env.BULK_JOB_PAUSE_MS ?? 0);

/** A chunk that met a busy SQLite writer is tried again (this many times in a row at most). */
const BUSY_RETRIES = 200;
const isBusy = (err: unknown) => typeof err === 'object' && err !== null && 'code' in err && (err.code === 'SQLITE_BUSY' || err.code === 'SQLITE_BUSY_SNAPSHOT');

const yieldLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class OperationJobRunner {
  readonly owner = randomBytes(8).toString('hex');
  readonly jobs: OperationJobsRepo;
  private readonly operations: OperationsRepo;
  private readonly bulk: LinksBulkRepo;
  private readonly running = new Map<number, Promise<void>>();
  private readonly timers: NodeJS.Timeout[] = [];
  private stopping = false;

  constructor(
    private readonly app: FastifyInstance,
    private readonly ctx: AppContext,
  ) {
    this.jobs = new OperationJobsRepo(ctx.db.kysely);
    this.operations = new OperationsRepo(ctx.db.kysely);
    this.bulk = new LinksBulkRepo(ctx.db);
  }

  lease(): { owner: string; until: string } {
    return { owner: this.owner, until: new Date(Date.now() + LEASE_MS).toISOString() };
  }

  /** Goes on with (or rolls back) the jobs a dead process left, then renews leases and sweeps. */
  async start(): Promise<void> {
    await this.sweep(this.ctx.db.dialect === 'sqlite');
    const every = (ms: number, work: () => Promise<unknown>) => {
      const timer = setInterval(() => void work().catch((err: unknown) => this.app.log.error({ err }, 'operation jobs')), ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(HEARTBEAT_MS, () => this.jobs.heartbeat(this.owner, [...this.running.keys()], this.lease().until));
    if (this.ctx.db.dialect === 'postgres') every(HEARTBEAT_MS, () => this.sweep(false));
  }

  /** Stops after the chunk in progress (its transaction commits; the journal says where to go on). */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const t of this.timers) clearInterval(t);
    await Promise.allSettled([...this.running.values()]);
  }

  private async sweep(all: boolean): Promise<void> {
    const { until } = this.lease();
    for (const id of await this.jobs.claimOrphans(this.owner, nowIso(), until, all)) {
      const job = await this.jobs.find(id);
      if (job?.kind === 'apply' && !job.ready) {
        // Its list of links was not complete: no chunk ran, nothing of it was written. The operation goes.
        await this.ctx.db.kysely.deleteFrom('operations').where('id', '=', id).execute();
        continue;
      }
      this.launch(id);
    }
  }

  /** Runs the job of operation `id` in the background. */
  launch(id: number): void {
    if (this.running.has(id) || this.stopping) return;
    const done = this.run(id)
      .catch((err: unknown) => this.app.log.error({ err, operation: id }, 'operation job'))
      .finally(() => this.running.delete(id));
    this.running.set(id, done);
  }

  /** Waits for the job of `id` if it runs here (tests, and a request that runs a small job to its end). */
  async settled(id: number): Promise<void> {
    await this.running.get(id);
  }

  private async run(id: number): Promise<void> {
    let size = fixedChunk() || SIZE.first;
    let busy = 0;
    for (;;) {
      if (this.stopping) return;
      const job = await this.jobs.find(id);
      const op = job && (await this.ctx.db.kysely.selectFrom('operations').selectAll().where('id', '=', id).executeTakeFirst());
      if (!job || !op || job.state !== 'running') return;
      const started = performance.now();
      let touched: { ids: number[]; finished: boolean };
      try {
        touched = await this.chunk(op, job, size);
      } catch (err) {
        // Another SQLite connection (the click writer, a worker) held the writer past the busy timeout: the chunk
        // rolled back whole; it is tried again, smaller.
        if (isBusy(err) && busy++ < BUSY_RETRIES) {
          size = Math.max(SIZE.min, Math.round(size / 2));
          await sleep(25);
          continue;
        }
        this.app.log.error({ err, operation: id }, 'operation job chunk');
        const message = err instanceof Error ? err.message : String(err);
        await this.jobs.finish(this.ctx.db.kysely, id, 'failed', `Stopped after ${Number(job.done).toLocaleString('en')} links: ${message}`);
        return;
      }
      busy = 0;
      const elapsed = performance.now() - started;
      if (!fixedChunk()) size = Math.round(Math.min(SIZE.max, Math.max(SIZE.min, (size * TARGET_MS) / Math.max(1, elapsed))));
      await this.announce(op, job, touched.ids);
      if (touched.finished) {
        if (job.kind === 'undo' && op.object !== 'link') this.ctx.changes.emit('reset');
        return;
      }
      await yieldLoop();
      if (pauseMs()) await sleep(pauseMs());
    }
  }

  /** One transaction: the next links of the job, written with their progress; or the job's end. */
  private chunk(op: OperationRow, job: JobRow, size: number): Promise<{ ids: number[]; finished: boolean }> {
    const spec = JSON.parse(job.spec) as JobSpec;
    const cursor = Number(job.cursor);
    return this.ctx.db.kysely.transaction().execute(async (trx) => {
      const ids = job.kind === 'apply' ? await this.jobs.nextLinks(trx, op.id, cursor, size) : await undoChunkIds(trx, op, cursor, size);
      if (!ids.length) {
        if (job.kind === 'undo') {
          await this.operations.markUndone(trx, op.id, nowIso());
          const changes = JSON.parse(op.changes) as BulkChanges;
          if (op.kind === 'update' && changes.add_tags) await dropCreatedUnusedTags(trx, op.user_id, changes.add_tags, op.created_at);
        }
        await this.jobs.finish(trx, op.id, 'done');
        return { ids: [], finished: true };
      }
      let touched = ids;
      const c = { userId: op.user_id, actorId: spec.actorId, operationId: op.id, now: op.created_at };
      if (job.kind === 'apply' && op.kind === 'update') await applyUpdateChunk(this.bulk, trx, c, JSON.parse(op.changes) as BulkChanges, ids);
      else if (job.kind === 'apply') await applyDeleteChunk(trx, c, ids);
      else if (op.kind === 'update') touched = (await undoUpdateChunk(trx, op, ids, !!spec.force, spec.actorId, nowIso())).ids;
      else touched = (await undoDeleteChunk(this.operations, trx, op, ids, spec.actorId, nowIso())).ids;
      await this.jobs.advance(trx, op.id, Math.max(...ids), ids.length);
      return { ids: touched, finished: false };
    });
  }

  /** Once a chunk committed: the caches, and the webhooks (a deleted link's body from the before-image). */
  private async announce(op: OperationRow, job: JobRow, ids: number[]): Promise<void> {
    if (!ids.length) return;
    const { writer } = this.app.links;
    if (job.kind === 'undo') return writer.announce(op.user_id, ids);
    const event = op.kind === 'delete' ? { name: 'link.deleted' as const, load: this.app.webhooks.deletedLinks(op.id) } : { name: 'link.updated' as const };
    await writer.announce(op.user_id, ids, event);
  }
}

const runners = new WeakMap<AppContext, OperationJobRunner>();

/** The app's one runner (made on first use; operations.routes.ts starts and stops it with the app). */
export function operationJobs(app: FastifyInstance): OperationJobRunner {
  let runner = runners.get(app.ctx);
  if (!runner) runners.set(app.ctx, (runner = new OperationJobRunner(app, app.ctx)));
  return runner;
}
