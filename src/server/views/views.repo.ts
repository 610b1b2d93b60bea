// Saved views of an account (migration 020): plain rows, listed newest first or by name, searched by name. The
// answer adds the view's links (the dashboard's, on BASE_URL, and the API's), made from the stored query.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema';
import type { SavedViewsTable } from '../db/schema-features';
import type { View, ViewCreate, ViewListQuery, ViewUpdate } from '../../shared/view.schema';
import { viewApiUrl, viewUrl } from '../../shared/view-query';
import { tagKey } from '../../shared/tag.schema';
import { likePattern, nowIso } from '../db/sql-values';
import { likeOperator } from '../db/dialect';

const COLUMNS = ['id', 'name', 'query', 'created_at', 'updated_at'] as const;
type Row = Pick<Selectable<SavedViewsTable>, (typeof COLUMNS)[number]>;

/** The key that makes names unique per account ignoring case: the same case folding as tag names. */
const nameKey = tagKey;

export class ViewsRepo {
  constructor(
    private readonly db: Kysely<Database>,
    /** BASE_URL, where the dashboard is. */
    private readonly baseUrl: string,
  ) {}

  private present(row: Row): View {
    return { ...row, url: viewUrl(this.baseUrl, row.query), api_url: viewApiUrl(row.query) };
  }

  async find(userId: number, id: number): Promise<View | undefined> {
    const row = await this.db.selectFrom('saved_views').select(COLUMNS).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
    return row && this.present(row);
  }

  async create(userId: number, input: ViewCreate): Promise<number> {
    const now = nowIso();
    const r = await this.db
      .insertInto('saved_views')
      .values({ user_id: userId, name: input.name, name_key: nameKey(input.name), query: input.query, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  async update(userId: number, id: number, input: ViewUpdate): Promise<void> {
    const renamed = input.name === undefined ? {} : { name: input.name, name_key: nameKey(input.name) };
    const query = input.query === undefined ? {} : { query: input.query };
    await this.db
      .updateTable('saved_views')
      .set({ ...renamed, ...query, updated_at: nowIso() })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
  }

  async delete(userId: number, id: number): Promise<boolean> {
    const r = await this.db.deleteFrom('saved_views').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async list(userId: number, q: ViewListQuery): Promise<{ rows: View[]; total: number }> {
    let base = this.db.selectFrom('saved_views').where('user_id', '=', userId);
    if (q.search) base = base.where('name', likeOperator(this.db), likePattern(q.search));
    const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .select(COLUMNS)
      // By name: ignoring case (the key), then as written.
      .$if(q.sort_by === 'name', (qb) => qb.orderBy('name_key', q.sort).orderBy('name', q.sort))
      .orderBy('id', q.sort)
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page)
      .execute();
    return { rows: rows.map((r) => this.present(r)), total: Number(n) };
  }
}
