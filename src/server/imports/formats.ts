// How an import reads the rows of each format. Which format a file is comes from its content (or `source=`),
// told apart in shared/import-formats.ts; the readers are in format-linkdeck.ts and format-peers.ts. Each
// maps a row to the fields of POST /api/v1/links plus what the import resolves itself (a creation time, a
// starting click count, a space, domain or pixels by name), and declares what each of its columns becomes,
// so that a dry run says what is kept and what is dropped, and a problem names the file's own column.
import type { ImportSource } from '../../shared/import.schema';
import type { Cell, ImportRecord } from '../../shared/import-records';
import { detectSource, normalizeHeader } from '../../shared/import-formats';
import { LINKDECK_FORMAT } from './format-linkdeck';
import { BITLY_FORMAT, KUTT_FORMAT, SHLINK_FORMAT, YOURLS_FORMAT } from './format-peers';

/** One row's cells by normalized header name. */
export interface Cells {
  /** Whether the file has the column (empty or not). */
  has(name: string): boolean;
  /** The cell as text (a JSON list joined with commas); undefined: no such column, or empty/null. */
  text(name: string): string | undefined;
  /** The cell as a list: a JSON list as it is, a text split by `separator`; undefined when empty. */
  list(name: string, separator: RegExp | string): string[] | undefined;
}

export interface RowNote {
  /** The field it is about (a link field or one of the import's own: created_at, clicks, domain_name...). */
  field: string;
  message: string;
}

/** What a row says: fields of POST /links (as strings, for the shared schema) and the import's own. */
export interface RowInput {
  fields: Record<string, unknown>;
  created_at?: string;
  /** The click count the source had counted: the link's starting count. */
  clicks?: string;
  space_name?: string;
  /** The row's domain by name (host); undefined: the file names none (the request's domain_id, or the default). */
  domain_name?: string;
  /** Pixels by name, matched against the importing account's pixels (they stand for `pixel_ids`). */
  pixel_names?: string[];
  /**
   * The column (normalized header) a field was read from, when the format chose among several (Bitly's alias
   * from "Custom Link" or else "Link"): a problem with the field names that column.
   */
  from?: Record<string, string>;
  /** Problems found while reading the row (before the shared schema). */
  issues: RowNote[];
  /** What the import does differently from the source, said per row (a protected link comes in disabled). */
  notes: RowNote[];
}

/** What a column of a format becomes: a field (of the link, or the import's own), or nothing, and why. */
export interface ColumnUse {
  field: string | null;
  note?: string;
}

export interface Format {
  source: ImportSource;
  /** Every column the format knows, by normalized header. */
  columns: Readonly<Record<string, ColumnUse>>;
  /** What the links get when a file of the format has no column for a field (Bitly's older export has no clicks). */
  absent?: Readonly<Record<string, string>>;
  read(get: Cells): RowInput;
}

const FORMATS: Record<ImportSource, Format> = {
  linkdeck: LINKDECK_FORMAT,
  bitly: BITLY_FORMAT,
  shlink: SHLINK_FORMAT,
  kutt: KUTT_FORMAT,
  yourls: YOURLS_FORMAT,
};

/** The format of a header list (shared/import-formats.ts) with its reader. */
export function detectFormat(headers: string[], named: ImportSource | 'auto'): Format | undefined {
  const source = detectSource(headers, named);
  return source && FORMATS[source];
}

/** The reader of a named format (a pool thread gets the name, not the function). */
export function formatOf(source: ImportSource): Format {
  return FORMATS[source];
}

const textOf = (cell: Cell | undefined): string | undefined => {
  if (cell === null || cell === undefined) return undefined;
  const t = typeof cell === 'string' ? cell : cell.join(', ');
  return t.trim() === '' ? undefined : t;
};

/** Reads one record with the header's positions. */
export function cellsOf(index: Map<string, number>, fields: readonly Cell[]): Cells {
  const at = (name: string): Cell | undefined => {
    const i = index.get(name);
    return i === undefined ? undefined : fields[i];
  };
  return {
    has: (name) => index.has(name),
    text: (name) => textOf(at(name)),
    list(name, separator) {
      const cell = at(name);
      const items = typeof cell === 'string' ? cell.split(separator) : (cell ?? []);
      const names = items.map((n) => n.trim()).filter(Boolean);
      return names.length ? names : undefined;
    },
  };
}

export function headerIndex(headers: string[]): Map<string, number> {
  const index = new Map<string, number>();
  headers.forEach((h, i) => {
    const n = normalizeHeader(h);
    if (n && !index.has(n)) index.set(n, i);
  });
  return index;
}

/**
 * The file's own name for the column that carries a field (for messages), or undefined: the column the row's
 * value came from (`from`, normalized header), else the first column of the format that carries the field.
 */
export function columnOf(format: Format, headers: readonly string[], field: string, from?: string): string | undefined {
  const root = field.split('.')[0] ?? field;
  if (from !== undefined) {
    const own = headers.find((h) => normalizeHeader(h) === from);
    if (own !== undefined) return own;
  }
  return headers.find((h) => format.columns[normalizeHeader(h)]?.field === root);
}

export interface ColumnReport {
  column: string;
  field: string | null;
  note: string | null;
}

/** A JSON file's parent key (`meta` beside `meta.validSince`): its parts are listed, the whole is not. */
const isParent = (headers: readonly string[], column: string) => headers.some((h) => h.startsWith(`${column}.`));

/** What each column of the file becomes (a dry run shows it): its field, or null when it is not imported, and why. */
export function describeColumns(format: Format, headers: readonly string[]): ColumnReport[] {
  const seen = new Set<string>();
  const out: ColumnReport[] = [];
  for (const column of headers) {
    const key = normalizeHeader(column);
    const use = seen.has(key) ? { field: null, note: 'A repeated column: only the first one is read.' } : format.columns[key];
    seen.add(key);
    if (!use?.field && isParent(headers, column)) continue;
    out.push({ column, field: use?.field ?? null, note: use ? (use.note ?? null) : 'Not a column of this format: not imported.' });
  }
  return out;
}

/** What a link gets when the file has no column for a field that its format can carry. */
const WHEN_ABSENT: Readonly<Record<string, string>> = {
  clicks: 'No column of this file has click counts: every link starts at 0 clicks.',
  created_at: 'No column of this file has creation dates: every link is dated the day of the import.',
};

export interface AbsentField {
  field: string;
  note: string;
}

/** The fields the format can carry (clicks, creation dates) that no column of this file has: a dry run says so. */
export function absentFields(format: Format, headers: readonly string[]): AbsentField[] {
  const present = new Set(describeColumns(format, headers).map((c) => c.field));
  const carried = new Set(Object.values(format.columns).map((u) => u.field));
  return Object.keys(WHEN_ABSENT)
    .filter((field) => carried.has(field) && !present.has(field))
    .map((field) => ({ field, note: format.absent?.[field] ?? (WHEN_ABSENT[field] as string) }));
}

export type { ImportRecord };
