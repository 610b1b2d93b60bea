// POST /api/v1/links/bulk: up to 1,000 links checked with the rules of POST /api/v1/links (the shared zod
// schema, then ownership of domain/space/pixels and alias availability, also against the other rows of the
// batch), then created in one transaction. Errors are per row (`links.12.alias`).
import type { Insertable } from 'kysely';
import type { Database, LinksTable } from '../db/schema';
import type { AppContext } from '../context';
import { linkCreateSchema, type Link, type LinkCreate } from '../../shared/link.schema';
import { isPostgres } from '../db/dialect';
import { sql, type Kysely } from 'kysely';
import { LinksRepo, type LinkRow } from './links.repo';
import { newLinkRow } from './link-row';
import { presentLink } from './link.presenter';
import { generateAlias, randomAlias } from './alias';
import { resolveTags } from '../tags/tags.repo';
import { defaultTagColor, tagKey } from '../../shared/tag.schema';

type Issue = { field: string; message: string };
export type BulkPreview = Omit<Link, 'id' | 'alias' | 'short_url' | 'created_at' | 'updated_at'> & {
  id: null;
  alias: string | null;
  short_url: string | null;
  created_at: null;
  updated_at: null;
};

export interface CheckedBatch {
  /** Valid rows by their index in the request. */
  valid: { row: number; input: LinkCreate }[];
  issues: Issue[];
}

const aliasKey = (domainId: number | null, alias: string) => `${domainId ?? 0}\u0000${alias}`;

/** Aliases among `wanted` that are taken on each domain, in chunks (one query per domain and 500 aliases). */
async function takenAliases(db: Kysely<Database>, wanted: Map<number, Set<string>>): Promise<Set<string>> {
  const taken = new Set<string>();
  const key = isPostgres(db) ? sql<number>`coalesce(domain_id, 0)` : sql<number>`ifnull(domain_id, 0)`;
  for (const [domain, aliases] of wanted) {
    const list = [...aliases];
    for (let i = 0; i < list.length; i += 500) {
      const rows = await db.selectFrom('links').select('alias').where(key, '=', domain).where('alias', 'in', list.slice(i, i + 500)).execute();
      for (const r of rows) taken.add(aliasKey(domain || null, r.alias));
    }
  }
  return taken;
}

export class BulkCreator {
  private readonly repo: LinksRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new LinksRepo(ctx.db.kysely);
  }

  /** Every row through the single create's rules; an alias is taken once per domain within the batch too. */
  async check(userId: number, rows: unknown[]): Promise<CheckedBatch> {
    const issues: Issue[] = [];
    const parsed: { row: number; input: LinkCreate }[] = [];
    rows.forEach((raw, row) => {
      const r = linkCreateSchema.safeParse(raw);
      if (r.success) parsed.push({ row, input: r.data });
      else for (const iss of r.error.issues) issues.push({ field: ['links', row, ...iss.path].map(String).join('.'), message: iss.message });
    });
    const all = (pick: (i: LinkCreate) => (number | null | undefined)[]) => [...new Set(parsed.flatMap((p) => pick(p.input)).filter((x): x is number => !!x))];
    const [domains, spaces, pixels] = await Promise.all([
      this.repo.ownedIds('domains', userId, all((i) => [i.domain_id])),
      this.repo.ownedIds('spaces', userId, all((i) => [i.space_id])),
      this.repo.ownedIds('pixels', userId, all((i) => i.pixel_ids ?? [])),
    ]);
    const wanted = new Map<number, Set<string>>();
    for (const { input } of parsed) {
      if (input.alias) (wanted.get(input.domain_id ?? 0) ?? wanted.set(input.domain_id ?? 0, new Set()).get(input.domain_id ?? 0))?.add(input.alias);
    }
    const taken = await takenAliases(this.ctx.db.kysely, wanted);
    const firstRow = new Map<string, number>();
    const valid: CheckedBatch['valid'] = [];
    for (const p of parsed) {
      const at = (f: string) => `links.${p.row}.${f}`;
      const before = issues.length;
      const { input } = p;
      if (input.domain_id && !domains.has(input.domain_id)) issues.push({ field: at('domain_id'), message: 'must be one of your domains.' });
      if (input.space_id && !spaces.has(input.space_id)) issues.push({ field: at('space_id'), message: 'must be one of your spaces.' });
      input.pixel_ids?.forEach((id, i) => {
        if (!pixels.has(id)) issues.push({ field: at(`pixel_ids.${i}`), message: 'must be one of your pixels.' });
      });
      if (input.alias && issues.length === before) {
        const key = aliasKey(input.domain_id ?? null, input.alias);
        const first = firstRow.get(key);
        if (taken.has(key)) issues.push({ field: at('alias'), message: 'has already been taken.' });
        else if (first !== undefined) issues.push({ field: at('alias'), message: `duplicates the alias of links.${first}.` });
        else firstRow.set(key, p.row);
      }
      if (issues.length === before) valid.push(p);
    }
    issues.sort((a, b) => rowOf(a.field) - rowOf(b.field));
    return { valid, issues };
  }

  /** Random free aliases for the rows without one: candidates checked in one query per domain, then one by one for the rare collision. */
  private async freeAliases(valid: CheckedBatch['valid']): Promise<Map<number, string>> {
    const used = new Set(valid.filter((v) => v.input.alias).map((v) => aliasKey(v.input.domain_id ?? null, v.input.alias as string)));
    const wanted = new Map<number, Set<string>>();
    const candidate = new Map<number, string>();
    for (const { row, input } of valid) {
      if (input.alias) continue;
      const alias = randomAlias(6);
      candidate.set(row, alias);
      const domain = input.domain_id ?? 0;
      (wanted.get(domain) ?? wanted.set(domain, new Set()).get(domain))?.add(alias);
    }
    const taken = await takenAliases(this.ctx.db.kysely, wanted);
    const out = new Map<number, string>();
    for (const { row, input } of valid) {
      const domainId = input.domain_id ?? null;
      let alias = candidate.get(row);
      if (alias === undefined) continue;
      if (taken.has(aliasKey(domainId, alias)) || used.has(aliasKey(domainId, alias))) {
        alias = await generateAlias(async (a) => used.has(aliasKey(domainId, a)) || (await this.repo.aliasTaken(domainId, a)));
      }
      used.add(aliasKey(domainId, alias));
      out.set(row, alias);
    }
    return out;
  }

  /** The rows as stored (aliases generated, passwords hashed), not yet written. */
  async prepare(userId: number, valid: CheckedBatch['valid'], now: string): Promise<Insertable<LinksTable>[]> {
    const generated = await this.freeAliases(valid);
    const out: Insertable<LinksTable>[] = [];
    for (const { row, input } of valid) out.push(await newLinkRow(userId, input, input.alias ?? (generated.get(row) as string), now));
    return out;
  }

  /** Writes the rows, their pixel links and their tags (names) in one transaction; the new ids in the rows' order. */
  async insert(values: Insertable<LinksTable>[], pixelIds: number[][], tags: string[][] = []): Promise<number[]> {
    return this.ctx.db.kysely.transaction().execute(async (trx) => {
      const idOf = new Map<string, number>();
      for (let i = 0; i < values.length; i += 100) {
        const rows = await trx.insertInto('links').values(values.slice(i, i + 100)).returning(['id', 'domain_id', 'alias']).execute();
        for (const r of rows) idOf.set(aliasKey(r.domain_id, r.alias), r.id);
      }
      const ids = values.map((v) => idOf.get(aliasKey(v.domain_id ?? null, v.alias)) as number);
      const pairs = ids.flatMap((id, i) => (pixelIds[i] ?? []).map((p) => ({ link_id: id, pixel_id: p })));
      for (let i = 0; i < pairs.length; i += 500) await trx.insertInto('link_pixels').values(pairs.slice(i, i + 500)).execute();
      await insertTags(trx, values, ids, tags);
      return ids;
    });
  }

  async present(rows: LinkRow[]): Promise<Link[]> {
    const rel = await this.repo.related(rows);
    const now = new Date();
    return rows.map((r) => presentLink(r, rel, this.ctx.config.baseUrl, now));
  }

  async presentIds(ids: number[]): Promise<Link[]> {
    const rows: LinkRow[] = [];
    for (let i = 0; i < ids.length; i += 500) {
      rows.push(...(await this.ctx.db.kysely.selectFrom('links').selectAll().where('id', 'in', ids.slice(i, i + 500)).execute()));
    }
    const byId = new Map(rows.map((r) => [r.id, r]));
    return this.present(ids.map((id) => byId.get(id)).filter((r): r is LinkRow => !!r));
  }

  /** What the rows would look like once created (dry run): no id yet, no alias when it would be generated. */
  async preview(values: Insertable<LinksTable>[], valid: CheckedBatch['valid'], pixelIds: number[][]): Promise<BulkPreview[]> {
    const userId = values[0]?.user_id ?? 0;
    const names = [...new Set(valid.flatMap((v) => (v.input.tags ?? []).map(tagKey)))];
    const known = names.length
      ? await this.ctx.db.kysely.selectFrom('tags').select(['id', 'name', 'name_key', 'color']).where('user_id', '=', userId).where('name_key', 'in', names).execute()
      : [];
    const byKey = new Map(known.map((t) => [t.name_key, { id: t.id, name: t.name, color: t.color }]));
    const rows = values.map((v, i) => ({ ...v, id: -(i + 1), clicks: 0 }) as LinkRow);
    const related = await this.repo.related(rows); // negative ids: no stored pixels, so they come from the input
    const pixels = await this.ctx.db.kysely.selectFrom('pixels').select(['id', 'name', 'type']).where('id', 'in', [0, ...new Set(pixelIds.flat())]).execute();
    const byPixel = new Map(pixels.map((p) => [p.id, p]));
    // Tags that would be created have no id yet (0).
    rows.forEach((r, i) =>
      related.tagsByLink.set(r.id, (valid[i]?.input.tags ?? []).map((n) => byKey.get(tagKey(n)) ?? { id: 0, name: n, color: defaultTagColor(n) })),
    );
    rows.forEach((r, i) => related.pixelsByLink.set(r.id, (pixelIds[i] ?? []).map((p) => byPixel.get(p)).filter((p) => !!p).sort((a, b) => a.id - b.id)));
    return rows.map((r, i) => {
      const link = presentLink(r, related, this.ctx.config.baseUrl);
      const generated = !valid[i]?.input.alias;
      return { ...link, id: null, alias: generated ? null : link.alias, short_url: generated ? null : link.short_url, created_at: null, updated_at: null };
    });
  }
}

const rowOf = (field: string) => Number(field.split('.')[1]);

/** The tags of new links: every name of the batch resolved once (one account per batch), then the pairs. */
export async function insertTags(trx: Kysely<Database>, values: Insertable<LinksTable>[], ids: number[], tags: string[][]): Promise<void> {
  const userId = values[0]?.user_id;
  const names = [...new Map(tags.flat().map((n) => [tagKey(n), n])).values()];
  if (userId === undefined || !names.length) return;
  await resolveTags(trx, userId, names);
  const rows = await trx.selectFrom('tags').select(['id', 'name_key']).where('user_id', '=', userId).where('name_key', 'in', names.map(tagKey)).execute();
  const idOf = new Map(rows.map((r) => [r.name_key, r.id]));
  const pairs = ids.flatMap((id, i) => (tags[i] ?? []).map((n) => ({ link_id: id, tag_id: idOf.get(tagKey(n)) as number })));
  for (let i = 0; i < pairs.length; i += 500) await trx.insertInto('link_tags').values(pairs.slice(i, i + 500)).execute();
}
