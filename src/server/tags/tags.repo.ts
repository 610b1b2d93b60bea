// Tags of an account (migration 012): the CRUD of /api/v1/tags, and the names → ids a link's tags resolve to
// (unknown names created on the way, in the caller's transaction).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { byTagName, defaultTagColor, tagKey, type LinkTag, type Tag, type TagCreate, type TagListQuery, type TagUpdate } from '../../shared/tag.schema';
import { likePattern, nowIso } from '../db/sql-values';
import { likeOperator } from '../db/dialect';

type Db = Kysely<Database>;

/**
 * Ids of the account's tags named `names` (any case), creating those that do not exist yet, stamped `now`
 * (a bulk operation passes its own time, so its undo knows the tags it created).
 */
export async function resolveTags(db: Db, userId: number, names: string[], now = nowIso()): Promise<number[]> {
  if (!names.length) return [];
  const keys = [...new Set(names.map(tagKey))];
  const fresh = new Map(names.map((n) => [tagKey(n), n.trim()]));
  await db
    .insertInto('tags')
    .values([...fresh].map(([key, name]) => ({ user_id: userId, name, name_key: key, color: defaultTagColor(name), created_at: now, updated_at: now })))
    .onConflict((oc) => oc.columns(['user_id', 'name_key']).doNothing())
    .execute();
  const rows = await db.selectFrom('tags').select('id').where('user_id', '=', userId).where('name_key', 'in', keys).execute();
  return rows.map((r) => r.id);
}

/**
 * Undo of a bulk add_tags: deletes the tags among `names` that the operation created (created at its time `at`)
 * and that no link carries any more. A tag renamed since, or put on another link since, stays.
 */
export async function dropCreatedUnusedTags(db: Db, userId: number, names: string[], at: string): Promise<void> {
  if (!names.length) return;
  await db
    .deleteFrom('tags')
    .where('user_id', '=', userId)
    .where('name_key', 'in', [...new Set(names.map(tagKey))])
    .where('created_at', '=', at)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('link_tags').select('link_tags.tag_id').whereRef('link_tags.tag_id', '=', 'tags.id'))))
    .execute();
}

/** Ids of the account's existing tags among `names` (unknown names are left out). */
export async function existingTagIds(db: Db, userId: number, names: string[]): Promise<number[]> {
  if (!names.length) return [];
  const rows = await db.selectFrom('tags').select('id').where('user_id', '=', userId).where('name_key', 'in', [...new Set(names.map(tagKey))]).execute();
  return rows.map((r) => r.id);
}

/** Replaces a link's tags. */
export async function setLinkTags(db: Db, linkId: number, tagIds: number[]): Promise<void> {
  await db.deleteFrom('link_tags').where('link_id', '=', linkId).execute();
  if (tagIds.length) await db.insertInto('link_tags').values(tagIds.map((t) => ({ link_id: linkId, tag_id: t }))).execute();
}

/** The tags of a set of links, each list sorted by name. */
export async function tagsOfLinks(db: Db, ids: number[]): Promise<Map<number, LinkTag[]>> {
  const out = new Map<number, LinkTag[]>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('link_tags as lt')
      .innerJoin('tags as t', 't.id', 'lt.tag_id')
      .select(['lt.link_id', 't.id', 't.name', 't.color'])
      .where('lt.link_id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const r of rows) {
      const list = out.get(r.link_id) ?? [];
      list.push({ id: r.id, name: r.name, color: r.color });
      out.set(r.link_id, list);
    }
  }
  for (const list of out.values()) list.sort(byTagName);
  return out;
}

export class TagsRepo {
  constructor(private readonly db: Db) {}

  private base(userId: number) {
    return this.db
      .selectFrom('tags as t')
      .where('t.user_id', '=', userId)
      .select([
        't.id',
        't.name',
        't.color',
        't.created_at',
        't.updated_at',
        (eb) => eb.selectFrom('link_tags').whereRef('link_tags.tag_id', '=', 't.id').select((e) => e.fn.countAll<number>().as('n')).as('links_count'),
      ]);
  }

  private present = (r: Omit<Tag, 'links_count'> & { links_count: number | string | null }): Tag => ({ ...r, links_count: Number(r.links_count ?? 0) });

  async find(userId: number, id: number): Promise<Tag | undefined> {
    const r = await this.base(userId).where('t.id', '=', id).executeTakeFirst();
    return r && this.present(r);
  }

  async create(userId: number, input: TagCreate): Promise<number> {
    const now = nowIso();
    const r = await this.db
      .insertInto('tags')
      .values({ user_id: userId, name: input.name, name_key: tagKey(input.name), color: input.color ?? defaultTagColor(input.name), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  async update(userId: number, id: number, input: TagUpdate): Promise<void> {
    const set = { ...input, ...(input.name !== undefined ? { name_key: tagKey(input.name) } : {}), updated_at: nowIso() };
    await this.db.updateTable('tags').set(set).where('id', '=', id).where('user_id', '=', userId).execute();
  }

  async list(userId: number, q: TagListQuery): Promise<{ rows: Tag[]; total: number }> {
    let count = this.db.selectFrom('tags as t').where('t.user_id', '=', userId);
    let rows = this.base(userId);
    if (q.search) {
      count = count.where('t.name', likeOperator(this.db), likePattern(q.search));
      rows = rows.where('t.name', likeOperator(this.db), likePattern(q.search));
    }
    const { n } = await count.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const order = q.sort_by === 'name' ? sql`t.name_key` : sql`t.id`;
    const list = await rows
      .orderBy(sql`${order} ${sql.raw(q.sort === 'asc' ? 'ASC' : 'DESC')}`)
      .orderBy('t.id', q.sort)
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page)
      .execute();
    return { rows: list.map(this.present), total: Number(n) };
  }
}
