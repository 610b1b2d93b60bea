// The write pipeline's second step: checks that need the database. The references (domain, space, pixels)
// must be the account's own, and an alias free on its domain, also against the other rows of a batch. The
// first step (normalise) is the shared zod schema; these run on its output, for every path that creates
// or changes links.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { linkUpdateSchema, sentName, type LinkCreate, type SentAs } from '../../../shared/link.schema';
import { linkObject } from '../../../shared/objects/link.object';
import { readOnlyIssues, readOnlySpec } from '../../../shared/read-only';
import { generateAlias, randomAlias } from '../alias';
import { aliasKey, aliasTaken, takenAliases } from './link-store';
import { usableDomainIds } from '../../domains/domain-access';

type Db = Kysely<Database>;
export type Issue = { field: string; message: string };

/** A parsed create body and where it came from (its row in a batch, 0 for a single create). */
export interface CreateRow {
  row: number;
  input: LinkCreate;
}

/** Names a field of a row in an error: `alias` for a single create, `links.3.alias` in a batch. */
export type FieldOf = (row: number, field: string) => string;

export interface Refs {
  domain_id?: number | null;
  /** The names the client used (`domain` for domain_id): errors name the field as sent. */
  sent_as?: SentAs;
  space_id?: number | null;
  pixel_ids?: number[];
}

async function ownedIds(db: Db, table: 'spaces' | 'pixels', userId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.selectFrom(table).select('id').where('user_id', '=', userId).where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

/** The account's own among the references of many rows, read once per kind. */
export async function ownedRefs(db: Db, userId: number, refs: Refs[]) {
  const all = (pick: (r: Refs) => (number | null | undefined)[]) => [...new Set(refs.flatMap(pick).filter((x): x is number => !!x))];
  const [domains, spaces, pixels] = await Promise.all([
    // Its own domains and the shared ones (domains/domain-access.ts).
    usableDomainIds(db, userId, all((r) => [r.domain_id])),
    ownedIds(db, 'spaces', userId, all((r) => [r.space_id])),
    ownedIds(db, 'pixels', userId, all((r) => r.pixel_ids ?? [])),
  ]);
  return { domains, spaces, pixels };
}

/** Issues of one row's references against the owned sets. */
export function refIssues(r: Refs, owned: Awaited<ReturnType<typeof ownedRefs>>, at: (field: string) => string): Issue[] {
  const issues: Issue[] = [];
  if (r.domain_id && !owned.domains.has(r.domain_id)) issues.push({ field: at(sentName(r, 'domain_id')), message: 'must be one of your domains.' });
  if (r.space_id && !owned.spaces.has(r.space_id)) issues.push({ field: at('space_id'), message: 'must be one of your spaces.' });
  r.pixel_ids?.forEach((id, i) => {
    if (!owned.pixels.has(id)) issues.push({ field: at(`pixel_ids.${i}`), message: 'must be one of your pixels.' });
  });
  return issues;
}

const ON_ITS_DOMAIN = 'a link stays on the domain it was created on; create a new link on the other domain';

/** The read-only fields of a link (shared/read-only.ts): its identity, and the domain under both its names. */
export const LINK_READ_ONLY = readOnlySpec(linkObject, linkUpdateSchema, {
  owned: true,
  createOnly: { domain_id: ON_ITS_DOMAIN, domain: ON_ITS_DOMAIN },
});

/** A change's read-only fields (as sent) against the link: `current` is the link as GET answers it, with its row's columns. */
export function readOnlyLinkIssues(sent: Record<string, unknown>, current: Record<string, unknown>): Issue[] {
  return readOnlyIssues(sent, current, LINK_READ_ONLY);
}

/** Every row's references and alias; the valid rows, and the issues sorted by row. */
export async function checkCreates(db: Db, userId: number, rows: CreateRow[], at: FieldOf): Promise<{ valid: CreateRow[]; issues: Issue[] }> {
  const owned = await ownedRefs(db, userId, rows.map((r) => r.input));
  const wanted = new Map<number, Set<string>>();
  for (const { input } of rows) {
    if (input.alias) (wanted.get(input.domain_id ?? 0) ?? wanted.set(input.domain_id ?? 0, new Set()).get(input.domain_id ?? 0))?.add(input.alias);
  }
  const taken = new Set<string>();
  for (const [domain, aliases] of wanted) for (const a of await takenAliases(db, domain || null, [...aliases])) taken.add(aliasKey(domain, a));
  const firstRow = new Map<string, number>();
  const valid: CreateRow[] = [];
  const issues: Issue[] = [];
  for (const p of rows) {
    const own = refIssues(p.input, owned, (f) => at(p.row, f));
    issues.push(...own);
    if (p.input.alias && !own.length) {
      const key = aliasKey(p.input.domain_id, p.input.alias);
      const first = firstRow.get(key);
      if (taken.has(key)) own.push({ field: at(p.row, 'alias'), message: 'has already been taken.' });
      else if (first !== undefined) own.push({ field: at(p.row, 'alias'), message: `duplicates the alias of ${at(first, '').replace(/\.$/, '')}.` });
      else firstRow.set(key, p.row);
      if (own.length) issues.push(...own);
    }
    if (!own.length) valid.push(p);
  }
  return { valid, issues };
}

/** Free random aliases for the rows without one: candidates checked in one query per domain, then one by one for the rare collision. */
export async function freeAliases(db: Db, rows: CreateRow[]): Promise<Map<number, string>> {
  const used = new Set(rows.filter((v) => v.input.alias).map((v) => aliasKey(v.input.domain_id, v.input.alias as string)));
  const wanted = new Map<number, string[]>();
  const candidate = new Map<number, string>();
  for (const { row, input } of rows) {
    if (input.alias) continue;
    const alias = randomAlias(6);
    candidate.set(row, alias);
    wanted.set(input.domain_id ?? 0, [...(wanted.get(input.domain_id ?? 0) ?? []), alias]);
  }
  const taken = new Set<string>();
  for (const [domain, aliases] of wanted) for (const a of await takenAliases(db, domain || null, aliases)) taken.add(aliasKey(domain, a));
  const out = new Map<number, string>();
  for (const { row, input } of rows) {
    const domainId = input.domain_id ?? null;
    let alias = candidate.get(row);
    if (alias === undefined) continue;
    if (taken.has(aliasKey(domainId, alias)) || used.has(aliasKey(domainId, alias))) {
      alias = await generateAlias(async (a) => used.has(aliasKey(domainId, a)) || (await aliasTaken(db, domainId, a)));
    }
    used.add(aliasKey(domainId, alias));
    out.set(row, alias);
  }
  return out;
}
