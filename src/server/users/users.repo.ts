import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { User, UserListQuery } from '../../shared/user.schema';
import type { UserRole } from '../../shared/enums';
import { hashApiKey, newApiKey } from '../auth/secrets';
import { likePattern, nowIso } from '../db/sql-values';
import { likeOperator } from '../db/dialect';

const columns = ['id', 'name', 'role', 'created_at', 'updated_at'] as const;

export class UsersRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async byApiKey(key: string): Promise<User | undefined> {
    return this.db.selectFrom('users').select(columns).where('api_key_hash', '=', hashApiKey(key)).executeTakeFirst();
  }

  async find(id: number): Promise<User | undefined> {
    return this.db.selectFrom('users').select(columns).where('id', '=', id).executeTakeFirst();
  }

  async count(): Promise<number> {
    const r = await this.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async countAdmins(): Promise<number> {
    const r = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** Creates a user and returns it with its key (shown once). `apiKey` fixes the key (ADMIN_API_KEY). */
  async create(name: string, role: UserRole, apiKey = newApiKey()): Promise<{ user: User; apiKey: string }> {
    const now = nowIso();
    const user = await this.db
      .insertInto('users')
      .values({ name, role, api_key_hash: hashApiKey(apiKey), created_at: now, updated_at: now })
      .returning(columns)
      .executeTakeFirstOrThrow();
    return { user, apiKey };
  }

  async update(id: number, patch: { name?: string; role?: UserRole }): Promise<User | undefined> {
    if (patch.name === undefined && patch.role === undefined) return this.find(id);
    return this.db
      .updateTable('users')
      .set({ ...patch, updated_at: nowIso() })
      .where('id', '=', id)
      .returning(columns)
      .executeTakeFirst();
  }

  async rotateKey(id: number): Promise<string> {
    const apiKey = newApiKey();
    await this.db.updateTable('users').set({ api_key_hash: hashApiKey(apiKey), updated_at: nowIso() }).where('id', '=', id).execute();
    return apiKey;
  }

  async delete(id: number): Promise<boolean> {
    const r = await this.db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async list(q: UserListQuery): Promise<{ rows: User[]; total: number }> {
    let base = this.db.selectFrom('users');
    if (q.search) base = base.where('name', likeOperator(this.db), likePattern(q.search));
    const totalRow = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .select(columns)
      .orderBy(q.sort_by, q.sort)
      .orderBy('id', q.sort)
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page)
      .execute();
    return { rows, total: Number(totalRow.n) };
  }
}
