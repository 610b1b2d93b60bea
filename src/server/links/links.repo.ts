import { type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database, LinksTable } from '../db/schema';
import { resolveTags, setLinkTags, tagsOfLinks } from '../tags/tags.repo';

export type LinkRow = Selectable<LinksTable>;

export class LinksRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async find(userId: number, id: number, db: Kysely<Database> = this.db): Promise<LinkRow | undefined> {
    return db.selectFrom('links').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  }

  /** `tags`: the link's new tag names (undefined: unchanged). */
  /** Within the caller's transaction `trx` (the write pipeline's). */
  async update(trx: Kysely<Database>, userId: number, id: number, values: Updateable<LinksTable>, pixelIds: number[] | undefined, tags?: string[]): Promise<{ updated: true }> {
    if (tags !== undefined) await setLinkTags(trx, id, await resolveTags(trx, userId, tags));
    await trx.updateTable('links').set(values).where('id', '=', id).where('user_id', '=', userId).execute();
    if (pixelIds !== undefined) {
      await trx.deleteFrom('link_pixels').where('link_id', '=', id).execute();
      if (pixelIds.length) await trx.insertInto('link_pixels').values([...new Set(pixelIds)].map((p) => ({ link_id: id, pixel_id: p }))).execute();
    }
    return { updated: true };
  }

  /** Sets a fetched title unless the link got one meanwhile. */
  async setTitleIfEmpty(id: number, title: string): Promise<boolean> {
    const r = await this.db.updateTable('links').set({ title }).where('id', '=', id).where('title', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Spaces, domains, pixels and tags of a set of links, loaded in four queries. */
  async related(rows: LinkRow[]) {
    const ids = rows.map((r) => r.id);
    const spaceIds = [...new Set(rows.map((r) => r.space_id).filter((x): x is number => x !== null))];
    const domainIds = [...new Set(rows.map((r) => r.domain_id).filter((x): x is number => x !== null))];
    const [spaces, domains, pixels, tagsByLink] = await Promise.all([
      spaceIds.length ? this.db.selectFrom('spaces').select(['id', 'name', 'color']).where('id', 'in', spaceIds).execute() : [],
      domainIds.length ? this.db.selectFrom('domains').select(['id', 'name', 'https']).where('id', 'in', domainIds).execute() : [],
      ids.length
        ? this.db
            .selectFrom('link_pixels as lp')
            .innerJoin('pixels as p', 'p.id', 'lp.pixel_id')
            .select(['lp.link_id', 'p.id', 'p.name', 'p.type'])
            .where('lp.link_id', 'in', ids)
            .orderBy('p.id')
            .execute()
        : [],
      tagsOfLinks(this.db, ids.filter((id) => id > 0)),
    ]);
    const pixelsByLink = new Map<number, { id: number; name: string; type: string }[]>();
    for (const p of pixels) {
      const list = pixelsByLink.get(p.link_id) ?? [];
      list.push({ id: p.id, name: p.name, type: p.type });
      pixelsByLink.set(p.link_id, list);
    }
    return {
      spaces: new Map(spaces.map((s) => [s.id, s])),
      domains: new Map(domains.map((d) => [d.id, d])),
      pixelsByLink,
      tagsByLink,
    };
  }
}
