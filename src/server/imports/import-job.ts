// Runs import jobs in the background of the server process, one at a time, in batches: each batch's rows
// are checked (import-rows.ts), their aliases settled (on_conflict), then written in one transaction.
// Without `partial`, a first pass checks the whole file without writing: any failure and nothing is
// written. Progress is saved after every batch, so GET /api/v1/imports/{id} can follow it.
import type { AppContext } from '../context';
import { parseCsv } from '../../shared/csv';
import { LIMITS } from '../../shared/enums';
import { MAX_IMPORT_FAILURES, type ImportFailure, type OnConflict } from '../../shared/import.schema';
import { nowIso } from '../http/pagination';
import { randomAlias } from '../links/alias';
import { checkRow, isFailure, type CheckedRow, type RowContext } from './import-rows';
import type { ImportsRepo, NewLink } from './imports.repo';

export const BATCH = 1000;

export interface ImportSpec {
  jobId: number;
  text: string;
  delimiter: string;
  onConflict: OnConflict;
  partial: boolean;
  rows: Omit<RowContext, 'domains' | 'spaces' | 'pixels' | 'now'>;
}

interface Tally {
  read: number;
  created: number;
  skipped: number;
  failed: number;
  failures: ImportFailure[];
}

class Stopped extends Error {}

/** `base-2`, `base-3`, ... cut so that the alias stays within the length limit. */
export function renamed(base: string, n: number): string {
  const suffix = `-${n}`;
  return `${base.slice(0, LIMITS.aliasMax - suffix.length)}${suffix}`;
}

export class ImportRunner {
  private chain: Promise<void> = Promise.resolve();
  private stopping = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly repo: ImportsRepo,
    private readonly onError: (err: unknown) => void,
  ) {}

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
    let tally: Tally | undefined;
    try {
      if (this.stopping) throw new Stopped();
      const userId = spec.rows.userId;
      const [domains, spaces, pixels] = await Promise.all([
        this.repo.namesToIds('domains', userId),
        this.repo.namesToIds('spaces', userId),
        this.repo.pixelIds(userId),
      ]);
      const rows: RowContext = { ...spec.rows, domains, spaces, pixels, now: nowIso() };
      if (!spec.partial) {
        await this.repo.update(jobId, { status: 'validating', updated_at: nowIso() });
        const dry = await this.pass(spec, rows, false);
        if (dry.failed > 0) {
          const now = nowIso();
          await this.repo.update(jobId, {
            ...this.counts(dry, 0),
            status: 'failed',
            error: `${dry.failed} ${dry.failed === 1 ? 'row' : 'rows'} failed, so nothing was imported. Fix ${dry.failed === 1 ? 'it' : 'them'}, or send partial=1 to import the valid rows.`,
            finished_at: now,
            updated_at: now,
          });
          return;
        }
      }
      await this.repo.update(jobId, { status: 'importing', updated_at: nowIso() });
      tally = await this.pass(spec, rows, true);
      const now = nowIso();
      await this.repo.update(jobId, { ...this.counts(tally, tally.created), status: 'completed', finished_at: now, updated_at: now });
    } catch (err) {
      if (!(err instanceof Stopped)) this.onError(err);
      const written = tally?.created ?? 0;
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

  /** One pass over the file: checks every row, settles aliases and, when `write`, inserts them batch by batch. */
  private async pass(spec: ImportSpec, rows: RowContext, write: boolean): Promise<Tally> {
    const tally: Tally = { read: 0, created: 0, skipped: 0, failed: 0, failures: [] };
    /** Aliases given out in this pass, per domain (0: the default domain). */
    const claimed = new Map<number, Set<string>>();
    const fail = (f: ImportFailure) => {
      tally.failed++;
      if (tally.failures.length < MAX_IMPORT_FAILURES * 2) tally.failures.push(f);
    };
    let batch: CheckedRow[] = [];
    const flush = async () => {
      if (this.stopping) throw new Stopped();
      const ready = await this.settleAliases(batch, claimed, spec.onConflict, tally, fail);
      batch = [];
      if (write && ready.length) {
        const written = await this.repo.insertBatch(ready);
        for (const link of ready) {
          if (!written.has(link.line)) fail({ line: link.line, field: 'alias', message: 'The alias field has already been taken (by a link created during the import).' });
        }
        tally.created += written.size;
        if (written.size) this.ctx.changes.emit('created');
      }
      tally.failures.sort((a, b) => a.line - b.line);
      tally.failures.length = Math.min(tally.failures.length, MAX_IMPORT_FAILURES);
      await this.repo.update(spec.jobId, { ...this.counts(tally, write ? tally.created : 0), updated_at: nowIso() });
      // Let requests in between batches.
      await new Promise((resolve) => setImmediate(resolve));
    };
    const records = parseCsv(spec.text, spec.delimiter);
    records.next(); // the header
    for (const rec of records) {
      tally.read++;
      const checked = checkRow(rows, rec);
      if (isFailure(checked)) fail(checked);
      else batch.push(checked);
      if (tally.read % BATCH === 0) await flush();
    }
    await flush();
    return tally;
  }

  /** Gives each row its alias, or leaves it out (skip) or fails it (fail) when the alias is taken. */
  private async settleAliases(
    batch: CheckedRow[],
    claimed: Map<number, Set<string>>,
    onConflict: OnConflict,
    tally: Tally,
    fail: (f: ImportFailure) => void,
  ): Promise<NewLink[]> {
    const byDomain = new Map<number, string[]>();
    for (const r of batch) {
      if (r.alias === undefined) continue;
      const d = r.values.domain_id ?? 0;
      const list = byDomain.get(d) ?? [];
      list.push(r.alias);
      byDomain.set(d, list);
    }
    const taken = new Map<number, Set<string>>();
    for (const [d, aliases] of byDomain) taken.set(d, await this.repo.takenAliases(d || null, [...new Set(aliases)]));
    const ready: NewLink[] = [];
    for (const r of batch) {
      const d = r.values.domain_id ?? 0;
      let mine = claimed.get(d);
      if (!mine) claimed.set(d, (mine = new Set()));
      const inDb = taken.get(d) ?? new Set<string>();
      let alias = r.alias;
      if (alias === undefined) {
        do alias = randomAlias(7);
        while (mine.has(alias));
      } else if (mine.has(alias) || inDb.has(alias)) {
        if (onConflict === 'skip') {
          tally.skipped++;
          continue;
        }
        if (onConflict === 'fail') {
          fail({ line: r.line, field: 'alias', message: 'The alias field has already been taken.' });
          continue;
        }
        alias = await this.freeAlias(d, alias, mine);
      }
      mine.add(alias);
      ready.push({ line: r.line, values: { ...r.values, alias }, pixelIds: r.pixelIds });
    }
    return ready;
  }

  private async freeAlias(domain: number, base: string, mine: Set<string>): Promise<string> {
    for (let n = 2; ; n += 10) {
      const candidates = Array.from({ length: 10 }, (_, i) => renamed(base, n + i)).filter((c) => !mine.has(c));
      const taken = await this.repo.takenAliases(domain || null, candidates);
      const free = candidates.find((c) => !taken.has(c));
      if (free) return free;
    }
  }
}
