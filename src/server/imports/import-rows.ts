// One record of an import, checked as POST /api/v1/links checks its body: the shared zod schema, then the
// account's own domain, space and pixels, and the import's own readings (its creation date, read exactly or
// not at all; its starting click count). Every problem of the row is found, not only the first, and each
// names the file's own column. What comes out is a row ready to insert, but for its alias, which
// import-pass.ts settles per batch (collisions: on_conflict).
import type { Insertable } from 'kysely';
import type { LinksTable } from '../db/schema';
import type { ImportRecord } from '../../shared/import-records';
import { linkCreateSchema } from '../../shared/link.schema';
import { readImportDate, type ImportDateFormat } from '../../shared/import-dates';
import { canonicalHost } from '../../shared/host-name';
import { issuePath } from '../../shared/zod-messages';
import type { ImportFailure } from '../../shared/import.schema';
import { cellsOf, type Format, type RowInput, type RowNote } from './formats';
import { importMessage } from './import-messages';
import { linkRowOf, type RowHashes } from '../links/core/link-row';

const NO_PASSWORDS: RowHashes = { password_hash: null, redirect_password_hash: null };

/** The largest click count a link stores (a 32-bit integer column on both databases). */
const MAX_CLICKS = 2_147_483_647;

export interface RowContext {
  userId: number;
  format: Format;
  headers: string[];
  index: Map<string, number>;
  headerCount: number;
  /** The domain of every row (the request's domain_id); null: each row's own, matched by host, or the default. */
  domainId: number | null;
  /**
   * Hosts a row may name that are the default domain: BASE_URL's and RESERVED_HOSTS (a Shlink export names
   * its default domain's host), canonical.
   */
  defaultHosts: readonly string[];
  /** The file's other hosts, mapped by the request (domain_map=host:id|default): a domain id, or null for the default. */
  domainMap: ReadonlyMap<string, number | null>;
  /** How numeric day/month dates are read (date_format=). */
  dateFormat: ImportDateFormat;
  domains: Map<string, number>;
  spaces: Map<string, number>;
  pixels: Set<number>;
  /** The account's pixels by name (a name may be shared), for a file's `pixel_names`. */
  pixelsByName: Map<string, number[]>;
  now: string;
}

export interface CheckedRow {
  line: number;
  /** The alias the row asks for; undefined: the server picks one. */
  alias: string | undefined;
  values: Omit<Insertable<LinksTable>, 'alias'>;
  pixelIds: number[];
  /** Tag names (created for the account when missing). */
  tags: string[];
  /** What the import does differently from the source (said in a dry run). */
  notes: RowNote[];
  /** The column (normalized header) the alias was read from, for a message about it (a taken alias). */
  aliasColumn?: string;
}

/** A row that cannot be imported, with every problem it has. */
export interface FailedRow {
  line: number;
  problems: ImportFailure[];
  /** The host the row names that is none of the account's domains (a dry run lists them, to be mapped). */
  unknownHost?: string;
}

/** A count of clicks: digits, with thousands grouped by commas, dots or spaces (a count has no fraction). */
export function readCount(value: string): number | null {
  const v = value.trim();
  if (!/^\d+$/.test(v) && !/^\d{1,3}(?:([,. ])\d{3})(?:\1\d{3})*$/.test(v)) return null;
  const n = Number(v.replace(/[,. ]/g, ''));
  return n <= MAX_CLICKS ? n : null;
}

/** The ISO form of the date fields a format gives as text (read exactly, shared/import-dates.ts). */
function readDates(read: RowInput, format: ImportDateFormat, problems: RowNote[]): string | undefined {
  for (const field of ['active_period_start_at', 'active_period_end_at'] as const) {
    const raw = read.fields[field];
    if (typeof raw !== 'string') continue;
    const r = readImportDate(raw, format);
    if (r && 'iso' in r) read.fields[field] = r.iso;
    else if (r) problems.push({ field, message: r.problem });
  }
  if (!read.created_at) return undefined;
  const r = readImportDate(read.created_at, format);
  if (r && 'problem' in r) problems.push({ field: 'created_at', message: r.problem });
  return r && 'iso' in r ? r.iso : undefined;
}

/** The domain a row's host stands for: one of the account's, the default (null), or undefined when unknown. */
function domainOf(ctx: RowContext, name: string): number | null | undefined {
  // Stored domain names are canonical (case, trailing dot, port, IDN as punycode): the row's is made so too.
  const host = canonicalHost(name) ?? name;
  const own = ctx.domains.get(host);
  if (own !== undefined) return own;
  if (ctx.domainMap.has(host)) return ctx.domainMap.get(host) ?? null;
  return ctx.defaultHosts.includes(host) ? null : undefined;
}

export function checkRow(ctx: RowContext, rec: ImportRecord): CheckedRow | FailedRow {
  const { line } = rec;
  let unknownHost: string | undefined;
  const fail = (problems: RowNote[]): FailedRow => ({
    line,
    problems: problems.map((p) => importMessage(ctx.format, ctx.headers, line, p, read.from)),
    ...(unknownHost === undefined ? {} : { unknownHost }),
  });
  if (rec.fields.length > ctx.headerCount) {
    return { line, problems: [{ line, field: null, column: null, message: `Line ${line} has ${rec.fields.length} fields but the header has ${ctx.headerCount} (is a comma in a value unquoted?).` }] };
  }
  const read = ctx.format.read(cellsOf(ctx.index, rec.fields));
  const problems: RowNote[] = [...read.issues];
  const createdAt = readDates(read, ctx.dateFormat, problems);
  let clicks = 0;
  if (read.clicks !== undefined) {
    const n = readCount(read.clicks);
    if (n === null) problems.push({ field: 'clicks', message: `must be a whole number of clicks from 0 to ${MAX_CLICKS} ("${read.clicks}" is not).` });
    else clicks = n;
  }
  const parsed = linkCreateSchema.safeParse(read.fields);
  if (!parsed.success) for (const i of parsed.error.issues) problems.push({ field: issuePath(i.path) || 'url', message: i.message });
  let domainId = ctx.domainId;
  if (domainId === null && read.domain_name) {
    const found = domainOf(ctx, read.domain_name);
    if (found === undefined) {
      unknownHost = canonicalHost(read.domain_name) ?? read.domain_name;
      problems.push({
        field: 'domain_name',
        message: `names the domain "${read.domain_name}", which is not one of your domains. Add it on the Domains page first (its links then keep their short URLs), map it to one of your domains or the default domain with domain_map=${unknownHost}:<domain id or default>, or send domain_id=<domain id> to put every row on one domain.`,
      });
    } else domainId = found;
  }
  let spaceId: number | null = null;
  if (read.space_name) {
    const id = ctx.spaces.get(read.space_name);
    if (id === undefined) problems.push({ field: 'space_name', message: `names the space "${read.space_name}", which is not one of your spaces: create it first.` });
    else spaceId = id;
  }
  // Pixels named in the file (`pixel_names`, as the export writes them) stand for its `pixel_ids`.
  let pixelIds = parsed.success ? (parsed.data.pixel_ids ?? []) : [];
  if (read.pixel_names) {
    pixelIds = [];
    for (const [i, name] of read.pixel_names.entries()) {
      const found = ctx.pixelsByName.get(name) ?? [];
      if (found.length === 1) pixelIds.push(found[0] as number);
      else problems.push({ field: `pixel_names.${i}`, message: found.length ? `names "${name}", which more than one of your pixels is called.` : `names "${name}", which is not one of your pixels.` });
    }
  }
  const foreign = pixelIds.findIndex((p) => !ctx.pixels.has(p));
  if (foreign !== -1) problems.push({ field: `pixel_ids.${foreign}`, message: 'must be one of your pixels.' });
  if (problems.length || !parsed.success) return fail(problems);
  const link = parsed.data;
  // The one row builder of every create path; an import brings no passwords (an export never holds them).
  const input = { ...link, domain_id: domainId, space_id: spaceId };
  const { alias: _none, ...row } = linkRowOf(ctx.userId, input, '', ctx.now, NO_PASSWORDS, createdAt ?? ctx.now);
  // Every row of a batch names the same columns (one multi-row INSERT): a row without clicks starts at 0.
  const values = { ...row, clicks, imported_clicks: clicks, imported_at: clicks > 0 ? ctx.now : null };
  const aliasColumn = read.from?.alias;
  return { line, alias: link.alias, pixelIds: [...new Set(pixelIds)], tags: link.tags ?? [], values, notes: read.notes, ...(aliasColumn === undefined ? {} : { aliasColumn }) };
}

export const isFailure = (r: CheckedRow | FailedRow): r is FailedRow => 'problems' in r;
