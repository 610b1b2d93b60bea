// POST /api/v1/links/import (issue 10): its query, and the import job that GET /api/v1/imports/{id} shows.
import { z } from 'zod';
import { flag01, MAX_ID, queryEnum, queryInt } from './fields';
import { pagingFields } from './list-query';
import { queryFlag } from './bulk.schema';

export const IMPORT_SOURCES = ['linkdeck', 'bitly', 'yourls', 'kutt', 'shlink'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/**
 * Alias collisions (with an existing link of the same domain, or an earlier row of the file):
 * `skip` leaves the row out (counted in `skipped`); `rename` imports it as alias-2, alias-3, ...; `fail`
 * makes the row a failure, and then, unless `partial=1`, the whole import writes nothing.
 */
export const ON_CONFLICT = ['fail', 'skip', 'rename'] as const;
export type OnConflict = (typeof ON_CONFLICT)[number];

/** The largest file accepted (bytes); a larger one is a 413. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
/** How many failures a job keeps (with line numbers); `failed` counts them all. */
export const MAX_IMPORT_FAILURES = 1000;

export const importQuerySchema = z.object({
  source: queryEnum(['auto', ...IMPORT_SOURCES] as const, 'auto'),
  on_conflict: queryEnum(ON_CONFLICT, 'fail'),
  partial: z.preprocess((v) => (v === undefined || v === '' ? 0 : v), flag01),
  domain_id: queryInt(1, MAX_ID),
  /** Check the file as the import would, without writing: 200 with an ImportDryRun instead of a job. */
  dry_run: queryFlag,
});

export type ImportQuery = z.output<typeof importQuerySchema>;

export const importListQuerySchema = z.object({ per_page: pagingFields.per_page, page: pagingFields.page });

export const IMPORT_STATUSES = ['queued', 'validating', 'importing', 'completed', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export interface ImportFailure {
  /** Line of the file where the row starts (the header is line 1). */
  line: number;
  /** The field the reason is about, when it is about one. */
  field: string | null;
  message: string;
}

export interface ImportJob {
  id: number;
  status: ImportStatus;
  source: ImportSource;
  on_conflict: OnConflict;
  partial: 0 | 1;
  domain_id: number | null;
  file_name: string | null;
  /** Data rows in the file (not the header). */
  rows_total: number;
  rows_read: number;
  created: number;
  skipped: number;
  failed: number;
  /** The first MAX_IMPORT_FAILURES failures, in line order. */
  failures: ImportFailure[];
  /** Why the import as a whole failed (nothing was written), or null. */
  error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** Rows of the file a dry run shows, mapped to Linkdeck's fields. */
export const IMPORT_PREVIEW_ROWS = 20;

/** What the import would do with a row: create it (alias as given, or picked), under another alias (on_conflict=rename), skip it, or fail it. */
export type ImportRowOutcome = 'create' | 'rename' | 'skip' | 'fail';

export interface ImportPreviewRow {
  line: number;
  /** The row's values as the format maps them to Linkdeck's fields (null: not given). */
  url: string | null;
  alias: string | null;
  title: string | null;
  domain_name: string | null;
  space_name: string | null;
  created_at: string | null;
  outcome: ImportRowOutcome;
  /** The alias it would be created under when that differs (rename). */
  new_alias: string | null;
  /** Why the row would fail (line, field and message, as the job would report them). */
  problems: ImportFailure[];
}

/** POST /links/import?dry_run=1: the file checked by the import's own code, nothing written. */
export interface ImportDryRun {
  dry_run: true;
  source: ImportSource;
  on_conflict: OnConflict;
  partial: 0 | 1;
  domain_id: number | null;
  file_name: string | null;
  /** The file's columns (its header row). */
  headers: string[];
  rows_total: number;
  /** Rows the import would create, leave out (taken aliases, on_conflict=skip) and fail. */
  created: number;
  skipped: number;
  failed: number;
  /** The first MAX_IMPORT_FAILURES failures, in line order. */
  failures: ImportFailure[];
  /** The first IMPORT_PREVIEW_ROWS rows. */
  preview: ImportPreviewRow[];
  /** Why the real import would write nothing (rows fail and partial is 0), or null. */
  error: string | null;
}
