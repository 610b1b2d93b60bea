// Words for imports: format names, a job's status and phase, what a row would become.
import type { ImportJob, ImportRowOutcome, ImportSource, ImportStatus } from '../../../shared/import.schema';

export const SOURCE_NAMES: Record<ImportSource, string> = {
  linkdeck: 'Linkdeck',
  bitly: 'Bitly',
  yourls: 'YOURLS',
  kutt: 'Kutt',
  shlink: 'Shlink',
};

export const STATUS_LABELS: Record<ImportStatus, { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'gray' },
  validating: { label: 'Checking', color: 'blue' },
  importing: { label: 'Importing', color: 'blue' },
  completed: { label: 'Completed', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
};

export const OUTCOME_LABELS: Record<ImportRowOutcome, { label: string; color: string }> = {
  create: { label: 'New link', color: 'teal' },
  rename: { label: 'Renamed', color: 'blue' },
  skip: { label: 'Skipped', color: 'gray' },
  fail: { label: 'Fails', color: 'red' },
};

/** The progress bar of a job: its percentage and what it is doing, e.g. "Checking rows: 1,000 of 4,000". */
export function jobProgress(job: Pick<ImportJob, 'status' | 'rows_read' | 'rows_total' | 'partial'>): { percent: number; label: string } {
  const total = Math.max(job.rows_total, 1);
  const of = `${job.rows_read.toLocaleString('en')} of ${job.rows_total.toLocaleString('en')} rows`;
  switch (job.status) {
    case 'queued':
      return { percent: 0, label: 'Waiting for an earlier import to finish…' };
    case 'validating':
      // Without partial the file is read twice: checking is the first half of the bar, writing the second.
      return { percent: (job.rows_read / total) * 50, label: `Checking every row first: ${of}` };
    case 'importing': {
      const share = job.partial ? 100 : 50;
      return { percent: 100 - share + (job.rows_read / total) * share, label: `Importing: ${of}` };
    }
    case 'completed':
      return { percent: 100, label: `Done: ${of}` };
    default:
      return { percent: 100, label: 'Stopped' };
  }
}

/** A failure's field in words: "url", "alias", or "row" for the whole row. */
export const fieldName = (field: string | null) => field ?? 'row';
