// POST /api/v1/links/import (issue 10): its query, and the import job that GET /api/v1/imports/{id} shows.
import { z } from 'zod';
import { flag01, MAX_ID, queryEnum, queryInt } from './fields';
import { pagingFields } from './list-query';

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
