import { describe, expect, it } from 'vitest';
import type { ImportFailure } from '../../../shared/import.schema';
import { dateOrderRows, droppedReason, importFieldLabel, inPageWords, jobProgress, noteSummary, rowWord } from './import-text';

describe('jobProgress', () => {
  it('splits the bar between the checking and the writing pass unless partial', () => {
    expect(jobProgress({ status: 'queued', rows_read: 0, rows_total: 10, partial: 0 }).percent).toBe(0);
    expect(jobProgress({ status: 'validating', rows_read: 5, rows_total: 10, partial: 0 })).toEqual({ percent: 25, label: 'Checking every row first: 5 of 10 rows' });
    expect(jobProgress({ status: 'importing', rows_read: 5, rows_total: 10, partial: 0 }).percent).toBe(75);
    expect(jobProgress({ status: 'importing', rows_read: 2500, rows_total: 10000, partial: 1 })).toEqual({ percent: 25, label: 'Importing: 2,500 of 10,000 rows' });
    expect(jobProgress({ status: 'completed', rows_read: 10, rows_total: 10, partial: 1 })).toEqual({ percent: 100, label: 'Done: 10 of 10 rows' });
    expect(jobProgress({ status: 'failed', rows_read: 3, rows_total: 10, partial: 0 }).label).toBe('Stopped');
  });
});

describe('what a column becomes, in words', () => {
  it('names the import’s own fields and the link’s, never an API name', () => {
    expect(importFieldLabel('url')).toBe('Destination URL');
    expect(importFieldLabel('clicks')).toBe('Starting click count');
    expect(importFieldLabel('created_at')).toBe('Creation date');
    expect(importFieldLabel('domain_name')).toBe('Domain');
    expect(importFieldLabel('active_period_end_at')).toBe('End date');
    expect(importFieldLabel('disabled')).toBe('Enabled or disabled');
    expect(importFieldLabel('pixel_ids')).toBe('Pixels');
    expect(importFieldLabel('og_title')).toBe('Card headline');
    expect(importFieldLabel('some_new_field')).toBe('Some new field');
  });

  it('drops the heading’s own words from a dropped column’s reason', () => {
    expect(droppedReason('Not imported: Linkdeck has no crawlable flag.')).toBe('Linkdeck has no crawlable flag.');
    expect(droppedReason('Not read: it follows from the other fields.')).toBe('It follows from the other fields.');
    expect(droppedReason("The source's ids are not kept: Linkdeck gives each link its own.")).toBe("The source's ids are not kept: Linkdeck gives each link its own.");
    expect(droppedReason(null)).toBe('Not read by this format.');
  });

  it('counts a note’s rows and says where it first applies (an item of a JSON file)', () => {
    const note = { field: 'disabled', message: 'It had a password in Kutt: it comes in disabled.', rows: 1, first_line: 2 };
    expect(noteSummary(note, 'csv')).toBe('1 row: It had a password in Kutt: it comes in disabled. — first on line 2');
    expect(noteSummary({ ...note, rows: 1200 }, 'json')).toBe('1,200 rows: It had a password in Kutt: it comes in disabled. — first in item 2');
    expect(rowWord('json')).toBe('Item');
    expect(rowWord('tsv')).toBe('Line');
  });
});

describe('dates that read either way', () => {
  const f = (line: number, field: string | null, message: string): ImportFailure => ({ line, field, column: null, message });
  it('counts the rows whose date problems the date option settles, once a row', () => {
    const failures = [
      f(2, 'created_at', 'The "Created" column: "02/03/2025" could be 2 March or February 3. Send date_format=dmy (day first) or date_format=mdy (month first).'),
      f(2, 'active_period_end_at', 'The "expire_in" column: "04/05/2026" could be 4 May or April 5. Send date_format=dmy (day first) or date_format=mdy (month first).'),
      f(3, 'active_period_start_at', 'The start date: "13/13/2025" is not a date when read day first (date_format=dmy).'),
      f(4, 'created_at', 'The creation date: "yesterday" cannot be read.'),
      f(5, 'url', 'The "url" column must be a valid URL; see date_format.'),
      f(6, null, 'date_format'),
    ];
    expect(dateOrderRows(failures)).toBe(2);
    expect(dateOrderRows([])).toBe(0);
  });

  it('puts the API’s parameters in the page’s terms', () => {
    expect(inPageWords('"02/03/2025" could be 2 March or February 3. Send date_format=dmy (day first) or date_format=mdy (month first).')).toBe(
      '"02/03/2025" could be 2 March or February 3. Choose “Day first” or “Month first” under “Numeric dates”.',
    );
    expect(inPageWords('"1/2/25" has a two-digit year. Use ISO 8601 (2025-03-02T10:00:00Z), or name the order of numeric dates with date_format=dmy or date_format=mdy.')).toBe(
      '"1/2/25" has a two-digit year. Use ISO 8601 (2025-03-02T10:00:00Z), or choose the order of numeric dates under “Numeric dates”.',
    );
    expect(inPageWords('"31/02/2025" is not a date when read day first (date_format=dmy).')).toBe('"31/02/2025" is not a date when read day first.');
    expect(inPageWords('2 rows failed, so nothing was imported. Fix them, or send partial=1 to import the valid rows.')).toBe(
      '2 rows failed, so nothing was imported. Fix them, or turn on “Import the valid rows” to import the valid rows.',
    );
  });
});
