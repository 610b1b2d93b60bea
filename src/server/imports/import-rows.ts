// One CSV record of an import, checked as POST /api/v1/links checks its body: the shared zod schema, then
// the account's own domain, space and pixels. What comes out is a row ready to insert, but for its alias,
// which import-job.ts settles per batch (collisions: on_conflict).
import type { Insertable } from 'kysely';
import type { LinksTable } from '../db/schema';
import type { CsvRecord } from '../../shared/csv';
import { linkCreateSchema } from '../../shared/link.schema';
import { parseTimestamp } from '../../shared/fields';
import { issuePath, sentence } from '../../shared/zod-messages';
import type { ImportFailure } from '../../shared/import.schema';
import { cellsOf, type Format } from './formats';

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
  const input = ctx.format.read(cellsOf(ctx.index, rec.fields));
  const first = input.issues[0];
  if (first) return failure(line, first.field, first.message);
  const parsed = linkCreateSchema.safeParse(input.fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue ? issuePath(issue.path) || 'url' : 'url';
    const messages = parsed.error.issues.map((i) => sentence(issuePath(i.path) || 'url', i.message));
    return { line, field, message: messages.join(' ') };
  }
  const link = parsed.data;
  let domainId = ctx.domainId;
  if (input.domain_name) {
    const id = ctx.domains.get(input.domain_name.toLowerCase());
    if (id === undefined) return failure(line, 'domain_name', 'must be the name of one of your domains.');
    domainId = id;
  }
  let spaceId: number | null = null;
  if (input.space_name) {
    const id = ctx.spaces.get(input.space_name);
    if (id === undefined) return failure(line, 'space_name', 'must be the name of one of your spaces.');
    spaceId = id;
  }
  const pixelIds = link.pixel_ids ?? [];
  const foreign = pixelIds.findIndex((p) => !ctx.pixels.has(p));
  if (foreign !== -1) return failure(line, `pixel_ids.${foreign}`, 'must be one of your pixels.');
  const targets = link.targets ?? [];
  return {
    line,
    alias: link.alias,
    pixelIds: [...new Set(pixelIds)],
    tags: link.tags ?? [],
    values: {
      user_id: ctx.userId,
      domain_id: domainId,
      space_id: spaceId,
      url: link.url,
      title: link.title ?? null,
      targets: JSON.stringify(targets),
      targets_type: targets.length ? (link.targets_type ?? null) : null,
      sensitive_content: link.sensitive_content ?? 0,
      privacy: link.privacy ?? 0,
      password_hash: null,
      redirect_password_hash: null,
      active_period_start_at: link.active_period_start_at ?? null,
      active_period_end_at: link.active_period_end_at ?? null,
      clicks_limit: link.clicks_limit ?? null,
      expiration_url: link.expiration_url ?? null,
      disabled: link.disabled ?? 0,
      created_at: createdAt(input.created_at, ctx.now),
      updated_at: ctx.now,
    },
  };
}

export const isFailure = (r: CheckedRow | ImportFailure): r is ImportFailure => 'message' in r;
