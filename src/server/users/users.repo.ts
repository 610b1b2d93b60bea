import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { User, UserListQuery } from '../../shared/user.schema';
import type { UserRole } from '../../shared/enums';
import { newApiKey, unusableKeyHash } from '../auth/secrets';
import { likePattern, nowIso } from '../db/sql-values';
import { likeOperator } from '../db/dialect';
import { ApiKeysRepo } from '../api-keys/api-keys.repo';

const columns = ['id', 'name', 'role', 'created_at', 'updated_at'] as const;

/** The persons of the instance (`users` rows of kind 'person'; team workspaces are rows too: workspaces.repo.ts). */
export class UsersRepo {
  private readonly keys: ApiKeysRepo;

  constructor(private readonly db: Kysely<Database>) {
    this.keys = new ApiKeysRepo(db);
  }

  private persons() {
    return this.db.selectFrom('users').where('kind', '=', 'person');
  }

  async find(id: number): Promise<User | undefined> {
    return this.persons().select(columns).where('id', '=', id).executeTakeFirst();
  }

  async count(): Promise<number> {
    const r = await this.persons().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async countAdmins(): Promise<number> {
    const r = await this.persons()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /**
   * Creates a person, its personal workspace (its own row, which it owns) and its sign-in key, and returns it with
   * the key (shown once). `apiKey` fixes the key (ADMIN_API_KEY).
   */
  async create(name: string, role: UserRole, apiKey = newApiKey()): Promise<{ user: User; apiKey: string }> {
    const now = nowIso();
    const user = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('users')
        .values({ name, role, kind: 'person', api_key_hash: unusableKeyHash(), created_at: now, updated_at: now })
        .returning(columns)
        .executeTakeFirstOrThrow();
      await trx.insertInto('memberships').values({ workspace_id: row.id, user_id: row.id, role: 'owner', created_at: now }).execute();
      await this.keys.addSignInKey(trx, row.id, apiKey, now);
      return row;
    });
    return { user, apiKey };
  }

  async update(id: number, patch: { name?: string; role?: UserRole }): Promise<User | undefined> {
    if (patch.name === undefined && patch.role === undefined) return this.find(id);
    return this.db
      .updateTable('users')
      .set({ ...patch, updated_at: nowIso() })
      .where('id', '=', id)
      .where('kind', '=', 'person')
      .returning(columns)
      .executeTakeFirst();
  }

  /** A new sign-in key for the person; the old one stops working at once. */
  async rotateKey(id: number): Promise<string> {
    return this.keys.rotateSignInKey(id);
  }

  /** Deletes the person with its personal workspace (everything it owns), its memberships and its keys. */
  async delete(id: number): Promise<boolean> {
    const r = await this.db.deleteFrom('users').where('id', '=', id).where('kind', '=', 'person').executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async list(q: UserListQuery): Promise<{ rows: User[]; total: number }> {
    let base = this.persons();
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
