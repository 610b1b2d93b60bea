// Examples of the API document's import operations; typed, so they stay true to the schemas.
import type { ImportDryRun, ImportJob } from '../../shared/import.schema';

export const importJobExample: ImportJob = {
  id: 12,
  status: 'queued',
  source: 'bitly',
  on_conflict: 'fail',
  partial: 0,
  domain_id: null,
  file_name: 'bitly-links.csv',
  rows_total: 250,
  rows_read: 0,
  created: 0,
  skipped: 0,
  failed: 0,
  failures: [],
  error: null,
  created_at: '2026-11-20T09:30:00.000Z',
  updated_at: '2026-11-20T09:30:00.000Z',
  finished_at: null,
};

export const importDryRunExample: ImportDryRun = {
  dry_run: true,
  source: 'linkdeck',
  on_conflict: 'rename',
  partial: 0,
  domain_id: null,
  file_name: 'links.csv',
  headers: ['alias', 'url', 'title', 'clicks'],
  layout: 'csv',
  date_format: 'auto',
  columns: [
    { column: 'alias', field: 'alias', note: null },
    { column: 'url', field: 'url', note: null },
    { column: 'title', field: 'title', note: null },
    { column: 'clicks', field: 'clicks', note: 'Kept as the starting click count (analytics shows it as imported).' },
  ],
  absent: [{ field: 'created_at', note: 'No column of this file has creation dates: every link is dated the day of the import.' }],
  notes: [],
  rows_total: 3,
  created: 2,
  skipped: 0,
  failed: 1,
  failures: [{ line: 4, field: 'url', column: 'url', message: 'The "url" column must be a valid http or https URL.' }],
  preview: [
    { line: 2, url: 'https://shop.example.com/spring', alias: 'spring-sale', title: 'Spring sale', domain_name: null, space_name: null, created_at: null, clicks: 1234, outcome: 'create', new_alias: null, problems: [], notes: [] },
    { line: 3, url: 'https://shop.example.com/summer', alias: 'promo', title: null, domain_name: null, space_name: null, created_at: null, clicks: null, outcome: 'rename', new_alias: 'promo-2', problems: [], notes: [] },
    { line: 4, url: 'notaurl', alias: null, title: null, domain_name: null, space_name: null, created_at: null, clicks: null, outcome: 'fail', new_alias: null, notes: [], problems: [{ line: 4, field: 'url', column: 'url', message: 'The "url" column must be a valid http or https URL.' }] },
  ],
  error: '1 row failed, so nothing was imported. Fix it, or send partial=1 to import the valid rows.',
};
