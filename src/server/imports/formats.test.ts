import { describe, expect, it } from 'vitest';
import { parseCsv, detectDelimiter } from '../../shared/csv';
import { LINK_EXPORT_COLUMNS } from '../../shared/export.schema';
import { aliasOfShortUrl, cellsOf, detectFormat, headerIndex } from './formats';
import { renamed } from './import-job';
import { fixture } from './import-test-helpers';

function rowsOf(file: string) {
  const text = fixture(file);
  const [header, ...records] = [...parseCsv(text, detectDelimiter(text))];
  const headers = header?.fields ?? [];
  const format = detectFormat(headers, 'auto');
  const index = headerIndex(headers);
  return { format, rows: records.map((r) => format?.read(cellsOf(index, r.fields))) };
}

describe('import formats', () => {
  it('recognizes each fixture by its header', () => {
    expect(['linkdeck.csv', 'bitly.csv', 'yourls.csv', 'kutt.csv', 'shlink.csv', 'shlink-import.csv'].map((f) => rowsOf(f).format?.source)).toEqual([
      'linkdeck', 'bitly', 'yourls', 'kutt', 'shlink', 'shlink',
    ]);
    expect(detectFormat(['name', 'destination'], 'auto')).toBeUndefined();
    expect(detectFormat(['Long URL', 'Bitlink'], 'auto')?.source).toBe('bitly');
    expect(detectFormat(['url', 'alias'], 'yourls')).toBeUndefined();
    expect(detectFormat(['keyword', 'url'], 'linkdeck')?.source).toBe('linkdeck');
  });

  it('maps each source to the fields of POST /links', () => {
    expect(rowsOf('bitly.csv').rows[1]).toMatchObject({
      fields: { url: 'https://example.org/reports/2026/q1.pdf', alias: 'q1-report', title: 'Quarterly report, Q1', tags: ['finance', 'reports'] },
      created_at: '2026-03-05 17:40:12',
    });
    expect(rowsOf('kutt.csv').rows[1]?.fields).toEqual({ url: 'https://example.com/promo', alias: 'promo', title: 'Promo with expiry', active_period_end_at: '2027-01-01T00:00:00.000Z' });
    expect(rowsOf('shlink-import.csv').rows[0]?.fields).toEqual({ url: 'https://example.com/from-shlink-import-format', alias: 'imported1', title: 'Shlink CSV import format', tags: ['a', 'b'] });
    const linkdeck = rowsOf('linkdeck.csv').rows;
    expect(linkdeck[0]?.fields.targets).toEqual([{ key: 'US', value: 'https://example.com/us' }, { key: 'DE', value: 'https://example.com/de' }]);
    expect(linkdeck[1]?.fields).toMatchObject({ alias: '-dash-first', title: '=not a formula', privacy: '1', disabled: '1' });
  });

  it("reads every column of today's Linkdeck export: the og_* preview fields, pixels by name besides their ids", () => {
    const cells: Partial<Record<(typeof LINK_EXPORT_COLUMNS)[number], string>> = {
      url: 'https://example.com/a?utm_source=news', alias: 'a', og_title: "'=Headline", og_description: 'Text, with a comma', og_image: 'https://example.com/i.png',
      pixel_ids: '7 9', pixel_names: '["Meta, main","GA"]', space_name: 'Spring', domain_name: 'go.example.com', tags: 'x, y',
    };
    const read = (over: typeof cells) => {
      const row = { ...cells, ...over };
      const format = detectFormat([...LINK_EXPORT_COLUMNS], 'auto');
      return format?.read(cellsOf(headerIndex([...LINK_EXPORT_COLUMNS]), LINK_EXPORT_COLUMNS.map((c) => row[c] ?? '')));
    };
    expect(read({})).toMatchObject({
      fields: { url: 'https://example.com/a?utm_source=news', alias: 'a', og_title: '=Headline', og_description: 'Text, with a comma', og_image: 'https://example.com/i.png', pixel_ids: ['7', '9'], tags: ['x', 'y'] },
      pixel_names: ['Meta, main', 'GA'],
      space_name: 'Spring',
      domain_name: 'go.example.com',
      issues: [],
    });
    expect(read({ pixel_names: '' })?.pixel_names).toBeUndefined();
    expect(read({ pixel_names: 'Meta' })?.issues).toEqual([{ field: 'pixel_names', message: 'must be a JSON list of names (as the export writes it).' }]);
    expect(read({ pixel_names: '[1]' })?.issues.map((i) => i.field)).toEqual(['pixel_names']);
  });

  it('reads an alias from a short URL, and renames within the length limit', () => {
    expect(aliasOfShortUrl('bit.ly/3xYzAbc')).toBe('3xYzAbc');
    expect(aliasOfShortUrl('https://go.example.org/q1-report/?x=1#y')).toBe('q1-report');
    expect(aliasOfShortUrl('plain')).toBe('plain');
    expect(renamed('promo', 2)).toBe('promo-2');
    const long = 'a'.repeat(255);
    expect(renamed(long, 13)).toHaveLength(255);
    expect(renamed(long, 13).endsWith('-13')).toBe(true);
  });
});
