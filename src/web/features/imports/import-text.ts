// Words for imports: format names, a job's status and phase, what a row would become, what a column of the
// file becomes, and the API's wording of a problem put in the page's own terms.
import type { ImportDryRun, ImportFailure, ImportJob, ImportRowOutcome, ImportSource, ImportStatus } from '../../../shared/import.schema';
import { plural } from '../../components/resource-list/format';
import { fieldLabel } from '../../../shared/link-field-labels';

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

export type FileLayout = ImportDryRun['layout'];

export const LAYOUT_NAMES: Record<FileLayout, string> = { csv: 'CSV', tsv: 'TSV', json: 'JSON' };

/** What a row of the file is called: a line of a CSV or TSV, an item of a JSON list (the API's `line`). */
export const rowWord = (layout: FileLayout | null) => (layout === 'json' ? 'Item' : 'Line');

/** What a column becomes, in words: `url` -> "Destination URL", `clicks` -> "Starting click count" (the shared map's). */
export const importFieldLabel = (field: string) => fieldLabel(field, 'import');

/** A dropped column's reason without the heading's words: "Not imported: Linkdeck has no X." -> "Linkdeck has no X." */
export function droppedReason(note: string | null): string {
  const rest = (note ?? '').replace(/^Not (imported|read|kept):\s*/i, '').trim();
  return rest ? rest.charAt(0).toUpperCase() + rest.slice(1) : 'Not read by this format.';
}

/** "1 row: It had a password in Kutt… — first on line 2" (a JSON file's rows are items). */
export function noteSummary(note: ImportDryRun['notes'][number], layout: FileLayout): string {
  const where = layout === 'json' ? `first in item ${note.first_line}` : `first on line ${note.first_line}`;
  return `${plural(note.rows, 'row')}: ${note.message} — ${where}`;
}

const DATE_FIELDS = new Set(['created_at', 'active_period_start_at', 'active_period_end_at']);

/** Rows that fail on the order of day and month (02/03/2025), which the date option settles. */
export function dateOrderRows(failures: readonly ImportFailure[]): number {
  return new Set(failures.filter((f) => f.field !== null && DATE_FIELDS.has(f.field) && f.message.includes('date_format')).map((f) => f.line)).size;
}

/** The API's instructions in the page's terms: its query parameters become the options on screen. */
export function inPageWords(message: string): string {
  return message
    .replace(/send partial=1/i, 'turn on “Import the valid rows”')
    .replace(/Send date_format=dmy \(day first\) or date_format=mdy \(month first\)\./, 'Choose “Day first” or “Month first” under “Numeric dates”.')
    .replace(/name the order of numeric dates with date_format=dmy or date_format=mdy/, 'choose the order of numeric dates under “Numeric dates”')
    .replace(/ \(date_format=(dmy|mdy)\)/, '');
}
