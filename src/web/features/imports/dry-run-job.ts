// A dry run that ends in time answers the ImportDryRun itself; a longer one answers 202 with a dry-run job
// (GET /imports/dry-runs/{id}), followed every second until it is completed (its `result`) or failed (its `error`).
import type { ImportDryRun, ImportDryRunJob } from '../../../shared/import.schema';

export type DryRunAnswer = ImportDryRun | ImportDryRunJob;

export const DRY_RUN_POLL_MS = 1000;

export const isDryRunJob = (a: DryRunAnswer): a is ImportDryRunJob => !('dry_run' in a);

export type DryRunState =
  | { kind: 'loading' }
  | { kind: 'checking'; read: number; total: number }
  | { kind: 'done'; dry: ImportDryRun }
  | { kind: 'failed'; error: string };

/** Where the check of the file stands, from the upload's answer and the last poll of its job (if any). */
export function dryRunState(answer: DryRunAnswer | undefined, polled: ImportDryRunJob | undefined): DryRunState {
  if (!answer) return { kind: 'loading' };
  if (!isDryRunJob(answer)) return { kind: 'done', dry: answer };
  const job = polled && polled.id === answer.id ? polled : answer;
  if (job.status === 'completed' && job.result) return { kind: 'done', dry: job.result };
  if (job.status === 'failed') return { kind: 'failed', error: job.error ?? 'The check of the file failed.' };
  return { kind: 'checking', read: job.rows_read, total: job.rows_total };
}

/** Polled every second while it runs; not once it has ended. */
export const dryRunPollInterval = (job: ImportDryRunJob | undefined): number | false => (job && job.status !== 'running' ? false : DRY_RUN_POLL_MS);

/** "Checking the file: 1,200 of 50,000 rows", and the percentage for the progress bar. */
export function checkingText(read: number, total: number): { label: string; percent: number } {
  const percent = total > 0 ? Math.min(100, Math.round((read / total) * 100)) : 0;
  return { label: `Checking the file: ${read.toLocaleString('en')} of ${total.toLocaleString('en')} rows`, percent };
}
