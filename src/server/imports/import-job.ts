// Runs import jobs in the background of the server process, one at a time, in batches: each batch's rows
// are checked (import-rows.ts), their aliases settled (on_conflict), then written in one transaction
// (import-pass.ts), and each written batch announces link.created to the account's webhooks. Without `partial`, a first pass checks the whole file without writing: any failure and
// nothing is written. Each batch saves the job's counts in its own transaction (imports.repo.ts), so
// GET /api/v1/imports/{id} follows it and the counts are what was committed.
// Leases: an instance holds its queued and running jobs under a lease of `leaseMs`, renewed by a
// heartbeat every `heartbeatMs`. Every instance sweeps every `sweepMs`: a job whose lease ran out (its
// instance died) is marked failed, with how many links it had written; the holder of a lease it lost stops.
// So a dead instance's job is failed within leaseMs + sweepMs (25 s by default). SQLite has one process: at
// start every unfinished job is the previous process's, and is marked failed at once.
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context';
import { nowIso } from '../db/sql-values';
import type { RowContext } from './import-rows';
import { importPass, nothingImported, rowContext, type PassFile, type Tally } from './import-pass';
import { LeaseLost, type HeldJob, type ImportsRepo } from './imports.repo';
import type { LinkWriter } from '../links/core/link-writer';

export { BATCH, renamed } from './import-pass';

export interface ImportSpec extends PassFile {
  jobId: number;
  partial: boolean;
  /** The person who ran the import: the actor of the links' revisions (absent: the workspace). */
  actorId?: number;
  rows: Omit<RowContext, 'domains' | 'spaces' | 'pixels' | 'pixelsByName' | 'now'>;
}

/** The lease's timing (tests shorten it, and give a clock). */
export interface LeaseTiming {
  leaseMs: number;
  heartbeatMs: number;
  sweepMs: number;
  now: () => number;
  /** This instance's name in lease_owner. */
  owner: string;
}

export const LEASE_DEFAULTS = { leaseMs: 20_000, heartbeatMs: 5_000, sweepMs: 5_000 };

const AGAIN = 'Send the file again (with on_conflict=skip to leave those out).';
const written = (n: number) => `${n} ${n === 1 ? 'link' : 'links'} had been written`;

class Stopped extends Error {}

/** What the runner writes to its job. */
type JobValues = Parameters<ImportsRepo['update']>[1];

export class ImportRunner {
  private chain: Promise<void> = Promise.resolve();
  private stopping = false;
  private readonly lease: LeaseTiming;
  /** Jobs queued or running here: their leases are renewed. */
  private readonly held = new Set<number>();
  private readonly timers: NodeJS.Timeout[] = [];

  /** `links`: the write pipeline (imports.plugin.ts), which announces the links each batch wrote. */
  constructor(
    private readonly ctx: AppContext,
    private readonly links: Pick<LinkWriter, 'announceCreated'>,
    private readonly repo: ImportsRepo,
    private readonly onError: (err: unknown) => void,
    lease: Partial<LeaseTiming> = {},
  ) {
    this.lease = { ...LEASE_DEFAULTS, now: Date.now, owner: randomBytes(8).toString('hex'), ...lease };
  }

  /** Fails the jobs a dead instance (or, on SQLite, the previous process) left, then heartbeats and sweeps. */
  async start(): Promise<void> {
    await this.sweep(this.ctx.db.dialect === 'sqlite');
    const every = (ms: number, work: () => Promise<unknown>) => {
      const timer = setInterval(() => void work().catch(this.onError), ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.lease.heartbeatMs, () => this.heartbeat());
    every(this.lease.sweepMs, () => this.sweep());
  }

  enqueue(spec: ImportSpec): void {
    this.held.add(spec.jobId);
    this.heartbeat().catch(this.onError);
    this.chain = this.chain.then(() => this.run(spec));
  }

  /** Resolves when every queued job has finished. */
  idle(): Promise<void> {
    return this.chain;
  }

  /** Stops the running job after its current batch (it is marked failed) and drops the queued ones. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const timer of this.timers) clearInterval(timer);
    await this.chain;
  }

  /** Renews the leases of the jobs held here. */
  async heartbeat(): Promise<void> {
    await this.repo.renew(this.lease.owner, [...this.held], this.until());
  }

  /** Marks failed the jobs whose lease ran out (`all`: every unfinished job); how many. */
  async sweep(all = false): Promise<number> {
    const { leaseMs, now } = this.lease;
    let failed = 0;
    for (const job of await this.repo.staleJobs(now(), leaseMs, all)) {
      if (this.held.has(job.id)) continue;
      const why = all
        ? 'The server restarted during this import'
        : `The server instance running this import stopped (no sign of it for ${Math.round(leaseMs / 1000)} s)`;
      if (await this.repo.failStale(job, `${why}; ${written(job.created)}. ${AGAIN}`, nowIso())) failed++;
    }
    return failed;
  }

  private until(): string {
    return new Date(this.lease.now() + this.lease.leaseMs).toISOString();
  }

  private async run(spec: ImportSpec): Promise<void> {
    const job: HeldJob = { id: spec.jobId, owner: this.lease.owner, until: () => this.until() };
    const set = async (values: JobValues) => {
      if (!(await this.repo.updateHeld(job, { ...values, updated_at: nowIso() }))) throw new LeaseLost(job.id);
    };
    try {
      // Taken here (enqueue's heartbeat may not have run yet); a job failed meanwhile is left as it is.
      if (!(await this.repo.renew(job.owner, [job.id], this.until())).length) return;
      if (this.stopping) throw new Stopped();
      const rows = await rowContext(this.repo, spec.rows);
      if (!spec.partial) {
        await set({ status: 'validating' });
        const dry = await this.pass(spec, rows, false, job, set);
        if (dry.failed > 0) {
          await set({ ...this.counts(dry, 0), status: 'failed', error: nothingImported(dry.failed), finished_at: nowIso() });
          return;
        }
      }
      await set({ status: 'importing' });
      const tally = await this.pass(spec, rows, true, job, set);
      await set({ ...this.counts(tally, tally.created), status: 'completed', finished_at: nowIso() });
    } catch (err) {
      // A lost lease: another instance marked the job failed, and said why.
      if (!(err instanceof LeaseLost)) await this.fail(job, err);
    } finally {
      this.held.delete(job.id);
    }
  }

  /** Marks the job failed, with the count of links its committed batches wrote. */
  private async fail(job: HeldJob, err: unknown): Promise<void> {
    if (!(err instanceof Stopped)) this.onError(err);
    const why = err instanceof Stopped ? 'The server stopped during the import' : 'The import failed on an unexpected error';
    try {
      const created = await this.repo.createdOf(job.id);
      await this.repo.updateHeld(job, { status: 'failed', error: `${why}; ${written(created)}. ${AGAIN}`, finished_at: nowIso(), updated_at: nowIso() });
    } catch (e) {
      this.onError(e);
    }
  }

  private counts(t: Tally, created: number) {
    return { rows_read: t.read, created, skipped: t.skipped, failed: t.failed, failures: JSON.stringify(t.failures) };
  }

  /** One pass over the file that saves the job's progress after every batch, and stops before a batch when the server does. */
  private pass(spec: ImportSpec, rows: RowContext, write: boolean, job: HeldJob, set: (values: JobValues) => Promise<void>): Promise<Tally> {
    return importPass(this.repo.forJob(job, spec.actorId), spec, rows, {
      write,
      beforeBatch: () => {
        if (this.stopping) throw new Stopped();
      },
      // The caches, and link.created for each, as the pipeline announces every create.
      onWritten: (ids) => this.links.announceCreated(rows.userId, ids),
      // The counts again, with the failures' list (a written batch saved its counts already, with its links).
      afterBatch: (t) => set(this.counts(t, write ? t.created : 0)),
    });
  }
}
