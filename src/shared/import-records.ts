// The records of an import file, whatever its layout: CSV (comma or semicolon, RFC 4180), TSV (tab, as
// `mysql -B` and spreadsheets write it) or JSON (a list of objects, bare or inside the answer of the tool's
// API: `data`, `links`, `shortUrls.data`, `items`). The layout is told from the content, never from a file
// name. Every record comes as cells aligned to one header list: a JSON file's headers are the keys of its
// objects, nested objects flattened with dots (`visitsSummary.total`), lists of texts kept as lists.
import { CsvError, detectDelimiter, parseCsv } from './csv';

/**
 * What a file may hold, checked while it is read (a 422 naming the limit, never a crash): data rows (a JSON
 * file's items), columns (fields of a record; a JSON file's keys, nested ones with their parts) and, in a
 * JSON file, how deep its values nest. The same values as shared/import.schema.ts's (no import from there:
 * this module is the file reader alone, also on the dashboard).
 */
export const FILE_LIMITS = { rows: 1_000_000, columns: 500, depth: 16 } as const;

export type FileLayout = ',' | ';' | '\t' | 'json';

/** A cell: text, a list of texts (a JSON list), or null (JSON null). */
export type Cell = string | readonly string[] | null;

export interface ImportRecord {
  /** CSV and TSV: the physical line where the record starts (the header is line 1). JSON: the item's number (from 1). */
  line: number;
  fields: Cell[];
}

export interface FileRecords {
  headers: string[];
  records: Iterable<ImportRecord>;
}

/** JSON when the text (after a byte order mark and blanks) opens with `[` or `{`; else the CSV delimiter. */
export function layoutOf(text: string): FileLayout {
  const start = /\S/.exec(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)?.[0];
  return start === '[' || start === '{' ? 'json' : detectDelimiter(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
}

/** The records of a text in a layout; a malformed file throws a CsvError naming its line (or item). */
export function readRecords(text: string, layout: FileLayout): FileRecords {
  if (layout === 'json') return jsonRecords(text);
  if (layout === '\t') return withHeader(tsvRecords(text));
  return withHeader(parseCsv(text, layout, FILE_LIMITS.columns));
}

const tooManyRows = (line: number) =>
  new CsvError(line, `has more than ${FILE_LIMITS.rows.toLocaleString('en')} rows (line ${line} is past the limit). Split it into smaller files.`);

const tooManyColumns = (line: number, what: string) =>
  new CsvError(line, `has ${what} more than ${FILE_LIMITS.columns} columns (line ${line}); a file of links has far fewer. Is it the right file?`);

function withHeader(records: Iterator<ImportRecord> & Iterable<ImportRecord>): FileRecords {
  const first = records.next();
  if (first.done) return { headers: [], records: [] };
  function* counted(): Generator<ImportRecord> {
    let n = 0;
    for (let r = records.next(); !r.done; r = records.next()) {
      if (++n > FILE_LIMITS.rows) throw tooManyRows(r.value.line);
      yield r.value;
    }
  }
  return { headers: first.value.fields.map((f) => (typeof f === 'string' ? f : '')), records: { [Symbol.iterator]: counted } };
}

/**
 * TSV as `mysql -B` and spreadsheets write it: a record per line, fields split on tabs, no quoting, except
 * a field wholly wrapped in quotes (a spreadsheet's, with doubled quotes inside), which is unwrapped.
 */
function* tsvRecords(text: string): Generator<ImportRecord> {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  for (const [i, raw] of lines.entries()) {
    if (raw === '') continue;
    const fields = raw.split('\t', FILE_LIMITS.columns + 1).map((f) => (f.length > 1 && f.startsWith('"') && f.endsWith('"') && !/[^"]"(?!")/.test(f.slice(1, -1).replace(/""/g, '')) ? f.slice(1, -1).replace(/""/g, '"') : f));
    if (fields.length > FILE_LIMITS.columns) throw tooManyColumns(i + 1, 'a record of');
    yield { line: i + 1, fields };
  }
}

/**
 * The deepest nesting of a JSON text's lists and objects, read without parsing: a file nested past `max`
 * throws (JSON.parse and the reading of nested keys recurse, and would overflow the stack).
 */
function checkDepth(text: string, max: number): void {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // Skip a string, with its escapes.
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 92) i++;
        else if (d === 34) break;
      }
    } else if (c === 91 || c === 123) {
      if (++depth > max) {
        const line = lineOfOffset(text, i);
        throw new CsvError(line, `nests its values more than ${max} levels deep (line ${line}); a file of links nests a few.`);
      }
    } else if (c === 93 || c === 125) depth--;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The list of links inside a JSON document: the document itself, or the list a tool's API answer holds. */
function jsonItems(doc: unknown): unknown[] | null {
  if (Array.isArray(doc)) return doc;
  if (!isObject(doc)) return null;
  for (const key of ['data', 'links', 'shortUrls', 'items', 'urls']) {
    const v = doc[key];
    if (Array.isArray(v)) return v;
    if (isObject(v)) {
      const inner = jsonItems(v);
      if (inner) return inner;
    }
  }
  return null;
}

/** An object's cells by dotted key: nested objects flattened, lists of texts kept, other lists as JSON. */
function flatten(item: Record<string, unknown>, prefix: string, out: Map<string, Cell>): void {
  for (const [key, value] of Object.entries(item)) {
    const name = prefix + key;
    if (isObject(value)) flatten(value, `${name}.`, out);
    else if (Array.isArray(value)) out.set(name, value.every((v) => typeof v === 'string') ? (value as string[]) : JSON.stringify(value));
    else if (value === null || value === undefined) out.set(name, null);
    else out.set(name, String(value));
  }
  // Structured values are also kept whole under their own name (Linkdeck's `targets`, a `domain` object).
  if (prefix) out.set(prefix.slice(0, -1), JSON.stringify(item));
}

function lineOfOffset(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

function jsonRecords(text: string): FileRecords {
  let doc: unknown;
  checkDepth(text, FILE_LIMITS.depth);
  try {
    doc = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    const at = /position (\d+)/.exec(String(err))?.[1];
    const where = at === undefined ? '' : ` on line ${lineOfOffset(text, Number(at))}`;
    throw new CsvError(at === undefined ? 1 : lineOfOffset(text, Number(at)), `is not valid JSON${where}: ${String((err as Error).message).replace(/^.*?: /, '')}`);
  }
  const items = jsonItems(doc);
  if (!items) throw new CsvError(1, 'is JSON without a list of links: expected a list of objects, or an object whose `data`, `links` or `shortUrls` holds one.');
  const cells: Map<string, Cell>[] = [];
  const headers: string[] = [];
  const seen = new Set<string>();
  if (items.length > FILE_LIMITS.rows) throw tooManyRows(FILE_LIMITS.rows + 1);
  for (const [i, item] of items.entries()) {
    if (!isObject(item)) throw new CsvError(i + 1, `has an item ${i + 1} that is not an object (each link must be a JSON object).`);
    const flat = new Map<string, Cell>();
    flatten(item, '', flat);
    for (const key of flat.keys()) {
      if (!seen.has(key)) {
        seen.add(key);
        headers.push(key);
        if (headers.length > FILE_LIMITS.columns) throw tooManyColumns(i + 1, 'objects with');
      }
    }
    cells.push(flat);
  }
  return { headers, records: cells.map((flat, i) => ({ line: i + 1, fields: headers.map((h) => flat.get(h) ?? null) })) };
}
