// The preview as markup: what comes across (kept columns with the field in words, the dropped ones with why),
// the notes counted over the file, and each row's starting clicks and notes.
import { describe, expect, it } from 'vitest';
import type { ImportDryRun } from '../../../shared/import.schema';
import { renderMarkup } from '../../test-utils/canonical-markup';
import { ImportPreview } from './import-preview';

const PASSWORD = 'It had a password in Kutt, which no export carries: it comes in disabled. Set a redirect password, then enable it.';

const dry: ImportDryRun = {
  dry_run: true,
  source: 'kutt',
  on_conflict: 'fail',
  partial: 0,
  domain_id: null,
  file_name: 'kutt.json',
  rows_total: 2,
  headers: ['id', 'address', 'password', 'target', 'visit_count', 'updated_at'],
  layout: 'json',
  date_format: 'auto',
  columns: [
    { column: 'id', field: null, note: "The source's ids are not kept: Linkdeck gives each link its own." },
    { column: 'address', field: 'alias', note: null },
    { column: 'password', field: 'disabled', note: 'A link that had a password comes in disabled: Kutt never exports passwords.' },
    { column: 'target', field: 'url', note: null },
    { column: 'visit_count', field: 'clicks', note: 'Kept as the starting click count (analytics shows it as imported).' },
    { column: 'updated_at', field: null, note: 'Not imported: Linkdeck sets its own.' },
  ],
  absent: [{ field: 'created_at', note: 'No column of this file has creation dates: every link is dated the day of the import.' }],
  notes: [{ field: 'disabled', message: PASSWORD, rows: 1, first_line: 2 }],
  created: 2,
  skipped: 0,
  failed: 0,
  failures: [],
  preview: [
    { line: 1, url: 'https://kutt.example/', alias: 'home', title: null, domain_name: null, space_name: null, created_at: null, clicks: 1234, outcome: 'create', new_alias: null, problems: [], notes: [] },
    { line: 2, url: 'https://e.com/promo', alias: 'promo', title: null, domain_name: null, space_name: null, created_at: null, clicks: null, outcome: 'create', new_alias: null, problems: [], notes: [{ field: 'disabled', message: PASSWORD }] },
  ],
  unknown_hosts: [],
  domain_map: [],
  error: null,
};

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('ImportPreview', () => {
  it('says what comes across, what is dropped and what changes, before the rows', () => {
    const html = renderMarkup(<ImportPreview dry={dry} />);
    const words = text(html);
    expect(words).toContain('What comes across');
    expect(words).toContain('Kept (4)');
    expect(words).toContain('visit_count → becomes Starting click count');
    expect(words).toContain('password → becomes Enabled or disabled A link that had a password comes in disabled');
    expect(words).toContain('Not imported (2)');
    expect(words).toContain('updated_at Linkdeck sets its own.');
    expect(words).toContain('Not in this file Creation date No column of this file has creation dates: every link is dated the day of the import.');
    expect(words).toContain(`1 row: ${PASSWORD} — first in item 2`);
    expect(words.indexOf('What comes across')).toBeLessThan(words.indexOf('as Linkdeck reads them'));
  });

  it('shows each row’s starting clicks and its notes, rows named items in a JSON file', () => {
    const html = renderMarkup(<ImportPreview dry={dry} />);
    expect([...html.matchAll(/data-testid="row-clicks"[^>]*>([^<]*)</g)].map((m) => m[1])).toEqual(['1,234', '—']);
    expect(text(html)).toContain(`Item Alias Destination URL Title Clicks Result`);
    expect(html.match(/data-testid="row-note"/g)).toHaveLength(1);
    expect(text(html)).toContain(PASSWORD);
  });

  it('has no clicks column for a format without counts, and folds a long column list', () => {
    const many = Array.from({ length: 14 }, (_, i) => ({ column: `c${i}`, field: 'title', note: null }));
    const html = renderMarkup(
      <ImportPreview dry={{ ...dry, layout: 'csv', columns: many, notes: [], preview: dry.preview.map((r) => ({ ...r, clicks: null, notes: [] })) }} />,
    );
    expect(html).not.toContain('row-clicks');
    expect(text(html)).toContain('Line Alias Destination URL Title Result');
    expect(html.match(/data-testid="kept-column-item"/g)).toHaveLength(12);
    expect(text(html)).toContain('Show all 14');
    expect(html).not.toContain('import-notes');
    expect(renderMarkup(<ImportPreview dry={{ ...dry, absent: [] }} />)).not.toContain('absent-fields');
  });
});
