// The rejected rows of an import as a CSV to fix and import again: the file's header and, for each failed
// line the job reports, the original record (cells as they were) with an added "error" column. The file is
// read as the import reads it (shared/import-records.ts): a TSV's cells and a JSON file's items (their keys as
// the header, nested ones with dots) come out as CSV, which the import takes back the same way.
import { CsvError, csvCell } from '../../../shared/csv';
import { layoutOf, readRecords, type Cell } from '../../../shared/import-records';
import type { ImportFailure } from '../../../shared/import.schema';

/** A cell written back exactly (quoted when needed): these are the user's own cells, for a re-import. */
function asIs(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** A cell as text: a JSON list joined with commas (as the import reads a list cell), null empty. */
const textOf = (cell: Cell): string => (cell === null ? '' : typeof cell === 'string' ? cell : cell.join(', '));

/** The CSV of the failed rows, or null when none of `failures` is a record of `text` (or it cannot be read). */
export function rejectedRowsCsv(text: string, failures: readonly ImportFailure[]): string | null {
  const reasons = new Map<number, string[]>();
  for (const f of failures) reasons.set(f.line, [...(reasons.get(f.line) ?? []), f.message]);
  let file;
  try {
    file = readRecords(text, layoutOf(text));
  } catch (err) {
    if (err instanceof CsvError) return null;
    throw err;
  }
  if (!file.headers.length) return null;
  const width = file.headers.length;
  const out = [[...file.headers.map(asIs), 'error'].join(',')];
  for (const rec of file.records) {
    const why = reasons.get(rec.line);
    if (!why) continue;
    // Short rows are padded so that "error" stays in its column; the server's message is guarded like an export's cell.
    const cells = [...rec.fields.map(textOf), ...Array<string>(Math.max(0, width - rec.fields.length)).fill('')];
    out.push([...cells.map(asIs), csvCell(why.join(' '))].join(','));
  }
  return out.length > 1 ? `${out.join('\r\n')}\r\n` : null;
}

/** `links.csv` -> `links-rejected.csv`. */
export function rejectedFileName(name: string | null | undefined): string {
  const base = (name ?? '').replace(/\.(csv|txt|tsv|json)$/i, '').trim() || 'import';
  return `${base}-rejected.csv`;
}
