// The audit rows of one request (audit.plugin.ts): written on its first commit, inside that transaction, then
// given their final words before the answer leaves (or written then, for a write that used no transaction), or
// taken back when the write failed after all.
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AuditInsert } from './audit.repo';
import type { InstanceAuditInsert } from './audit-entry';
import { isForeignKeyViolation } from '../db/errors';

export interface ScopeState {
  /** Until the answer is settled: work the request started that commits later writes nothing. */
  open: boolean;
  workspaceEntryId: number | null;
  instanceEntryId: number | null;
}

type Run = (query: CompiledQuery) => Promise<{ rows: unknown[] }>;
const idOf = (r: { rows: unknown[] }) => Number((r.rows[0] as { id: number | string }).id);

export class AuditWrites {
  constructor(private readonly db: Kysely<Database>) {}

  /** On the committing transaction's connection: the entries as known before the answer. */
  async firstCommit(state: ScopeState, run: Run, entry: AuditInsert | null, instance: InstanceAuditInsert | null): Promise<void> {
    // Under a savepoint: an entry the transaction cannot take (a workspace it deleted) never fails the write; it is
    // then written as the answer is settled, as for a write without a transaction.
    await run(CompiledQuery.raw('SAVEPOINT linkdeck_audit'));
    try {
      if (entry) state.workspaceEntryId = idOf(await run(this.db.insertInto('audit_log').values(entry).returning('id').compile()));
      if (instance) state.instanceEntryId = idOf(await run(this.db.insertInto('instance_audit_log').values(instance).returning('id').compile()));
      await run(CompiledQuery.raw('RELEASE SAVEPOINT linkdeck_audit'));
    } catch {
      state.workspaceEntryId = null;
      state.instanceEntryId = null;
      await run(CompiledQuery.raw('ROLLBACK TO SAVEPOINT linkdeck_audit'));
      await run(CompiledQuery.raw('RELEASE SAVEPOINT linkdeck_audit'));
    }
  }

  /** The final words of the entries (from the answer), or the entries themselves when no transaction wrote them. */
  async settle(state: ScopeState, entry: AuditInsert | null, instance: InstanceAuditInsert | null): Promise<void> {
    const { workspaceEntryId: own, instanceEntryId: inst } = state;
    if (entry && own !== null) {
      const { workspace_id, object_id, summary } = entry;
      await this.db.updateTable('audit_log').set({ workspace_id, object_id, summary }).where('id', '=', own).execute();
    } else if (entry) await this.insertEntry(entry);
    else if (own !== null) await this.db.deleteFrom('audit_log').where('id', '=', own).execute();
    if (instance && inst !== null) {
      const { workspace_id, object_id, summary } = instance;
      await this.db.updateTable('instance_audit_log').set({ workspace_id, object_id, summary }).where('id', '=', inst).execute();
    } else if (instance) await this.db.insertInto('instance_audit_log').values(instance).execute();
    else if (inst !== null) await this.db.deleteFrom('instance_audit_log').where('id', '=', inst).execute();
  }

  /** The write failed after a commit: it leaves no entry. */
  async takeBack(state: ScopeState): Promise<void> {
    if (state.workspaceEntryId !== null) await this.db.deleteFrom('audit_log').where('id', '=', state.workspaceEntryId).execute();
    if (state.instanceEntryId !== null) await this.db.deleteFrom('instance_audit_log').where('id', '=', state.instanceEntryId).execute();
  }

  private async insertEntry(entry: AuditInsert): Promise<void> {
    try {
      await this.db.insertInto('audit_log').values(entry).execute();
    } catch (err) {
      const own = entry.actor_user_id;
      if (!isForeignKeyViolation(err) || own === null || own === undefined || own === entry.workspace_id) throw err;
      // The write took its workspace away: the entry goes to the person's own log.
      await this.db.insertInto('audit_log').values({ ...entry, workspace_id: own }).execute();
    }
  }
}
