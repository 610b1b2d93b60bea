// Runs import jobs in the background of the server process, one at a time, in batches: each batch's rows
// are checked (import-rows.ts), their aliases settled (on_conflict), then written in one transaction
// (import-pass.ts), and each written batch announces link.created to the account's webhooks. Without `partial`, a first pass checks the whole file without writing: any failure and
// nothing is written. Progress is saved after every batch, so GET /api/v1/imports/{id} can follow it.
import type { AppContext } from '../context';
import { nowIso } from '../http/pagination';
import type { RowContext } from './import-rows';
import { importPass, nothingImported, rowContext, type PassFile, type Tally } from './import-pass';
import type { ImportsRepo } from './imports.repo';
import { BulkCreator } from '../links/links.bulk-create';
import { webhooksOf } from '../webhooks/webhook-hub';

export { BATCH, renamed } from './import-pass';

export interface ImportSpec extends PassFile {
  jobId: number;
  partial: boolean;
  rows: Omit<RowContext, 'domains' | 'spaces' | 'pixels' | 'now'>;
}

class Stopped extends Error {}

export class ImportRunner {
  private chain: Promise<void> = Promise.resolve();
  private stopping = false;
  private readonly links: BulkCreator;

  constructor(
    private readonly ctx: AppContext,
    private readonly repo: ImportsRepo,
    private readonly onError: (err: unknown) => void,
  ) {
    this.links = new BulkCreator(ctx);
  }

  enqueue(spec: ImportSpec): void {
    this.chain = this.chain.then(() => this.run(spec));
  }

  /** Resolves when every queued job has finished. */
  idle(): Promise<void> {
    return this.chain;
  }

  /** Stops the running job after its current batch (it is marked failed) and drops the queued ones. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.chain;
  }

  private async run(spec: ImportSpec): Promise<void> {
    const { jobId } = spec;
    /** The writing pass's counts so far (for the message when it stops half-way). */
    const progress = { created: 0 };
    try {
      if (this.stopping) throw new Stopped();
      const rows = await rowContext(this.repo, spec.rows);
      if (!spec.partial) {
        await this.repo.update(jobId, { status: 'validating', updated_at: nowIso() });
        const dry = await this.pass(spec, rows, false, progress);
        if (dry.failed > 0) {
          const now = nowIso();
          await this.repo.update(jobId, {
            ...this.counts(dry, 0),
            status: 'failed',
            error: nothingImported(dry.failed),
            finished_at: now,
            updated_at: now,
          });
          return;
        }
      }
      await this.repo.update(jobId, { status: 'importing', updated_at: nowIso() });
      const tally = await this.pass(spec, rows, true, progress);
      const now = nowIso();
      await this.repo.update(jobId, { ...this.counts(tally, tally.created), status: 'completed', finished_at: now, updated_at: now });
    } catch (err) {
      if (!(err instanceof Stopped)) this.onError(err);
      const written = progress.created;
      const now = nowIso();
      const why = err instanceof Stopped ? 'The server stopped during the import' : 'The import failed on an unexpected error';
      await this.repo
        .update(jobId, { status: 'failed', error: `${why}; ${written} links had been written. Send the file again (with on_conflict=skip to leave those out).`, finished_at: now, updated_at: now })
        .catch(this.onError);
    }
  }

  private counts(t: Tally, created: number) {
    return { rows_read: t.read, created, skipped: t.skipped, failed: t.failed, failures: JSON.stringify(t.failures) };
  }

  /** One pass over the file that saves the job's progress after every batch, and stops before a batch when the server does. */
  private pass(spec: ImportSpec, rows: RowContext, write: boolean, progress: { created: number }): Promise<Tally> {
    return importPass(this.repo, spec, rows, {
      write,
      beforeBatch: () => {
        if (this.stopping) throw new Stopped();
      },
      onWritten: async (ids) => {
        this.ctx.changes.emit('created');
        // link.created for each, as a bulk create sends them (one query when no webhook wants it).
        await webhooksOf(this.ctx)?.linkEvents(rows.userId, 'link.created', ids, (part) => this.links.presentIds(part));
      },
      afterBatch: async (t) => {
        if (write) progress.created = t.created;
        await this.repo.update(spec.jobId, { ...this.counts(t, write ? t.created : 0), updated_at: nowIso() });
      },
    });
  }
}
