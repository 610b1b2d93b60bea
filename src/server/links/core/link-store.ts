// Where new links are written: the one INSERT of links, their pixels and their tags, for every path (a single
// create, a bulk create, an import batch, a restore). Both databases take the same statements; the only
// dialect fragment is the expression of the unique index links_domain_alias, so that alias checks use it.
import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database, LinksTable } from '../../db/schema';
import { isPostgres } from '../../db/dialect';
import { resolveTags } from '../../tags/tags.repo';
import { tagKey } from '../../../shared/tag.schema';
import { DAILY_COLUMNS, EVENT_COLUMNS, HOURLY_COLUMNS, LINK_COLUMNS, inIds, parts } from './link-sql';

type Db = Kysely<Database>;

/** A link row ready to insert, with its pixel ids and tag names. */
export interface NewLinkRow {
  values: Insertable<LinksTable>;
  pixelIds: number[];
  tags: string[];
}

/** `ifnull(domain_id, 0)`: the default domain as 0, as the unique index links_domain_alias has it. */
export const domainKey = (db: Db) => (isPostgres(db) ? sql<number>`coalesce(domain_id, 0)` : sql<number>`ifnull(domain_id, 0)`);

export const aliasKey = (domainId: number | null | undefined, alias: string) => `${domainId ?? 0}\u0000${alias}`;

/** Which of `aliases` are taken on a domain (null: the default one), 500 at a time. */
export async function takenAliases(db: Db, domainId: number | null, aliases: string[], exceptId?: number): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let i = 0; i < aliases.length; i += 500) {
    let q = db.selectFrom('links').select('alias').where(domainKey(db), '=', domainId ?? 0).where('alias', 'in', aliases.slice(i, i + 500));
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    for (const r of await q.execute()) taken.add(r.alias);
  }
  return taken;
}

export async function aliasTaken(db: Db, domainId: number | null, alias: string, exceptId?: number): Promise<boolean> {
  return (await takenAliases(db, domainId, [alias], exceptId)).size > 0;
}

/**
 * Inserts links (one account's) with their pixels and tags, 100 rows a statement; the new ids in the rows'
 * order. `skipTaken`: a row whose alias was taken meanwhile is not written (null in the answer), as an
 * import wants; otherwise the unique violation is thrown. Call it inside a transaction.
 */
export async function insertLinks(trx: Db, links: NewLinkRow[], opts: { skipTaken?: boolean } = {}): Promise<(number | null)[]> {
  const idOf = new Map<string, number>();
  for (let i = 0; i < links.length; i += 100) {
    let q = trx.insertInto('links').values(links.slice(i, i + 100).map((l) => l.values));
    if (opts.skipTaken) q = q.onConflict((oc) => oc.doNothing());
    for (const r of await q.returning(['id', 'domain_id', 'alias']).execute()) idOf.set(aliasKey(r.domain_id, r.alias), r.id);
  }
  const ids = links.map((l) => idOf.get(aliasKey(l.values.domain_id, l.values.alias)) ?? null);
  const pairs = ids.flatMap((id, i) => (id === null ? [] : [...new Set(links[i]?.pixelIds ?? [])].map((p) => ({ link_id: id, pixel_id: p }))));
  for (let i = 0; i < pairs.length; i += 500) await trx.insertInto('link_pixels').values(pairs.slice(i, i + 500)).execute();
  const userId = links[0]?.values.user_id;
  if (userId !== undefined) await insertTags(trx, userId, ids, links.map((l) => l.tags));
  return ids;
}

/**
 * The undo of a delete: brings back an operation's deleted links from its before-image (same ids; a space deleted
 * since is left off), with their pixels and tags that still exist and their statistics (raw events, daily and hourly
 * rollups). `only`: just these of them (a job's chunk); else every link the before-image holds. Returns their ids.
 */
export async function copyBackDeletedLinks(trx: Db, operationId: number, only?: number[]): Promise<number[]> {
  const cols = LINK_COLUMNS.join(', ');
  const selected = LINK_COLUMNS.map((c) => (c === 'space_id' ? 'CASE WHEN EXISTS (SELECT 1 FROM spaces s WHERE s.id = d.space_id) THEN d.space_id END' : `d.${c}`)).join(', ');
  const ids = only ?? (await trx.selectFrom('operation_deleted_links').select('id').where('operation_id', '=', operationId).orderBy('id').execute()).map((x) => x.id);
  for (const part of parts(trx, ids)) {
    const these = (column: string) => inIds(trx, column, part);
    await sql`INSERT INTO links (${sql.raw(cols)}) SELECT ${sql.raw(selected)} FROM operation_deleted_links d
      WHERE d.operation_id = ${operationId} AND ${these('d.id')} ORDER BY d.id`.execute(trx);
    await sql`INSERT INTO link_pixels (link_id, pixel_id) SELECT olp.link_id, olp.pixel_id FROM operation_link_pixels olp
      JOIN pixels p ON p.id = olp.pixel_id WHERE olp.operation_id = ${operationId} AND ${these('olp.link_id')}`.execute(trx);
    await sql`INSERT INTO link_tags (link_id, tag_id) SELECT olt.link_id, olt.tag_id FROM operation_link_tags olt
      JOIN tags t ON t.id = olt.tag_id WHERE olt.operation_id = ${operationId} AND ${these('olt.link_id')}`.execute(trx);
    const events = EVENT_COLUMNS.join(', ');
    await sql`INSERT INTO click_events (${sql.raw(events)}) SELECT ${sql.raw(events)} FROM operation_click_events
      WHERE operation_id = ${operationId} AND ${these('link_id')} ORDER BY clicked_at`.execute(trx);
    const daily = DAILY_COLUMNS.join(', ');
    await sql`INSERT INTO click_daily (${sql.raw(daily)}) SELECT ${sql.raw(daily)} FROM operation_click_daily
      WHERE operation_id = ${operationId} AND ${these('link_id')}`.execute(trx);
    const hourly = HOURLY_COLUMNS.join(', ');
    await sql`INSERT INTO click_hourly (${sql.raw(hourly)}) SELECT ${sql.raw(hourly)} FROM operation_click_hourly
      WHERE operation_id = ${operationId} AND ${these('link_id')}`.execute(trx);
  }
  return ids;
}

/** The tags of new links: every name of the batch resolved once (one account per batch), then the pairs. */
async function insertTags(trx: Db, userId: number, ids: (number | null)[], tags: string[][]): Promise<void> {
  const names = [...new Map(tags.flat().map((n) => [tagKey(n), n])).values()];
  if (!names.length) return;
  await resolveTags(trx, userId, names);
  const rows = await trx.selectFrom('tags').select(['id', 'name_key']).where('user_id', '=', userId).where('name_key', 'in', names.map(tagKey)).execute();
  const idOf = new Map(rows.map((r) => [r.name_key, r.id]));
  const pairs = ids.flatMap((id, i) =>
    id === null ? [] : [...new Set((tags[i] ?? []).map(tagKey))].map((k) => ({ link_id: id, tag_id: idOf.get(k) as number })),
  );
  for (let i = 0; i < pairs.length; i += 500) await trx.insertInto('link_tags').values(pairs.slice(i, i + 500)).execute();
}
