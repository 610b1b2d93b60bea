// One pass over an import's file: every row checked (import-rows.ts), aliases settled per batch
// (on_conflict) and, when writing, each batch inserted in one transaction. The job runner (import-job.ts)
// makes one or two passes; a dry run (import-dry-run.ts) makes the same checking pass without writing.
import type { ImportRecord, FileLayout } from '../../shared/import-records';
import { type ImportFailure, type ImportRowOutcome, type OnConflict } from '../../shared/import.schema';
import { MAX_IMPORT_FAILURES } from '../../shared/enums';
import { nowIso } from '../db/sql-values';
import { AliasRenamer, randomAlias } from '../links/alias';
import { WriteChunks, yieldToLoop } from './write-chunks';
import { isFailure, type CheckedRow, type FailedRow, type RowContext } from './import-rows';
import { importMessage } from './import-messages';
import type { HeavyPool } from '../workers/heavy-pool';
import type { ImportsRepo, NewLink } from './imports.repo';

export { renamed } from '../links/alias';

/** Rows read and checked (on a pool thread) and settled at a time; written in smaller chunks (write-chunks.ts). */
export const BATCH = 1000;

/** A row ready to insert, with the column its alias came from (for a message if it is taken meanwhile). */
type ReadyLink = NewLink & { aliasColumn?: string };

export interface Tally {
  read: number;
  created: number;
  skipped: number;
  failed: number;
  failures: ImportFailure[];
}

export interface PassFile {
  /** The file, in shared memory (import-file.ts). */
  bytes: Uint8Array;
  layout: FileLayout;
  onConflict: OnConflict;
  /** The pool whose threads read and check the rows (workers/heavy-pool.ts). */
  pool: HeavyPool;
}

export interface PassOptions {
  write: boolean;
  /** Before every batch is settled and written: throws to stop there. */
  beforeBatch?: () => void;
  /** After every batch (a job saves its progress). */
  afterBatch?: (tally: Tally) => Promise<void>;
  /** After a batch wrote links. */
  /** After each batch written, with the new links' ids. */
  onWritten?: (ids: number[]) => Promise<void> | void;
  /** Every row as checked, with its record for the first `records` rows (the dry run's preview). */
  onRow?: (rec: ImportRecord | undefined, checked: CheckedRow | FailedRow) => void;
  /** Records sent with the first rows (0: none). */
  records?: number;
  /** What on_conflict made of a valid row: its alias (undefined: the server picks one), renamed, or skipped. */
  onSettled?: (line: number, outcome: Exclude<ImportRowOutcome, 'fail'>, alias: string | undefined) => void;
}

/** Why an import without `partial` wrote nothing (the job's error, and the dry run's). */
export function nothingImported(failed: number): string {
  return `${failed} ${failed === 1 ? 'row' : 'rows'} failed, so nothing was imported. Fix ${failed === 1 ? 'it' : 'them'}, or send partial=1 to import the valid rows.`;
}

/** What rows are checked against: the account's domains, spaces and pixels, read once per pass. */
export async function rowContext(repo: ImportsRepo, base: Omit<RowContext, 'domains' | 'spaces' | 'pixels' | 'pixelsByName' | 'now'>): Promise<RowContext> {
  const [domains, spaces, pixelsByName] = await Promise.all([repo.namesToIds('domains', base.userId), repo.namesToIds('spaces', base.userId), repo.pixelsByName(base.userId)]);
  return { ...base, domains, spaces, pixels: new Set([...pixelsByName.values()].flat()), pixelsByName, now: nowIso() };
}

export async function importPass(repo: ImportsRepo, file: PassFile, rows: RowContext, opts: PassOptions): Promise<Tally> {
  const tally: Tally = { read: 0, created: 0, skipped: 0, failed: 0, failures: [] };
  /** Aliases given out in this pass, per domain (0: the default domain). */
  const claimed = new Map<number, Set<string>>();
  /** A row fails once, with every problem it has. */
  const fail = (problems: ImportFailure[]) => {
    tally.failed++;
    for (const f of problems) if (tally.failures.length < MAX_IMPORT_FAILURES * 2) tally.failures.push(f);
  };
  const aliasProblem = (line: number, message: string, column?: string) =>
    fail([importMessage(rows.format, rows.headers, line, { field: 'alias', message }, column === undefined ? undefined : { alias: column })]);
  const renamer = new AliasRenamer((domain, prefix) => repo.aliasesStartingWith(domain, prefix));
  const chunks = new WriteChunks();
  let batch: CheckedRow[] = [];
  const flush = async () => {
    opts.beforeBatch?.();
    const ready = await settleAliases(repo, renamer, batch, claimed, file.onConflict, tally, aliasProblem, opts);
    batch = [];
    // Written a chunk per transaction, sized to hold SQLite's writer and the event loop briefly, with the
    // loop let go in between: redirects are answered between chunks.
    for (let at = 0; opts.write && at < ready.length; ) {
      if (at > 0) {
        await yieldToLoop();
        opts.beforeBatch?.();
      }
      const part = ready.slice(at, at + chunks.size);
      at += part.length;
      const started = performance.now();
      const written = await repo.insertBatch(part, tally);
      chunks.took(performance.now() - started, part.length);
      for (const link of part) {
        if (!written.has(link.line)) aliasProblem(link.line, 'has already been taken (by a link created during the import).', link.aliasColumn);
      }
      tally.created += written.size;
      if (written.size) await opts.onWritten?.([...written.values()]);
    }
    tally.failures.sort((a, b) => a.line - b.line);
    tally.failures.length = Math.min(tally.failures.length, MAX_IMPORT_FAILURES);
    await opts.afterBatch?.(tally);
    // Let requests in between batches.
    await yieldToLoop();
  };
  // Rows are parsed and checked on a pool thread, a batch at a time, in turn with other accounts' work.
  const { format, ...context } = rows;
  const job = { bytes: file.bytes, layout: file.layout, rows: { ...context, source: format.source }, batch: BATCH, records: opts.records ?? 0 };
  for await (const part of file.pool.stream(rows.userId, 'importRows', job)) {
    part.checked.forEach((checked, i) => {
      tally.read++;
      const rec = part.records?.[i];
      opts.onRow?.(rec, checked);
      if (isFailure(checked)) fail(checked.problems);
      else batch.push(checked);
    });
    if (tally.read % BATCH === 0) await flush();
  }
  await flush();
  return tally;
}

/** Gives each row its alias, or leaves it out (skip) or fails it (fail) when the alias is taken. */
async function settleAliases(
  repo: ImportsRepo,
  renamer: AliasRenamer,
  batch: CheckedRow[],
  claimed: Map<number, Set<string>>,
  onConflict: OnConflict,
  tally: Tally,
  fail: (line: number, message: string, column?: string) => void,
  opts: PassOptions,
): Promise<ReadyLink[]> {
  const byDomain = new Map<number, string[]>();
  for (const r of batch) {
    if (r.alias === undefined) continue;
    const d = r.values.domain_id ?? 0;
    const list = byDomain.get(d) ?? [];
    list.push(r.alias);
    byDomain.set(d, list);
  }
  const taken = new Map<number, Set<string>>();
  for (const [d, aliases] of byDomain) taken.set(d, await repo.takenAliases(d || null, [...new Set(aliases)]));
  const ready: ReadyLink[] = [];
  for (const r of batch) {
    const d = r.values.domain_id ?? 0;
    let mine = claimed.get(d);
    if (!mine) claimed.set(d, (mine = new Set()));
    const inDb = taken.get(d) ?? new Set<string>();
    let alias = r.alias;
    let outcome: 'create' | 'rename' = 'create';
    if (alias === undefined) {
      do alias = randomAlias(7);
      while (mine.has(alias));
    } else if (mine.has(alias) || inDb.has(alias)) {
      if (onConflict === 'skip') {
        tally.skipped++;
        opts.onSettled?.(r.line, 'skip', alias);
        continue;
      }
      if (onConflict === 'fail') {
        fail(r.line, 'has already been taken.', r.aliasColumn);
        continue;
      }
      alias = await renamer.rename(d, alias, mine);
      outcome = 'rename';
    }
    mine.add(alias);
    opts.onSettled?.(r.line, outcome, r.alias === undefined ? undefined : alias);
    ready.push({ line: r.line, values: { ...r.values, alias }, pixelIds: r.pixelIds, tags: r.tags, aliasColumn: r.aliasColumn });
  }
  return ready;
}
