import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Space, SpaceCreate, SpaceListQuery, SpaceUpdate } from '../../shared/space.schema';
import { likePattern, nowIso } from '../db/sql-values';
import { likeOperator } from '../db/dialect';

export class SpacesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  private base(userId: number) {
    return this.db
      .selectFrom('spaces as s')
      .where('s.user_id', '=', userId)
      .select([
        's.id',
        's.name',
        's.color',
        's.created_at',
        's.updated_at',
        (eb) =>
          eb
            .selectFrom('links')
            .whereRef('links.space_id', '=', 's.id')
            .select((e) => e.fn.countAll<number>().as('n'))
            .as('links_count'),
      ]);
  }

  private present = (r: Omit<Space, 'links_count'> & { links_count: number | null }): Space => ({
    ...r,
    links_count: Number(r.links_count ?? 0),
  });

  async find(userId: number, id: number): Promise<Space | undefined> {
    const r = await this.base(userId).where('s.id', '=', id).executeTakeFirst();
    return r && this.present(r);
  }


  async create(userId: number, input: SpaceCreate): Promise<number> {
    const now = nowIso();
    const r = await this.db
      .insertInto('spaces')
      .values({ user_id: userId, name: input.name, color: input.color ?? 1, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  async update(userId: number, id: number, input: SpaceUpdate): Promise<void> {
    await this.db.updateTable('spaces').set({ ...input, updated_at: nowIso() }).where('id', '=', id).where('user_id', '=', userId).execute();
  }

  async list(userId: number, q: SpaceListQuery): Promise<{ rows: Space[]; total: number }> {
    let count = this.db.selectFrom('spaces as s').where('s.user_id', '=', userId);
    let rows = this.base(userId);
    if (q.search) {
      count = count.where('s.name', likeOperator(this.db), likePattern(q.search));
      rows = rows.where('s.name', likeOperator(this.db), likePattern(q.search));
    }
    const { n } = await count.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const list = await rows
      .orderBy(`s.${q.sort_by}`, q.sort)
      .orderBy('s.id', q.sort)
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page)
      .execute();
    return { rows: list.map(this.present), total: Number(n) };
  }
}
