// RFC 4180 CSV: a parser that names the line of every record (and of a malformed one), and a writer that
// quotes what needs quoting and keeps spreadsheets from running formulas out of cells (see csvCell).

export class CsvError extends Error {
  constructor(
    /** 1-based physical line where the problem is. */
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

export interface CsvRecord {
  /** 1-based physical line where the record starts (the header is line 1). */
  line: number;
  fields: string[];
}

/** The delimiter of a file from its first line: comma, semicolon or tab, whichever occurs most outside quotes. */
export function detectDelimiter(text: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && (c === ',' || c === ';' || c === '\t')) counts[c]++;
  }
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) return ';';
  if (counts['\t'] > counts[',']) return '\t';
  return ',';
}

const tooManyFields = (line: number, max: number) =>
  new CsvError(line, `Line ${line} has more than ${max} fields; a file of links has far fewer. Is it the right file?`);

function countNewlines(s: string): number {
  let n = 0;
  for (let i = s.indexOf('\n'); i !== -1; i = s.indexOf('\n', i + 1)) n++;
  return n;
}

/**
 * Records of `text`, lazily. Quoted fields may hold delimiters, doubled quotes and line breaks; CRLF, LF
 * and CR end records; a byte order mark is skipped; blank lines are skipped. A quote that never closes, or
 * text right after a closing quote, throws a CsvError naming the line. A stray quote inside an unquoted
 * field is kept as it is (common in hand-made files, and unambiguous). A record of more than `maxFields`
 * fields throws, as soon as the parser reaches its next one.
 */
export function* parseCsv(text: string, delimiter = ',', maxFields = Number.POSITIVE_INFINITY): Generator<CsvRecord> {
  const n = text.length;
  const delim = delimiter.charCodeAt(0);
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  const endOfLine = (at: number): number => {
    if (text.charCodeAt(at) === 13 && text.charCodeAt(at + 1) === 10) return at + 2;
    return at < n ? at + 1 : at;
  };
  while (i < n) {
    const start = line;
    const fields: string[] = [];
    let blank = true;
    for (;;) {
      if (text.charCodeAt(i) === 34) {
        blank = false;
        let value = '';
        let at = i + 1;
        for (;;) {
          const q = text.indexOf('"', at);
          if (q === -1) throw new CsvError(start, `A quoted field that starts on line ${start} is never closed.`);
          const chunk = text.slice(at, q);
          value += chunk;
          line += countNewlines(chunk);
          if (text.charCodeAt(q + 1) === 34) {
            value += '"';
            at = q + 2;
            continue;
          }
          at = q + 1;
          break;
        }
        fields.push(value);
        if (fields.length > maxFields) throw tooManyFields(start, maxFields);
        const c = text.charCodeAt(at);
        if (c === delim) {
          i = at + 1;
          continue;
        }
        if (Number.isNaN(c) || c === 10 || c === 13) {
          i = endOfLine(at);
          if (!Number.isNaN(c)) line++;
          break;
        }
        throw new CsvError(line, `Line ${line} has text after a closing quote (a quote inside a quoted field must be doubled: "").`);
      }
      let j = i;
      while (j < n) {
        const c = text.charCodeAt(j);
        if (c === delim || c === 10 || c === 13) break;
        j++;
      }
      if (j > i) blank = false;
      fields.push(text.slice(i, j));
      if (fields.length > maxFields) throw tooManyFields(start, maxFields);
      if (j < n && text.charCodeAt(j) === delim) {
        blank = false;
        i = j + 1;
        continue;
      }
      i = endOfLine(j);
      if (j < n) line++;
      break;
    }
    if (!blank) yield { line: start, fields };
  }
}

/**
 * Cells that a spreadsheet would read as a formula (OWASP "CSV injection"): = + - @, tab, carriage return,
 * also behind apostrophes (those get one more, so that unescapeCell's answer is exact).
 */
const GUARDED = /^'*[=+\-@\t\r]/;

/**
 * One CSV cell. null/undefined is empty. A text that starts like a formula gets a leading apostrophe, so
 * that Excel, LibreOffice and Google Sheets show it as text instead of running it; Linkdeck's import drops
 * that apostrophe again (unescapeCell). Numbers and booleans are written as they are.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let s = typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
  // An apostrophe already in front of such a text is doubled too, so that unescapeCell gives back the text.
  if (typeof value === 'string' && GUARDED.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvRow(values: readonly (string | number | boolean | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** Undoes csvCell's formula guard: an apostrophe in front of = + - @ tab or CR goes. */
export function unescapeCell(value: string): string {
  return value[0] === "'" && GUARDED.test(value.slice(1)) ? value.slice(1) : value;
}
