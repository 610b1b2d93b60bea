// POST /api/v1/links/import: its query, and the import job that GET /api/v1/imports/{id} shows.
import { z } from 'zod';
import { flag01, MAX_ID, queryEnum, queryInt } from './fields';
import { pagingFields } from './list-query';
import { IMPORT_DATE_FORMATS } from './import-dates';
import { canonicalHost } from './host-name';
import { queryFlag } from './bulk.schema';
import { IMPORT_SOURCES, ON_CONFLICT, type IMPORT_ROW_OUTCOMES, type IMPORT_STATUSES } from './enums';
import type { importDryRunJobObject, importDryRunObject, importFailureObject, importJobObject, importPreviewRowObject } from './objects/import.object';


export type ImportSource = (typeof IMPORT_SOURCES)[number];

export type OnConflict = (typeof ON_CONFLICT)[number];

/** The largest file accepted (bytes); a larger one is a 413. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

/** What a file may hold (rows, columns, JSON depth), checked while it is read: shared/import-records.ts. */
export { FILE_LIMITS as IMPORT_FILE_LIMITS } from './import-records';
/** Hosts one request may map (domain_map). */
export const MAX_DOMAIN_MAP = 100;

/** A file's host mapped to a domain of the account (`domain_id`), or to the default domain (null). */
export interface DomainMapEntry {
  host: string;
  domain_id: number | null;
}

const DOMAIN_MAP_ITEM = /^(.+):(default|[1-9]\d{0,14})$/;

/** `domain_map=<host>:<domain id|default>`, repeated: the file's unknown hosts placed on a domain. */
const domainMapField = z
  .preprocess((v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v.filter((x) => x !== '') : [v]), z.array(z.string()).max(MAX_DOMAIN_MAP, { error: `may map at most ${MAX_DOMAIN_MAP} hosts.` }))
  .transform((items, ctx): DomainMapEntry[] => {
    const out: DomainMapEntry[] = [];
    for (const item of items) {
      const m = DOMAIN_MAP_ITEM.exec(item.trim());
      const host = m?.[1] ? canonicalHost(m[1]) : null;
      if (!m || !host) {
        ctx.addIssue({ code: 'custom', message: `must be host:domain_id or host:default ("${item.slice(0, 100)}" is not).` });
        return z.NEVER;
      }
      out.push({ host, domain_id: m[2] === 'default' ? null : Number(m[2]) });
    }
    return out;
  })
  .meta({
    description:
      'Places the rows that name a host (a `domain` column, or the host of their short URL) that is not one of your domains: `domain_map=<host>:<domain id>` or `domain_map=<host>:default`, repeated for each host (at most 100). The dry run lists such hosts in `unknown_hosts`. Rows naming the host of the instance\'s default domain need no mapping.',
    example: ['s.test:default'],
  });

export const importQuerySchema = z.object({
  source: queryEnum(['auto', ...IMPORT_SOURCES] as const, 'auto'),
  on_conflict: queryEnum(ON_CONFLICT, 'fail'),
  partial: z.preprocess((v) => (v === '' ? undefined : v), flag01.optional()).transform((v) => v ?? 0),
  domain_id: queryInt(1, MAX_ID),
  /** How numeric day/month dates (02/03/2025) are read: `dmy`, `mdy`; `auto` reads only those that are unambiguous. */
  date_format: queryEnum(IMPORT_DATE_FORMATS, 'auto'),
  domain_map: domainMapField,
  /** Check the file as the import would, without writing: 200 with an ImportDryRun instead of a job. */
  dry_run: queryFlag,
});

export type ImportQuery = z.output<typeof importQuerySchema>;

export const importListQuerySchema = z.object({ per_page: pagingFields.per_page, page: pagingFields.page });

export type ImportStatus = (typeof IMPORT_STATUSES)[number];

// The answers' types come from their schemas (objects/import.object.ts, named `ImportJob`, `ImportDryRun`
// and their parts in the API document); type-only imports, so the dashboard's bundle does not carry them.
/** Why a row was not imported: its line (the header is line 1), the field when it is about one, the message. */
export type ImportFailure = z.output<typeof importFailureObject>;

/** An import job and its progress. */
export type ImportJob = z.output<typeof importJobObject>;

export type ImportRowOutcome = (typeof IMPORT_ROW_OUTCOMES)[number];

/** A row of the file as the format maps it to Linkdeck's fields, and what the import would do with it. */
export type ImportPreviewRow = z.output<typeof importPreviewRowObject>;

/** POST /links/import?dry_run=1: the file checked by the import's own code, nothing written. */
export type ImportDryRun = z.output<typeof importDryRunObject>;

/** A dry run that outlived its request: GET /api/v1/imports/dry-runs/{id}. */
export type ImportDryRunJob = z.output<typeof importDryRunJobObject>;
