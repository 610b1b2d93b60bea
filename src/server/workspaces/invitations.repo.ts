// Invitations to a workspace (migration 028): made with a role and an expiry, stored with the token's
// SHA-256 only, listed with their state, revoked while pending, and accepted once: the acceptance and the new
// membership are one transaction, and only a pending invitation is taken (two people at once: one gets it).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { WorkspaceRole } from '../../shared/workspace-roles';
import type { InvitationStatus } from '../../shared/invitation.schema';
import { hashApiKey, newInvitationToken } from '../auth/secrets';
import { isUniqueViolation } from '../db/errors';
import { nowIso } from '../db/sql-values';

export interface InvitationRow {
  id: number;
  workspace_id: number;
  workspace_name: string;
  role: WorkspaceRole;
  expires_at: string;
  created_at: string;
  created_by: { id: number | null; name: string };
  accepted_by: { id: number | null; name: string } | null;
  status: InvitationStatus;
}

/** Why accepting failed: the invitation is no longer pending, or the person is a member already. */
export type AcceptRefusal = 'not-pending' | 'member';

export class InvitationsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  private base() {
    return this.db
      .selectFrom('invitations as i')
      .innerJoin('users as w', 'w.id', 'i.workspace_id')
      .leftJoin('users as c', 'c.id', 'i.created_by_user_id')
      .leftJoin('users as a', 'a.id', 'i.accepted_by_user_id')
      .select([
        'i.id',
        'i.workspace_id',
        'w.name as workspace_name',
        'i.role',
        'i.expires_at',
        'i.created_at',
        'i.created_by_user_id',
        'i.accepted_by_user_id',
        'i.accepted_at',
        'i.revoked_at',
        (eb) => eb.fn.coalesce('c.name', 'i.created_by_name').as('created_by_name'),
        (eb) => eb.fn.coalesce('a.name', 'i.accepted_by_name').as('accepted_by_name'),
      ]);
  }

  /** A new pending invitation; its id and token (shown once). */
  async create(workspaceId: number, by: { id: number; name: string }, role: WorkspaceRole, days: number): Promise<{ id: number; token: string }> {
    const token = newInvitationToken();
    const now = new Date();
    const { id } = await this.db
      .insertInto('invitations')
      .values({
        workspace_id: workspaceId,
        role,
        token_hash: hashApiKey(token),
        created_by_user_id: by.id,
        created_by_name: by.name,
        expires_at: new Date(now.getTime() + days * 86_400_000).toISOString(),
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, token };
  }

  /** One page of the workspace's invitations, newest first. */
  async list(workspaceId: number, page: number, perPage: number): Promise<{ rows: InvitationRow[]; total: number }> {
    const total = await this.db
      .selectFrom('invitations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirstOrThrow();
    const rows = await this.base()
      .where('i.workspace_id', '=', workspaceId)
      .orderBy('i.id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute();
    const now = nowIso();
    return { rows: rows.map((row) => present(row, now)), total: Number(total.n) };
  }

  async find(workspaceId: number, id: number): Promise<InvitationRow | undefined> {
    const row = await this.base().where('i.workspace_id', '=', workspaceId).where('i.id', '=', id).executeTakeFirst();
    return row && present(row, nowIso());
  }

  async byToken(token: string): Promise<InvitationRow | undefined> {
    const row = await this.base().where('i.token_hash', '=', hashApiKey(token)).executeTakeFirst();
    return row && present(row, nowIso());
  }

  /** Revokes a pending invitation; false when it is not pending (any more). */
  async revoke(workspaceId: number, id: number): Promise<boolean> {
    const now = nowIso();
    const r = await this.db
      .updateTable('invitations')
      .set({ revoked_at: now })
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Makes `person` a member with the invitation's role, if it is still pending and they are no member yet. */
  async accept(invitation: InvitationRow, person: { id: number; name: string }): Promise<AcceptRefusal | null> {
    const now = nowIso();
    try {
      return await this.db.transaction().execute(async (trx) => {
        const taken = await trx
          .updateTable('invitations')
          .set({ accepted_by_user_id: person.id, accepted_by_name: person.name, accepted_at: now })
          .where('id', '=', invitation.id)
          .where('accepted_at', 'is', null)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', now)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) === 0) return 'not-pending';
        await trx.insertInto('memberships').values({ workspace_id: invitation.workspace_id, user_id: person.id, role: invitation.role, created_at: now }).execute();
        return null;
      });
    } catch (err) {
      // Joined meanwhile (the membership's primary key): the invitation stays pending, for someone else.
      if (isUniqueViolation(err)) return 'member';
      throw err;
    }
  }
}

interface Raw {
  id: number;
  workspace_id: number;
  workspace_name: string;
  role: WorkspaceRole;
  expires_at: string;
  created_at: string;
  created_by_user_id: number | null;
  created_by_name: string;
  accepted_by_user_id: number | null;
  accepted_by_name: string | null;
  accepted_at: string | null;
  revoked_at: string | null;
}

/** Its state at `now`: used or revoked first, then expired. */
function present(row: Raw, now: string): InvitationRow {
  const status: InvitationStatus = row.accepted_at ? 'accepted' : row.revoked_at ? 'revoked' : row.expires_at <= now ? 'expired' : 'pending';
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    workspace_name: row.workspace_name,
    role: row.role,
    expires_at: row.expires_at,
    created_at: row.created_at,
    created_by: { id: row.created_by_user_id, name: row.created_by_name },
    accepted_by: row.accepted_at ? { id: row.accepted_by_user_id, name: row.accepted_by_name ?? '' } : null,
    status,
  };
}
