import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../shared/csv';
import { rejectedFileName, rejectedRowsCsv } from './rejected-rows';

const FILE = [
  'url,alias,title',
  'https://e.com/1,ok,Fine',
  'javascript:alert(1),bad,"Title, with ""quotes"""',
  '"https://e.com/multi",multi,"two',
  'lines"',
  'https://e.com/4,short',
  '=cmd,formula,@x',
].join('\n');

describe('rejectedRowsCsv', () => {
  it('keeps the header and the failed records as they were, with an error column', () => {
    const csv = rejectedRowsCsv(FILE, [
      { line: 3, field: 'url', column: null, message: 'The url field must be a valid http or https URL.' },
      { line: 4, field: 'alias', column: null, message: 'The alias field has already been taken.' },
      { line: 6, field: null, column: null, message: '=Line 6 is odd' },
      { line: 7, field: 'url', column: null, message: 'Bad.' },
    ]);
    const rows = [...parseCsv(csv ?? '')].map((r) => r.fields);
    expect(rows).toEqual([
      ['url', 'alias', 'title', 'error'],
      ['javascript:alert(1)', 'bad', 'Title, with "quotes"', 'The url field must be a valid http or https URL.'],
      ['https://e.com/multi', 'multi', 'two\nlines', 'The alias field has already been taken.'],
      ['https://e.com/4', 'short', '', "'=Line 6 is odd"],
      ['=cmd', 'formula', '@x', 'Bad.'],
    ]);
  });

  it('reads semicolon files, joins two reasons of a line, and is null when no line matches', () => {
    const csv = rejectedRowsCsv('longUrl;shortCode\nhttps://e.com;a b\n', [
      { line: 2, field: 'alias', column: null, message: 'One.' },
      { line: 2, field: 'url', column: null, message: 'Two.' },
    ]);
    expect(csv).toBe('longUrl,shortCode,error\r\nhttps://e.com,a b,One. Two.\r\n');
    expect(rejectedRowsCsv('url\nhttps://e.com\n', [{ line: 9, field: null, column: null, message: 'x' }])).toBeNull();
    expect(rejectedRowsCsv('', [])).toBeNull();
  });

  it('names the file after the one imported', () => {
    expect(rejectedFileName('bitly export.CSV')).toBe('bitly export-rejected.csv');
    expect(rejectedFileName(null)).toBe('import-rejected.csv');
  });
});

describe('rejectedRowsCsv of other layouts', () => {
  it('writes a TSV file’s failed rows as CSV, cells as the import read them', () => {
    const tsv = 'keyword\turl\ttitle\nok\thttps://e.com/1\tFine\nbad\tjavascript:x\tA "quoted", title\n';
    expect(rejectedRowsCsv(tsv, [{ line: 3, field: 'url', column: 'url', message: 'Bad URL.' }])).toBe('keyword,url,title,error\r\nbad,javascript:x,"A ""quoted"", title",Bad URL.\r\n');
  });

  it('writes a JSON file’s failed items (by their number) under its keys, lists joined, nulls empty', () => {
    const json = JSON.stringify({
      total: 2,
      data: [
        { address: 'fine', target: 'https://e.com/', tags: ['a'], domain: null },
        { address: 'bad', target: 'ftp://x', tags: ['a', 'b'], domain: null },
      ],
    });
    expect(rejectedRowsCsv(json, [{ line: 2, field: 'url', column: 'target', message: 'Bad.' }])).toBe('address,target,tags,domain,error\r\nbad,ftp://x,"a, b",,Bad.\r\n');
  });

  it('is null for a file it cannot read', () => {
    expect(rejectedRowsCsv('{"not": "a list"}', [{ line: 1, field: null, column: null, message: 'x' }])).toBeNull();
    expect(rejectedRowsCsv('[{"a": 1', [{ line: 1, field: null, column: null, message: 'x' }])).toBeNull();
  });

  it('names a JSON or TSV file’s rejected rows as CSV', () => {
    expect(rejectedFileName('kutt-links.json')).toBe('kutt-links-rejected.csv');
    expect(rejectedFileName('yourls.tsv')).toBe('yourls-rejected.csv');
  });
});
