// Small readings the import formats share: the first non-empty of several columns, a short URL's host and
// alias, a list of tag names, a flag, and the text of a MySQL dump (YOURLS).
import type { Cells, RowNote } from './formats';

export const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/** The first non-empty cell of the columns named, trimmed. */
export function first(get: Cells, ...names: string[]): string | undefined {
  for (const n of names) {
    const v = get.text(n)?.trim();
    if (v) return v;
  }
  return undefined;
}

/** The first non-empty cell of the columns named, with the column's (normalized) name. */
export function firstNamed(get: Cells, ...names: string[]): { name: string; value: string } | undefined {
  for (const name of names) {
    const value = get.text(name)?.trim();
    if (value) return { name, value };
  }
  return undefined;
}

/** Whether a cell says yes: 1, true, yes (any case). */
export const flagOn = (v: string | undefined): boolean => v !== undefined && /^(1|true|yes)$/i.test(v.trim());

/**
 * The host and alias of a short URL ("bit.ly/abc", "https://go.example.com/abc?x=1"); a text without a
 * slash is an alias alone. The alias is the path after the host (the last segment when it has several).
 */
export function shortUrlParts(value: string): { host: string | undefined; alias: string } {
  const bare = value.trim().replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/[?#].*$/, '').replace(/\/+$/, '');
  const slash = bare.indexOf('/');
  if (slash === -1) return /^[^.]+$/.test(bare) || !/^https?:/i.test(value.trim()) ? { host: undefined, alias: bare } : { host: bare, alias: '' };
  const path = bare.slice(slash + 1);
  return { host: bare.slice(0, slash).toLowerCase(), alias: path.slice(path.lastIndexOf('/') + 1) };
}

/**
 * Tag names of a cell. Linkdeck's tag names cannot hold commas (the list filter and the CSV join names with
 * them), so a source's tag with a comma (Shlink joins tags with `|`) comes in with `;` instead, and says so.
 * `separator`: how the source joins names in one cell (a JSON list needs none).
 */
export function tagNames(get: Cells, column: string, separator: RegExp | string, notes: RowNote[]): string[] | undefined {
  const names = get.list(column, separator);
  return names?.map((name) => {
    if (!name.includes(',')) return name;
    const kept = name.replace(/\s*,\s*/g, '; ');
    notes.push({ field: 'tags', message: `The tag "${name}" comes in as "${kept}": Linkdeck tag names cannot contain commas.` });
    return kept;
  });
}

/** Shlink's tags cell: names joined with `|` (its own files) or, when there is no `|`, with commas. */
export const shlinkTagSeparator = (get: Cells, column: string): string => (get.text(column)?.includes('|') ? '|' : ',');

const MYSQL_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '0': '\0', Z: '\x1a', b: '\b' };

/** A cell of a MySQL dump (mysqldump, `mysql -B`, phpMyAdmin): NULL is no value; \n, \t, \\ ... are decoded. */
export function mysqlText(value: string | undefined): string | undefined {
  if (value === undefined || value === 'NULL' || value === '\\N') return undefined;
  return value.replace(/\\(.)/g, (_, c: string) => MYSQL_ESCAPES[c] ?? c);
}
