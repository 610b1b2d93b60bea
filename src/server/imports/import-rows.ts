// One CSV record of an import, checked as POST /api/v1/links checks its body: the shared zod schema, then
// the account's own domain, space and pixels. What comes out is a row ready to insert, but for its alias,
// which import-job.ts settles per batch (collisions: on_conflict).
import type { Insertable } from 'kysely';
import type { LinksTable } from '../db/schema';
import type { CsvRecord } from '../../shared/csv';
import { linkCreateSchema } from '../../shared/link.schema';
import { parseTimestamp } from '../../shared/fields';
import { canonicalHost } from '../../shared/host-name';
import { issuePath, sentence } from '../../shared/zod-messages';
import type { ImportFailure } from '../../shared/import.schema';
import { cellsOf, type Format } from './formats';
import { linkRowOf, type RowHashes } from '../links/core/link-row';

const NO_PASSWORDS: RowHashes = { password_hash: null, redirect_password_hash: null };

export interface RowContext {
  userId: number;
  format: Format;
  index: Map<string, number>;
  headerCount: number;
  /** The domain of rows that name none (the request's domain_id), null for the default domain. */
  domainId: number | null;
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
}

const failure = (line: number, field: string | null, message: string): ImportFailure => ({
  line,
  field,
  message: field ? sentence(field, message) : message,
});

/** A creation time from the source; a text that is not one leaves the import's time. */
function createdAt(value: string | undefined, now: string): string {
  if (!value) return now;
  const iso = parseTimestamp(value);
  if (iso) return iso;
  const t = Date.parse(value);
  return Number.isNaN(t) ? now : new Date(t).toISOString();
}

export function checkRow(ctx: RowContext, rec: CsvRecord): CheckedRow | ImportFailure {
  const { line } = rec;
  if (rec.fields.length > ctx.headerCount) {
    return failure(line, null, `Line ${line} has ${rec.fields.length} fields but the header has ${ctx.headerCount} (is a comma in a value unquoted?).`);
  }
  const read = ctx.format.read(cellsOf(ctx.index, rec.fields));
  const first = read.issues[0];
  if (first) return failure(line, first.field, first.message);
  const parsed = linkCreateSchema.safeParse(read.fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue ? issuePath(issue.path) || 'url' : 'url';
    const messages = parsed.error.issues.map((i) => sentence(issuePath(i.path) || 'url', i.message));
    return { line, field, message: messages.join(' ') };
  }
  const link = parsed.data;
  let domainId = ctx.domainId;
  if (read.domain_name) {
    // Stored domain names are canonical (case, trailing dot, port, IDN as punycode): the row's is made so too.
    const id = ctx.domains.get(canonicalHost(read.domain_name) ?? read.domain_name);
    if (id === undefined) return failure(line, 'domain_name', 'must be the name of one of your domains.');
    domainId = id;
  }
  let spaceId: number | null = null;
  if (read.space_name) {
    const id = ctx.spaces.get(read.space_name);
    if (id === undefined) return failure(line, 'space_name', 'must be the name of one of your spaces.');
    spaceId = id;
  }
  // Pixels named in the file (`pixel_names`, as the export writes them) stand for its `pixel_ids`.
  let pixelIds = link.pixel_ids ?? [];
  if (read.pixel_names) {
    const named: number[] = [];
    for (const [i, name] of read.pixel_names.entries()) {
      const found = ctx.pixelsByName.get(name) ?? [];
      if (found.length !== 1) return failure(line, `pixel_names.${i}`, found.length ? 'names more than one of your pixels.' : 'must be the name of one of your pixels.');
      named.push(found[0] as number);
    }
    pixelIds = named;
  }
  const foreign = pixelIds.findIndex((p) => !ctx.pixels.has(p));
  if (foreign !== -1) return failure(line, `pixel_ids.${foreign}`, 'must be one of your pixels.');
  // The one row builder of every create path; an import brings no passwords (an export never holds them).
  const input = { ...link, domain_id: domainId, space_id: spaceId };
  const { alias: _none, ...values } = linkRowOf(ctx.userId, input, '', ctx.now, NO_PASSWORDS, createdAt(read.created_at, ctx.now));
  return { line, alias: link.alias, pixelIds: [...new Set(pixelIds)], tags: link.tags ?? [], values };
}

export const isFailure = (r: CheckedRow | ImportFailure): r is ImportFailure => 'message' in r;
