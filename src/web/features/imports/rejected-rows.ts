// The rejected rows of an import as a CSV to fix and import again: the file's header and, for each failed
// line the job reports, the original record (cells as they were) with an added "error" column.
import { csvCell, parseCsv, detectDelimiter } from '../../../shared/csv';
import type { ImportFailure } from '../../../shared/import.schema';

/** A cell written back exactly (quoted when needed): these are the user's own cells, for a re-import. */
function asIs(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The CSV of the failed rows, or null when none of `failures` is a record of `text`. */
export function rejectedRowsCsv(text: string, failures: readonly ImportFailure[]): string | null {
  const reasons = new Map<number, string[]>();
  for (const f of failures) reasons.set(f.line, [...(reasons.get(f.line) ?? []), f.message]);
  const records = parseCsv(text, detectDelimiter(text));
  const header = records.next();
  if (header.done) return null;
  const width = header.value.fields.length;
  const out = [[...header.value.fields.map(asIs), 'error'].join(',')];
  for (const rec of records) {
    const why = reasons.get(rec.line);
    if (!why) continue;
    // Short rows are padded so that "error" stays in its column; the server's message is guarded like an export's cell.
    const cells = [...rec.fields, ...Array<string>(Math.max(0, width - rec.fields.length)).fill('')];
    out.push([...cells.map(asIs), csvCell(why.join(' '))].join(','));
  }
  return out.length > 1 ? `${out.join('\r\n')}\r\n` : null;
}

/** `links.csv` -> `links-rejected.csv`. */
export function rejectedFileName(name: string | null | undefined): string {
  const base = (name ?? '').replace(/\.(csv|txt|tsv)$/i, '').trim() || 'import';
  return `${base}-rejected.csv`;
}
