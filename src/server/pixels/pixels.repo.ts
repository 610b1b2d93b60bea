import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Pixel, PixelCreate, PixelListQuery, PixelUpdate } from '../../shared/pixel.schema';
import { likePattern, nowIso } from '../db/sql-values';
import { likeOperator } from '../db/dialect';

const columns = ['id', 'name', 'type', 'value', 'created_at', 'updated_at'] as const;

export class PixelsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async find(userId: number, id: number): Promise<Pixel | undefined> {
    return (await this.db
      .selectFrom('pixels')
      .select(columns)
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst()) as Pixel | undefined;
  }

  async create(userId: number, input: PixelCreate): Promise<number> {
    const now = nowIso();
    const r = await this.db
      .insertInto('pixels')
      .values({ user_id: userId, ...input, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  async update(userId: number, id: number, input: PixelUpdate): Promise<void> {
    await this.db.updateTable('pixels').set({ ...input, updated_at: nowIso() }).where('id', '=', id).where('user_id', '=', userId).execute();
  }

  async list(userId: number, q: PixelListQuery): Promise<{ rows: Pixel[]; total: number }> {
    let base = this.db.selectFrom('pixels').where('user_id', '=', userId);
    if (q.search) base = base.where('name', likeOperator(this.db), likePattern(q.search));
    if (q.type) base = base.where('type', '=', q.type);
    const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .select(columns)
      .orderBy(q.sort_by, q.sort)
      .orderBy('id', q.sort)
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page)
      .execute();
    return { rows: rows as Pixel[], total: Number(n) };
  }
}
