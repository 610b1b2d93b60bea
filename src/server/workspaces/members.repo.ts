// A workspace's members: `memberships` rows with their persons. A role change or a removal re-reads the
// member, the role of whoever makes it and the number of owners in its own transaction, with the workspace's row
// locked on PostgreSQL, so two owners demoting each other at once cannot leave the workspace without one.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { WorkspaceRole } from '../../shared/workspace-roles';
import { isPostgres } from '../db/dialect';

export interface MemberRow {
  user_id: number;
  name: string;
  role: WorkspaceRole;
  joined_at: string;
}

/** What a change is checked against: the member as it is, how many owners there are, the actor's role now. Throws to refuse. */
export type MemberCheck = (member: MemberRow, owners: number, actorRole: WorkspaceRole) => void;

/** Who changes whom: the workspace, the person acting and the member they act on. */
export interface MemberChange {
  workspaceId: number;
  actorId: number;
  userId: number;
}

type Db = Kysely<Database> | Transaction<Database>;

export class MembersRepo {
  constructor(private readonly db: Kysely<Database>) {}

  private members(db: Db, workspaceId: number) {
    return db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .where('m.workspace_id', '=', workspaceId)
      .where('u.kind', '=', 'person');
  }

  private readonly columns = ['m.user_id', 'u.name', 'm.role', 'm.created_at as joined_at'] as const;

  /** One page of the members: owners first, down to viewers, then by name and id. */
  async list(workspaceId: number, page: number, perPage: number): Promise<{ rows: MemberRow[]; total: number }> {
    const base = this.members(this.db, workspaceId);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .select(this.columns)
      .orderBy((eb) => eb.case().when('m.role', '=', 'owner').then(0).when('m.role', '=', 'admin').then(1).when('m.role', '=', 'member').then(2).else(3).end())
      .orderBy('u.name')
      .orderBy('m.user_id')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute();
    return { rows, total: Number(total.n) };
  }

  async find(workspaceId: number, userId: number, db: Db = this.db): Promise<MemberRow | undefined> {
    return this.members(db, workspaceId).select(this.columns).where('m.user_id', '=', userId).executeTakeFirst();
  }

  /** Gives the member `role` unless `check` refuses; the member as it is now, or undefined when there is none. */
  async setRole(change: MemberChange, role: WorkspaceRole, check: MemberCheck): Promise<MemberRow | undefined> {
    const { workspaceId, userId } = change;
    return this.checked(change, check, async (trx, member) => {
      await trx.updateTable('memberships').set({ role }).where('workspace_id', '=', workspaceId).where('user_id', '=', userId).execute();
      return { ...member, role };
    });
  }

  /**
   * Removes the member unless `check` refuses, with their keys of the workspace (so that they do not work again if
   * the person comes back); the member as it was, or undefined when there is none.
   */
  async remove(change: MemberChange, check: MemberCheck): Promise<MemberRow | undefined> {
    const { workspaceId, userId } = change;
    return this.checked(change, check, async (trx, member) => {
      await trx.deleteFrom('memberships').where('workspace_id', '=', workspaceId).where('user_id', '=', userId).execute();
      await trx.deleteFrom('api_keys').where('workspace_id', '=', workspaceId).where('user_id', '=', userId).execute();
      return member;
    });
  }

  private async checked(
    { workspaceId, actorId, userId }: MemberChange,
    check: MemberCheck,
    apply: (trx: Transaction<Database>, member: MemberRow) => Promise<MemberRow>,
  ): Promise<MemberRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      // One change of the workspace's members at a time (SQLite writes one transaction at a time anyway).
      if (isPostgres(this.db)) await trx.selectFrom('users').select('id').where('id', '=', workspaceId).forUpdate().execute();
      const member = await this.find(workspaceId, userId, trx);
      // The actor left meanwhile: as if the member were not there (the request's workspace is no longer theirs).
      const actor = actorId === userId ? member : await this.find(workspaceId, actorId, trx);
      if (!member || !actor) return undefined;
      check(member, await this.owners(workspaceId, trx), actor.role);
      return apply(trx, member);
    });
  }

  private async owners(workspaceId: number, db: Db): Promise<number> {
    const r = await db
      .selectFrom('memberships')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspace_id', '=', workspaceId)
      .where('role', '=', 'owner')
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }
}
