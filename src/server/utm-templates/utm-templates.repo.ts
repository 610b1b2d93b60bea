// UTM templates of an account: plain rows, listed by name or id, searched by name.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { UtmTemplate, UtmTemplateCreate, UtmTemplateListQuery, UtmTemplateUpdate } from '../../shared/utm-template.schema';
import { UTM_KEYS } from '../../shared/utm';
import { likePattern, nowIso } from '../db/sql-values';
import { likeOperator } from '../db/dialect';

const COLUMNS = ['id', 'name', ...UTM_KEYS, 'created_at', 'updated_at'] as const;

export class UtmTemplatesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async find(userId: number, id: number): Promise<UtmTemplate | undefined> {
    return this.db.selectFrom('utm_templates').select(COLUMNS).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  }

  async create(userId: number, input: UtmTemplateCreate): Promise<number> {
    const now = nowIso();
    const utm = Object.fromEntries(UTM_KEYS.map((k) => [k, input[k] ?? null]));
    const r = await this.db
      .insertInto('utm_templates')
      .values({ user_id: userId, name: input.name, ...utm, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  async update(userId: number, id: number, input: UtmTemplateUpdate): Promise<void> {
    await this.db.updateTable('utm_templates').set({ ...input, updated_at: nowIso() }).where('id', '=', id).where('user_id', '=', userId).execute();
  }

  async delete(userId: number, id: number): Promise<boolean> {
    const r = await this.db.deleteFrom('utm_templates').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async list(userId: number, q: UtmTemplateListQuery): Promise<{ rows: UtmTemplate[]; total: number }> {
    let base = this.db.selectFrom('utm_templates').where('user_id', '=', userId);
    if (q.search) base = base.where('name', likeOperator(this.db), likePattern(q.search));
    const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .select(COLUMNS)
      .orderBy(q.sort_by, q.sort)
      .orderBy('id', q.sort)
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page)
      .execute();
    return { rows, total: Number(n) };
  }
}
