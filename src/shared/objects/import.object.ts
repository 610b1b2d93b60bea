// The answers of the CSV import: the import job (`POST /links/import`, `GET /imports`,
// `GET /imports/{id}`) and the dry run (`POST /links/import?dry_run=1`); import.schema.ts takes its types here.
import { z } from 'zod';
import { IMPORT_PREVIEW_ROWS, IMPORT_ROW_OUTCOMES, IMPORT_SOURCES, IMPORT_STATUSES, MAX_IMPORT_FAILURES, ON_CONFLICT } from '../enums';
import { flag, rowId, timestamp } from './common.object';
import { IMPORT_DATE_FORMATS } from '../import-dates';

const count = () => z.number().int().nonnegative();
const nullableText = () => z.string().nullable();

export const importFailureObject = z
  .object({
    line: z.number().int().positive().meta({ description: 'Line of the file where the row starts (the header is line 1); in a JSON file, the number of the item in its list (from 1).' }),
    field: nullableText().meta({ description: 'The field the reason is about, when it is about one: a link field or one of the import\'s own (`created_at`, `clicks`, `domain_name`, `space_name`), as a path (`targets.1.value`).' }),
    column: nullableText().default(null).meta({ description: "The file's own column that carried the field (as its header row writes it), when there is one." }),
    message: z.string().meta({ description: 'In words a person reads beside the file: it names the column, and a part of a list by its number.' }),
  })
  .meta({
    id: 'ImportFailure',
    description: 'A reason why a row of the file was not imported; a row has one per problem.',
    examples: [{ line: 3, field: 'url', column: 'Long URL', message: 'The "Long URL" column must be a valid http or https URL.' }],
  });

export const importNoteObject = z
  .object({ field: z.string(), message: z.string() })
  .meta({ id: 'ImportNote', description: 'What the import does with a row differently from its source, and why (a protected link comes in disabled).' });

export const importColumnObject = z
  .object({
    column: z.string().meta({ description: 'As the file names it.' }),
    field: nullableText().meta({ description: 'What it becomes: a link field, or one of the import\'s own (`created_at`, `clicks`, `domain_name`...); null: not imported.' }),
    note: nullableText().meta({ description: 'How it is read, or why it is not imported.' }),
  })
  .meta({ id: 'ImportColumn', description: "A column of the file and what the import makes of it." });

export const importAbsentObject = z
  .object({
    field: z.string().meta({ description: 'The field (`clicks`, `created_at`).' }),
    note: z.string().meta({ description: 'What the links get instead, and where the source has it.' }),
  })
  .meta({
    id: 'ImportAbsentField',
    description: 'A field the format can carry that no column of the file has.',
    examples: [{ field: 'clicks', note: 'No column of this file has click counts: every link starts at 0 clicks.' }],
  });

export const importUnknownHostObject = z
  .object({ host: z.string(), rows: count(), first_line: z.number().int().positive() })
  .meta({ id: 'ImportUnknownHost', description: 'A host that rows of the file name and that is none of your domains, with how many rows and the first.' });

export const importDomainMapObject = z
  .object({ host: z.string(), domain_id: rowId().nullable().meta({ description: 'null: the default domain.' }) })
  .meta({ id: 'ImportDomainMapEntry', description: 'A host of the file placed on one of your domains, or on the default domain.' });

export const importNoteSummaryObject = z
  .object({ field: z.string(), message: z.string(), rows: count(), first_line: z.number().int().positive() })
  .meta({ id: 'ImportNoteSummary', description: 'A note that applies to rows of the file, with how many and the first.' });

const failures = () => z.array(importFailureObject).meta({ description: `The first ${MAX_IMPORT_FAILURES} failures, in line order; \`failed\` counts them all.` });

/** The options the import was asked with (its query) and the file. */
const askedShape = {
  source: z.enum(IMPORT_SOURCES).meta({ description: 'The format: named with `source=`, or detected from the header row.' }),
  on_conflict: z.enum(ON_CONFLICT),
  partial: flag(),
  domain_id: rowId().nullable(),
  file_name: nullableText().meta({ description: 'The uploaded file\'s name (multipart uploads only).' }),
  rows_total: count().meta({ description: 'Data rows in the file (not the header).' }),
};

export const importJobObject = z
  .object({
    id: rowId(),
    status: z.enum(IMPORT_STATUSES).meta({ description: '`queued`, then `validating` and `importing`; it ends `completed` or `failed` (nothing written).' }),
    ...askedShape,
    rows_read: count(),
    created: count(),
    skipped: count().meta({ description: 'Rows left out: taken aliases with `on_conflict=skip`.' }),
    failed: count(),
    failures: failures(),
    error: nullableText().meta({ description: 'Why the import as a whole failed (nothing was written), or null.' }),
    created_at: timestamp(),
    updated_at: timestamp(),
    finished_at: timestamp().nullable(),
  })
  .meta({ id: 'ImportJob', description: 'A CSV import and its progress.' });

export const importPreviewRowObject = z
  .object({
    line: z.number().int().positive(),
    url: nullableText(),
    alias: nullableText(),
    title: nullableText(),
    domain_name: nullableText(),
    space_name: nullableText(),
    created_at: nullableText().meta({ description: 'As the file gives it.' }),
    clicks: z.number().int().nonnegative().nullable().meta({ description: "The source's click count, kept as the link's starting count; null: none given." }),
    outcome: z.enum(IMPORT_ROW_OUTCOMES).meta({ description: 'What the import would do with the row: create it, create it under `new_alias` (`on_conflict=rename`), skip it or fail it.' }),
    new_alias: nullableText().meta({ description: 'The alias it would be created under when that differs (rename).' }),
    problems: z.array(importFailureObject).meta({ description: 'Every reason why the row would fail.' }),
    notes: z.array(importNoteObject).meta({ description: 'What the import would do differently from the source.' }),
  })
  .meta({ id: 'ImportPreviewRow', description: "A row of the file as the format maps it to a link's fields (null: not given), and what the import would do with it." });

export const importDryRunObject = z
  .object({
    dry_run: z.literal(true),
    ...askedShape,
    headers: z.array(z.string()).meta({ description: "The file's columns (its header row; a JSON file's keys, nested ones joined with dots)." }),
    layout: z.enum(['csv', 'tsv', 'json']).meta({ description: 'How the file was read, told from its content.' }),
    date_format: z.enum(IMPORT_DATE_FORMATS).meta({ description: 'How numeric day/month dates are read (`date_format=`).' }),
    columns: z.array(importColumnObject).meta({ description: 'What each column becomes, or why it is not imported.' }),
    absent: z.array(importAbsentObject).meta({ description: 'Fields the format can carry that no column of this file has (click counts, creation dates), and what the links get instead.' }),
    notes: z.array(importNoteSummaryObject).meta({ description: 'What the import would do differently from the source, per kind of note.' }),
    created: count().meta({ description: 'Rows the import would create.' }),
    skipped: count().meta({ description: 'Rows it would leave out (taken aliases, `on_conflict=skip`).' }),
    failed: count(),
    failures: failures(),
    preview: z.array(importPreviewRowObject).meta({ description: `The first ${IMPORT_PREVIEW_ROWS} rows of the file.` }),
    unknown_hosts: z.array(importUnknownHostObject).meta({ description: 'Hosts rows name that are none of your domains (those rows fail): add them as domains, or map each with `domain_map=<host>:<domain id|default>`.' }),
    domain_map: z.array(importDomainMapObject).meta({ description: 'The mapping the request sent (`domain_map=`).' }),
    error: nullableText().meta({ description: 'Why the real import would write nothing (rows fail and `partial` is 0), or null.' }),
  })
  .meta({ id: 'ImportDryRun', description: 'The file checked by the import\'s own code, nothing written (`dry_run=1`).' });

export const importDryRunJobObject = z
  .object({
    id: z.string().meta({ description: 'The dry run\'s id, for `GET /imports/dry-runs/{id}`.' }),
    status: z.enum(['running', 'completed', 'failed']).meta({ description: '`running`, then `completed` (with `result`) or `failed` (with `error`).' }),
    rows_total: count(),
    rows_read: count().meta({ description: 'Rows checked so far.' }),
    result: importDryRunObject.nullable().meta({ description: 'The dry run\'s answer once `completed`, as `POST /links/import?dry_run=1` gives it when it ends in time.' }),
    error: nullableText(),
    created_at: timestamp(),
    finished_at: timestamp().nullable(),
    expires_at: timestamp().nullable().meta({ description: 'When a finished dry run is forgotten (404 afterwards).' }),
  })
  .meta({
    id: 'ImportDryRunJob',
    description: 'A dry run that needed more than the request\'s time: it goes on, and `GET /imports/dry-runs/{id}` gives its result when ready.',
  });
