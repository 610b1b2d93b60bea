import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CsvError, csvCell, csvRow, detectDelimiter, parseCsv, unescapeCell } from './csv';

const all = (text: string, d = ',') => [...parseCsv(text, d)];

describe('parseCsv', () => {
  it('reads records with their starting lines, CRLF, LF and CR alike, skipping a BOM and blank lines', () => {
    expect(all('\ufeffa,b\r\n1,2\n\n3,4\r5,6')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['1', '2'] },
      { line: 4, fields: ['3', '4'] },
      { line: 5, fields: ['5', '6'] },
    ]);
  });

  it('reads quoted fields with delimiters, doubled quotes and line breaks, and counts the lines they span', () => {
    expect(all('a,b\n"x, ""y""","multi\nline\r\ntext"\nlast,""\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, "y"', 'multi\nline\r\ntext'] },
      { line: 5, fields: ['last', ''] },
    ]);
  });

  it('keeps empty fields, a trailing delimiter and a stray quote inside an unquoted field', () => {
    expect(all(',a,,\n5" screen,b')).toEqual([
      { line: 1, fields: ['', 'a', '', ''] },
      { line: 2, fields: ['5" screen', 'b'] },
    ]);
  });

  it('names the line of a quote that never closes, and of text after a closing quote', () => {
    expect(() => all('a\n"ok"\n"never\nclosed')).toThrow(new CsvError(3, 'A quoted field that starts on line 3 is never closed.'));
    try {
      all('a,b\n1,2\n"x"y,3');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(CsvError);
      expect((e as CsvError).line).toBe(3);
    }
  });

  it('reads other delimiters and detects them from the header', () => {
    expect(detectDelimiter('longUrl;shortCode;title\n')).toBe(';');
    expect(detectDelimiter('a\tb\tc')).toBe('\t');
    expect(detectDelimiter('"a;b",c')).toBe(',');
    expect(all('a;"b;c"\n1;2', ';')).toEqual([
      { line: 1, fields: ['a', 'b;c'] },
      { line: 2, fields: ['1', '2'] },
    ]);
  });
});

describe('csvCell', () => {
  it('quotes what needs it and guards cells a spreadsheet would run as a formula', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(12)).toBe('12');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-abc')).toBe("'-abc");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(unescapeCell("'=1+2")).toBe('=1+2');
    expect(unescapeCell("'quoted")).toBe("'quoted");
    expect(csvCell("'=kept")).toBe("''=kept");
    expect(unescapeCell("''=kept")).toBe("'=kept");
  });

  it('round-trips any row through the writer, the parser and unescapeCell', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom("'=x", "''-1", '@', "'")), { minLength: 2, maxLength: 6 }), (cells) => {
        const records = all(csvRow(['h', 'h2']) + csvRow(cells));
        expect(records[1]?.fields.map(unescapeCell)).toEqual(cells);
      }),
    );
  });
});
