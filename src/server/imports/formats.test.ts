// Each peer's export as its own tool writes it (fixtures/), read by the format that its content names:
// what every row becomes, before the shared schema and the account's names are applied (import-rows.ts).
import { describe, expect, it } from 'vitest';
import { LINK_EXPORT_COLUMNS } from '../../shared/export.schema';
import { layoutOf, readRecords } from '../../shared/import-records';
import { cellsOf, describeColumns, detectFormat, headerIndex } from './formats';
import { shortUrlParts } from './format-cells';
import { renamed } from './import-job';
import { fixture } from './import-test-helpers';

function rowsOf(file: string) {
  const text = fixture(file);
  const layout = layoutOf(text);
  const { headers, records } = readRecords(text, layout);
  const format = detectFormat(headers, 'auto');
  const index = headerIndex(headers);
  return { layout, headers, format, rows: [...records].map((r) => format?.read(cellsOf(index, r.fields))) };
}

describe('import formats', () => {
  it('recognizes each fixture from its content (layout and columns)', () => {
    const found = Object.fromEntries(
      ['linkdeck.csv', 'bitly-dashboard.csv', 'bitly-legacy.csv', 'bitly-api.json', 'shlink-web-client.csv', 'shlink-importer.csv', 'shlink-csv.csv', 'shlink-api.json', 'kutt-api.json', 'kutt-csv.csv', 'yourls-dump.csv', 'yourls.tsv', 'yourls-plugin.csv'].map((f) => {
        const r = rowsOf(f);
        return [f, `${r.format?.source} ${r.layout === '\t' ? 'tsv' : r.layout}`];
      }),
    );
    expect(found).toEqual({
      'linkdeck.csv': 'linkdeck ,', 'bitly-dashboard.csv': 'bitly ,', 'bitly-legacy.csv': 'bitly ,', 'bitly-api.json': 'bitly json',
      'shlink-web-client.csv': 'shlink ,', 'shlink-importer.csv': 'shlink ,', 'shlink-csv.csv': 'shlink ;', 'shlink-api.json': 'shlink json',
      'kutt-api.json': 'kutt json', 'kutt-csv.csv': 'kutt ,', 'yourls-dump.csv': 'yourls ,', 'yourls.tsv': 'yourls tsv', 'yourls-plugin.csv': 'yourls ,',
    });
    expect(detectFormat(['name', 'destination'], 'auto')).toBeUndefined();
    expect(detectFormat(['url', 'alias'], 'yourls')).toBeUndefined();
    expect(detectFormat(['keyword', 'url'], 'linkdeck')?.source).toBe('linkdeck');
    expect(detectFormat(['Link', 'Destination URL'], 'bitly')?.source).toBe('bitly');
  });

  it("reads Bitly's dashboard export (BOM, CRLF, custom link host, engagements) and its API's bitlinks", () => {
    const dash = rowsOf('bitly-dashboard.csv');
    expect(dash.headers[0]).toBe('Link');
    expect(dash.rows[0]).toMatchObject({ fields: { url: 'https://shop.example.com/spring?utm_source=bitly', alias: '3xYzAbc' }, clicks: '1,234', created_at: '2026-03-02 09:15:00 UTC', domain_name: undefined });
    expect(dash.rows[1]).toMatchObject({ fields: { alias: 'q1-report', title: 'Quarterly report, Q1' }, domain_name: 'go.example.org', clicks: '87' });
    const api = rowsOf('bitly-api.json');
    expect(api.rows[0]).toMatchObject({ fields: { alias: '3xYzAbc', tags: ['marketing', 'spring'] }, created_at: '2026-03-02T09:15:00+0000' });
    expect(api.rows[1]).toMatchObject({ fields: { alias: 'q1-report' }, domain_name: 'go.example.org' });
    expect(describeColumns(dash.format!, dash.headers).find((c) => c.column === 'Status')).toMatchObject({ field: null });
  });

  it("reads Shlink's web client export, shlink-importer's Short URL-only file and its API's answer", () => {
    const web = rowsOf('shlink-web-client.csv');
    expect(web.rows[0]).toMatchObject({ fields: { alias: 'abc12', tags: ['news', 'tech'] }, domain_name: undefined, clicks: '5' });
    // A tag with a comma stays one tag (the comma cannot be kept, and the row says so).
    expect(web.rows[1]).toMatchObject({ fields: { alias: 'abc12', tags: ['spring; sale', 'promo'] }, domain_name: 'go.example.org', clicks: '1234' });
    expect(web.rows[1]?.notes[0]?.message).toMatch(/"spring, sale" comes in as "spring; sale"/);
    const importer = rowsOf('shlink-importer.csv');
    expect(importer.rows.map((r) => [r?.fields.alias, r?.domain_name])).toEqual([['only1', 'go.example.org'], ['only2', 's.test']]);
    const api = rowsOf('shlink-api.json');
    expect(api.rows[0]).toMatchObject({
      fields: { alias: '12C18', url: 'https://store.example.com/phones', tags: ['phones', 'store'], active_period_start_at: '2026-01-15T00:00:00+00:00', clicks_limit: '500' },
      clicks: '328',
      created_at: '2026-01-10T08:00:00+00:00',
      domain_name: 'go.example.org',
    });
  });

  it("reads Kutt's API answer: a password or a ban comes in disabled, and says why; domain null is the default", () => {
    const { rows } = rowsOf('kutt-api.json');
    expect(rows[0]).toMatchObject({ fields: { url: 'https://kutt.example/', alias: 'kutt-home', title: 'Kutt home' }, clicks: '1234', domain_name: undefined, notes: [] });
    expect(rows[0]?.fields.disabled).toBeUndefined();
    expect(rows[1]).toMatchObject({ fields: { alias: 'promo', disabled: '1', active_period_end_at: '2027-01-01T00:00:00.000Z' }, domain_name: 'go.example.org' });
    expect(rows[1]?.notes.map((n) => n.field)).toEqual(['disabled']);
    expect(rows[2]).toMatchObject({ fields: { alias: 'promo' }, domain_name: undefined });
  });

  it('reads YOURLS dumps (NULL, backslash escapes; CSV and TSV) and the Import-Export plugin', () => {
    const dump = rowsOf('yourls-dump.csv').rows;
    expect(dump[1]?.fields.title).toBeUndefined();
    expect(dump[2]).toMatchObject({ fields: { title: 'Line one\nLine two' }, clicks: '1,024' });
    const tsv = rowsOf('yourls.tsv').rows;
    expect(tsv[0]?.fields.title).toBe('Says "hi"\there');
    expect(tsv[1]?.fields.title).toBeUndefined();
    expect(rowsOf('yourls-plugin.csv').rows[0]).toMatchObject({ fields: { alias: 'start-here', url: 'https://docs.example.net/getting-started' }, clicks: '42' });
  });

  it("reads every column of Linkdeck's export: og_* fields, pixels by name, clicks", () => {
    const cells: Partial<Record<(typeof LINK_EXPORT_COLUMNS)[number], string>> = {
      url: 'https://example.com/a?utm_source=news', alias: 'a', og_title: "'=Headline", og_description: 'Text, with a comma', og_image: 'https://example.com/i.png',
      pixel_ids: '7 9', pixel_names: '["Meta, main","GA"]', space_name: 'Spring', domain_name: 'go.example.com', tags: 'x, y', clicks: '55',
    };
    const read = (over: typeof cells) => {
      const row = { ...cells, ...over };
      const format = detectFormat([...LINK_EXPORT_COLUMNS], 'auto');
      return format?.read(cellsOf(headerIndex([...LINK_EXPORT_COLUMNS]), LINK_EXPORT_COLUMNS.map((c) => row[c] ?? '')));
    };
    expect(read({})).toMatchObject({
      fields: { url: 'https://example.com/a?utm_source=news', alias: 'a', og_title: '=Headline', og_description: 'Text, with a comma', og_image: 'https://example.com/i.png', tags: ['x', 'y'] },
      pixel_names: ['Meta, main', 'GA'],
      space_name: 'Spring',
      domain_name: 'go.example.com',
      clicks: '55',
      issues: [],
    });
    expect(read({ pixel_names: '' })?.fields.pixel_ids).toEqual(['7', '9']);
    expect(read({ pixel_names: 'Meta' })?.issues).toEqual([{ field: 'pixel_names', message: 'must be a JSON list of names (as the export writes it).' }]);
    expect(read({ redirect_password: '1' })?.notes.map((n) => n.field)).toEqual(['disabled']);
  });

  it('reads the host and alias of a short URL, and renames within the length limit', () => {
    expect(shortUrlParts('bit.ly/3xYzAbc')).toEqual({ host: 'bit.ly', alias: '3xYzAbc' });
    expect(shortUrlParts('https://go.example.org/q1-report/?x=1#y')).toEqual({ host: 'go.example.org', alias: 'q1-report' });
    expect(shortUrlParts('plain')).toEqual({ host: undefined, alias: 'plain' });
    expect(renamed('promo', 2)).toBe('promo-2');
    const long = 'a'.repeat(255);
    expect(renamed(long, 13)).toHaveLength(255);
    expect(renamed(long, 13).endsWith('-13')).toBe(true);
  });
});
