// Workspaces: a workspace is a row of `users` (a person's own row is its personal workspace; a team
// workspace is a row of kind 'workspace'), and `memberships` gives each person's role in it.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { WorkspaceRole } from '../../shared/workspace-roles';
import { unusableKeyHash } from '../auth/secrets';
import { nowIso } from '../db/sql-values';

/** A workspace as one of its members sees it. */
export interface WorkspaceRow {
  id: number;
  name: string;
  kind: 'personal' | 'team';
  role: WorkspaceRole;
  created_at: string;
  updated_at: string;
}

export class WorkspacesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  private mine(personId: number) {
    return this.db
      .selectFrom('memberships as m')
      .innerJoin('users as w', 'w.id', 'm.workspace_id')
      .where('m.user_id', '=', personId);
  }

  private readonly columns = ['w.id', 'w.name', 'w.kind', 'm.role', 'w.created_at', 'w.updated_at'] as const;

  /** The workspace `id` as the person sees it, or undefined when the person is no member there. */
  async find(personId: number, id: number): Promise<WorkspaceRow | undefined> {
    const row = await this.mine(personId).select(this.columns).where('m.workspace_id', '=', id).executeTakeFirst();
    return row && present(row);
  }

  /** The person's workspaces, personal first, then by id; `only`: just that one (a workspace key's). */
  async list(personId: number, page: number, perPage: number, only?: number): Promise<{ rows: WorkspaceRow[]; total: number }> {
    let base = this.mine(personId);
    if (only !== undefined) base = base.where('m.workspace_id', '=', only);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .select(this.columns)
      // The personal workspace (the person's own row) first.
      .orderBy((eb) => eb.case().when('w.id', '=', personId).then(0).else(1).end())
      .orderBy('w.id')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute();
    return { rows: rows.map(present), total: Number(total.n) };
  }

  /** A team workspace, owned by the person who creates it; its id. */
  async create(personId: number, name: string): Promise<number> {
    const now = nowIso();
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('users')
        .values({ name, role: 'user', kind: 'workspace', api_key_hash: unusableKeyHash(), created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('memberships').values({ workspace_id: id, user_id: personId, role: 'owner', created_at: now }).execute();
      return id;
    });
  }

  /** Renames a team workspace (a personal one has its person's name). */
  async rename(id: number, name: string): Promise<void> {
    await this.db.updateTable('users').set({ name, updated_at: nowIso() }).where('id', '=', id).where('kind', '=', 'workspace').execute();
  }

  /** Deletes a team workspace and everything it owns (the foreign keys cascade, as for a person). */
  async delete(id: number): Promise<boolean> {
    const r = await this.db.deleteFrom('users').where('id', '=', id).where('kind', '=', 'workspace').executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** The team workspaces whose only owner the person is: deleting the person would leave them ownerless. */
  async ownedOnlyBy(personId: number): Promise<{ id: number; name: string }[]> {
    return this.mine(personId)
      .select(['w.id', 'w.name'])
      .where('w.kind', '=', 'workspace')
      .where('m.role', '=', 'owner')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('memberships as o')
              .select('o.user_id')
              .whereRef('o.workspace_id', '=', 'm.workspace_id')
              .where('o.role', '=', 'owner')
              .where('o.user_id', '<>', personId),
          ),
        ),
      )
      .orderBy('w.id')
      .execute();
  }
}

function present(row: { id: number; name: string; kind: string; role: WorkspaceRole; created_at: string; updated_at: string }): WorkspaceRow {
  return { ...row, kind: row.kind === 'workspace' ? 'team' : 'personal' };
}
