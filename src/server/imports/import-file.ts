// An import's file, read on a pool thread (workers/heavy-pool.ts), never on the event loop: the upload
// (multipart or the file itself) is decoded, its layout told from its content (CSV, TSV or JSON,
// shared/import-records.ts), its syntax and header checked and its rows counted
// (inspectImportFile); then each pass reads it again, a batch of checked rows at a time, as the pass asks
// for them (importRowBatches). The file stays in shared memory (a SharedArrayBuffer), so handing it to a
// thread copies nothing.
import { CsvError } from '../../shared/csv';
import { layoutOf, readRecords, type FileLayout, type ImportRecord } from '../../shared/import-records';
import { MAX_IMPORT_BYTES, type ImportSource } from '../../shared/import.schema';
import { IMPORT_SOURCES } from '../../shared/enums';
import { detectFormat, formatOf } from './formats';
import { checkRow, type CheckedRow, type FailedRow, type RowContext } from './import-rows';

export interface InspectJob {
  /** The request body: the file itself, or a multipart form whose `file` field is it. */
  body: Uint8Array;
  /** The body's multipart Content-Type; null: the body is the file. */
  multipart: string | null;
  source: ImportSource | 'auto';
}

export type Inspected =
  | { problem: 'too-large' }
  | { problem: 'file'; message: string }
  | { bytes: Uint8Array | null; name: string | null; layout: FileLayout; headers: string[]; source: ImportSource; rows: number };

/** Bytes in shared memory (a file a pool thread found in a multipart body). */
function shared(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
  out.set(bytes);
  return out;
}

/** UTF-8 text of the file, or null. */
export function decodeFile(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The uploaded file checked whole: its syntax, header and format, and the number of data rows. */
export async function inspectImportFile(job: InspectJob): Promise<Inspected> {
  let bytes = job.body;
  let fromForm: Uint8Array | null = null;
  let name: string | null = null;
  if (job.multipart) {
    let form: FormData;
    try {
      // A copy: Response takes no shared memory.
      form = await new Response(new Uint8Array(job.body), { headers: { 'content-type': job.multipart } }).formData();
    } catch {
      return { problem: 'file', message: 'could not be read: the multipart/form-data body is malformed.' };
    }
    const file = form.get('file');
    if (file === null) return { problem: 'file', message: 'is required.' };
    if (typeof file === 'string') bytes = new TextEncoder().encode(file);
    else {
      if (file.size > MAX_IMPORT_BYTES) return { problem: 'too-large' };
      bytes = new Uint8Array(await file.arrayBuffer());
      name = file.name.slice(0, 255) || null;
    }
    fromForm = bytes;
  } else if (bytes.byteLength > MAX_IMPORT_BYTES) return { problem: 'too-large' };
  const text = decodeFile(bytes);
  if (text === null) return { problem: 'file', message: 'must be UTF-8 text (save the file as UTF-8).' };
  const layout = layoutOf(text);
  let headers: string[];
  let rows = 0;
  try {
    const file = readRecords(text, layout);
    headers = file.headers;
    for (const _ of file.records) rows++;
  } catch (err) {
    if (err instanceof CsvError) return { problem: 'file', message: err.message };
    throw err;
  }
  if (!headers.length) return { problem: 'file', message: `is empty: it needs ${layout === 'json' ? 'a list of links' : 'a header row and at least one row'}.` };
  const format = detectFormat(headers, job.source);
  const shown = headers.join(layout === 'json' ? ', ' : layout).slice(0, 300);
  if (!format) {
    const known = job.source === 'auto' ? `any known format (${IMPORT_SOURCES.join(', ')})` : `the ${job.source} format`;
    const what = layout === 'json' ? "has objects whose keys are" : 'has a header row (line 1) that is';
    return { problem: 'file', message: `${what} not ${known}: "${shown}". Name the format with source=, or see the README for each format's columns.` };
  }
  if (rows === 0) return { problem: 'file', message: layout === 'json' ? 'has an empty list of links.' : 'has no rows after its header row.' };
  return { bytes: fromForm && shared(fromForm), name, layout, headers, source: format.source, rows };
}

export interface RowsJob {
  bytes: Uint8Array;
  layout: FileLayout;
  rows: Omit<RowContext, 'format'> & { source: ImportSource };
  /** Rows per batch. */
  batch: number;
  /** Send the first this many records with their checks (a dry run's preview); 0: none. */
  records: number;
}

export interface RowBatch {
  checked: (CheckedRow | FailedRow)[];
  records: ImportRecord[] | null;
}

/** The file's data rows, checked (import-rows.ts), a batch at a time. */
export async function* importRowBatches(job: RowsJob): AsyncGenerator<RowBatch> {
  const text = decodeFile(job.bytes);
  if (text === null) throw new Error('the import file is not UTF-8 text');
  const ctx: RowContext = { ...job.rows, format: formatOf(job.rows.source) };
  const { records } = readRecords(text, job.layout);
  let sent = 0;
  const next = (): RowBatch => ({ checked: [], records: sent < job.records ? [] : null });
  let batch = next();
  for (const rec of records) {
    batch.checked.push(checkRow(ctx, rec));
    if (batch.records && sent < job.records) {
      batch.records.push(rec);
      sent++;
    }
    if (batch.checked.length === job.batch) {
      yield batch;
      batch = next();
    }
  }
  if (batch.checked.length) yield batch;
}
