// POST /api/v1/links/import?dry_run=1: the file goes through the import's own checking pass
// (import-pass.ts: the same rows checks and alias settling, nothing written), and the answer shows the
// counts, the failures and the first rows as the format maps them, each with what the import would do.
import type { ImportRecord } from '../../shared/import-records';
import { type ImportDryRun, type ImportFailure, type ImportPreviewRow, type ImportQuery } from '../../shared/import.schema';
import { IMPORT_PREVIEW_ROWS } from '../../shared/enums';
import { absentFields, cellsOf, describeColumns, type RowNote } from './formats';
import { isFailure, readCount } from './import-rows';
import { importPass, nothingImported, rowContext, type PassFile } from './import-pass';
import type { ImportSpec } from './import-job';
import type { ImportsRepo } from './imports.repo';

export interface DryRunSpec extends PassFile {
  query: ImportQuery;
  /** Aborted when the dry run is given up (its client went away): the pass stops before its next batch. */
  signal?: AbortSignal;
  /** Rows checked so far, after every batch. */
  onProgress?: (rowsRead: number) => void;
  fileName: string | null;
  headers: string[];
  rowsTotal: number;
  rows: ImportSpec['rows'];
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

export async function dryRunImport(repo: ImportsRepo, spec: DryRunSpec): Promise<ImportDryRun> {
  const rows = await rowContext(repo, spec.rows);
  const shown: ImportRecord[] = [];
  const outcomes = new Map<number, { outcome: ImportPreviewRow['outcome']; alias: string | undefined }>();
  const rowFailures = new Map<number, ImportFailure[]>();
  const rowNotes = new Map<number, RowNote[]>();
  /** Every note of the file, by kind (field and message), with how many rows and the first. */
  const notes = new Map<string, { field: string; message: string; rows: number; first_line: number }>();
  /** Hosts that are none of the account's domains, with their rows (a UI offers to map them). */
  const unknownHosts = new Map<string, { host: string; rows: number; first_line: number }>();
  const tally = await importPass(repo, spec, rows, {
    write: false,
    records: IMPORT_PREVIEW_ROWS,
    beforeBatch: () => spec.signal?.throwIfAborted(),
    afterBatch: async (t) => spec.onProgress?.(t.read),
    onRow: (rec, checked) => {
      if (!isFailure(checked)) {
        for (const n of checked.notes) {
          const key = `${n.field}\n${n.message}`;
          const seen = notes.get(key);
          if (seen) seen.rows++;
          else if (notes.size < 50) notes.set(key, { ...n, rows: 1, first_line: checked.line });
        }
      } else if (checked.unknownHost !== undefined) {
        const seen = unknownHosts.get(checked.unknownHost);
        if (seen) seen.rows++;
        else if (unknownHosts.size < 100) unknownHosts.set(checked.unknownHost, { host: checked.unknownHost, rows: 1, first_line: checked.line });
      }
      if (!rec || shown.length >= IMPORT_PREVIEW_ROWS) return;
      shown.push(rec);
      if (isFailure(checked)) rowFailures.set(rec.line, checked.problems);
      else rowNotes.set(rec.line, checked.notes);
    },
    onSettled: (line, outcome, alias) => {
      if (outcomes.size < IMPORT_PREVIEW_ROWS) outcomes.set(line, { outcome, alias });
    },
  });
  // Failures found after a row was checked (a taken alias with on_conflict=fail) are in the tally.
  for (const f of tally.failures) {
    if (shown.some((r) => r.line === f.line) && !rowFailures.has(f.line)) rowFailures.set(f.line, [f]);
  }
  const preview = shown.map((rec): ImportPreviewRow => {
    const input = rows.format.read(cellsOf(rows.index, rec.fields));
    const failure = rowFailures.get(rec.line);
    const settled = outcomes.get(rec.line);
    const alias = text(input.fields.alias);
    const clicks = input.clicks === undefined ? null : readCount(input.clicks);
    return {
      line: rec.line,
      url: text(input.fields.url),
      alias,
      title: text(input.fields.title),
      domain_name: input.domain_name ?? null,
      space_name: input.space_name ?? null,
      created_at: input.created_at ?? null,
      clicks,
      outcome: failure ? 'fail' : (settled?.outcome ?? 'create'),
      new_alias: settled?.outcome === 'rename' ? (settled.alias ?? null) : null,
      problems: failure ?? [],
      notes: failure ? [] : (rowNotes.get(rec.line) ?? []),
    };
  });
  const { query } = spec;
  return {
    dry_run: true,
    source: rows.format.source,
    on_conflict: query.on_conflict,
    partial: query.partial,
    domain_id: query.domain_id ?? null,
    file_name: spec.fileName,
    headers: spec.headers,
    layout: spec.layout === 'json' ? 'json' : spec.layout === '\t' ? 'tsv' : 'csv',
    date_format: query.date_format,
    columns: describeColumns(rows.format, spec.headers),
    absent: absentFields(rows.format, spec.headers),
    notes: [...notes.values()],
    rows_total: spec.rowsTotal,
    created: tally.failed > 0 && !query.partial ? 0 : tally.read - tally.skipped - tally.failed,
    skipped: tally.failed > 0 && !query.partial ? 0 : tally.skipped,
    failed: tally.failed,
    failures: tally.failures,
    preview,
    unknown_hosts: [...unknownHosts.values()],
    domain_map: query.domain_map,
    error: tally.failed > 0 && !query.partial ? nothingImported(tally.failed) : null,
  };
}
