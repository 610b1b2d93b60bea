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
