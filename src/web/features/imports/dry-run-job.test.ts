// A long dry run (202): where it stands from the upload's answer and the last poll, and when polling stops; the
// unknown hosts kept once placed; the import's own operation for its Undo.
import { describe, expect, it } from 'vitest';
import type { ImportDryRun, ImportDryRunJob } from '../../../shared/import.schema';
import { checkingText, dryRunPollInterval, dryRunState, isDryRunJob } from './dry-run-job';
import { mergeHosts } from './domain-map-picker';
import { importOperation } from './import-undo';
import type { Operation } from '../../../shared/bulk.schema';

const result = { dry_run: true, rows_total: 3, unknown_hosts: [] } as unknown as ImportDryRun;
const job = (over: Partial<ImportDryRunJob> = {}): ImportDryRunJob => ({
  id: 'dr1',
  status: 'running',
  rows_total: 50_000,
  rows_read: 0,
  result: null,
  error: null,
  created_at: '2026-11-28T06:00:00.000Z',
  finished_at: null,
  expires_at: null,
  ...over,
});

describe('dry run job', () => {
  it('tells an ImportDryRun (200) from a job (202)', () => {
    expect(isDryRunJob(result)).toBe(false);
    expect(isDryRunJob(job())).toBe(true);
  });

  it('is loading before an answer, and done at once with a 200', () => {
    expect(dryRunState(undefined, undefined)).toEqual({ kind: 'loading' });
    expect(dryRunState(result, undefined)).toEqual({ kind: 'done', dry: result });
  });

  it('is checking with the rows read so far, from the latest poll of the same job', () => {
    expect(dryRunState(job(), undefined)).toEqual({ kind: 'checking', read: 0, total: 50_000 });
    expect(dryRunState(job(), job({ rows_read: 1200 }))).toEqual({ kind: 'checking', read: 1200, total: 50_000 });
    // A poll of an earlier job (another file, other options) is not this one's.
    expect(dryRunState(job({ id: 'dr2' }), job({ rows_read: 1200 }))).toEqual({ kind: 'checking', read: 0, total: 50_000 });
  });

  it('gives the result once completed, or the error once failed', () => {
    expect(dryRunState(job(), job({ status: 'completed', rows_read: 50_000, result }))).toEqual({ kind: 'done', dry: result });
    expect(dryRunState(job(), job({ status: 'failed', error: 'The file could not be read.' }))).toEqual({ kind: 'failed', error: 'The file could not be read.' });
  });

  it('polls every second while running, and stops once it has ended', () => {
    expect(dryRunPollInterval(undefined)).toBe(1000);
    expect(dryRunPollInterval(job())).toBe(1000);
    expect(dryRunPollInterval(job({ status: 'completed', result }))).toBe(false);
    expect(dryRunPollInterval(job({ status: 'failed', error: 'x' }))).toBe(false);
  });

  it('says how far the check is', () => {
    expect(checkingText(1200, 50_000)).toEqual({ label: 'Checking the file: 1,200 of 50,000 rows', percent: 2 });
    expect(checkingText(0, 0).percent).toBe(0);
  });
});

describe('unknown hosts of a file', () => {
  it('keeps a host once placed (the dry run no longer names it), and adds new ones', () => {
    const seen = [{ host: 'old.example', rows: 12, first_line: 2 }];
    expect(mergeHosts(seen, [])).toBe(seen);
    expect(mergeHosts(seen, [{ host: 'old.example', rows: 12, first_line: 2 }])).toBe(seen);
    expect(mergeHosts(seen, [{ host: 's.example', rows: 1, first_line: 9 }]).map((h) => h.host)).toEqual(['old.example', 's.example']);
  });
});

describe("an import's operation", () => {
  it('is the undoable operation whose object is this import job', () => {
    const ops = [
      { id: 1, object: 'link', object_id: 7, undoable: true },
      { id: 2, object: 'import', object_id: 6, undoable: true },
      { id: 3, object: 'import', object_id: 7, undoable: false },
      { id: 4, object: 'import', object_id: 7, undoable: true },
    ] as unknown as Operation[];
    expect(importOperation(ops, 7)?.id).toBe(4);
    expect(importOperation(ops, 8)).toBeUndefined();
  });
});
