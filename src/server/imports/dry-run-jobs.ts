// A dry run answers within its request when it can. One that needs longer (a file of a million rows) must not
// end in an empty reply when the server's request time runs out, nor go on working for nobody: past `waitMs`
// it becomes a dry-run job, answered 202 with where to fetch it (GET /api/v1/imports/dry-runs/{id}), and its
// result is kept `keepMs` after it ends. Before that point, a client that goes away cancels the dry run (the
// pass stops before its next batch). Jobs live in this instance's memory: behind a load balancer, the GET
// reaches the instance that ran it only with sticky sessions (else 404, and the dry run is sent again). A job
// keeps its request's place in the heavy-work admission until it ends (imports.routes.ts), so a workspace
// has no more of them running than HEAVY_PER_ACCOUNT allows.
import { randomBytes } from 'node:crypto';
import type { ImportDryRun, ImportDryRunJob } from '../../shared/import.schema';

export const DRY_RUN_TIMING = {
  /** Under the server's requestTimeout (30 s, redirect/fast-path.ts), counted from the request's start. */
  waitMs: 20_000,
  /** How long a finished dry run's result is kept. */
  keepMs: 15 * 60_000,
};

interface Entry {
  workspace: number;
  view: ImportDryRunJob;
  controller: AbortController;
  expires: number | null;
}

export type DryRunWork = (signal: AbortSignal, progress: (rowsRead: number) => void) => Promise<ImportDryRun>;

export class DryRunJobs {
  private readonly jobs = new Map<string, Entry>();

  /**
   * Runs a dry run: its result when it ends within `waitMs`; else a job that goes on (and `done` resolves
   * when it ends). `clientGone` aborts it only while the client still waits for the answer.
   */
  async run(workspace: number, rowsTotal: number, waitMs: number, clientGone: AbortSignal, work: DryRunWork, onError: (err: unknown) => void): Promise<{ result: ImportDryRun } | { job: ImportDryRunJob; done: Promise<void> }> {
    const controller = new AbortController();
    const cancel = () => controller.abort(new Error('the client went away'));
    if (clientGone.aborted) cancel();
    clientGone.addEventListener('abort', cancel, { once: true });
    const id = randomBytes(12).toString('hex');
    const view: ImportDryRunJob = { id, status: 'running', rows_total: rowsTotal, rows_read: 0, result: null, error: null, created_at: new Date().toISOString(), finished_at: null, expires_at: null };
    const running = work(controller.signal, (n) => (view.rows_read = n));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), Math.max(0, waitMs))));
    try {
      const first = await Promise.race([running, late]);
      if (first !== 'late') return { result: first };
    } finally {
      clearTimeout(timer);
      clientGone.removeEventListener('abort', cancel);
    }
    this.sweep();
    const entry: Entry = { workspace, view, controller, expires: null };
    this.jobs.set(id, entry);
    const done = running.then(
      (result) => this.finish(entry, { status: 'completed', result, rows_read: result.rows_total }),
      (err: unknown) => {
        if (!controller.signal.aborted) onError(err);
        this.finish(entry, { status: 'failed', error: 'The dry run failed on an unexpected error. Send the file again.' });
      },
    );
    return { job: { ...view }, done };
  }

  /** A workspace's dry-run job, or undefined (unknown, another workspace's, or forgotten). */
  find(workspace: number, id: string): ImportDryRunJob | undefined {
    this.sweep();
    const e = this.jobs.get(id);
    return e && e.workspace === workspace ? { ...e.view } : undefined;
  }

  /** Stops the running ones (the server stops). */
  stop(): void {
    for (const e of this.jobs.values()) e.controller.abort(new Error('the server is stopping'));
  }

  private finish(entry: Entry, values: Partial<ImportDryRunJob>): void {
    const now = Date.now();
    entry.expires = now + DRY_RUN_TIMING.keepMs;
    Object.assign(entry.view, values, { finished_at: new Date(now).toISOString(), expires_at: new Date(entry.expires).toISOString() });
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, e] of this.jobs) if (e.expires !== null && e.expires <= now) this.jobs.delete(id);
  }
}
