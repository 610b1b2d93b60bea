// The audit log's rows (migration 027): written one per write by audit.plugin.ts, listed by GET /audit-log with its
// filters, and pruned past AUDIT_RETENTION_DAYS in batches of the oldest ids (as the click retention does: no
// index on `at` alone, and each statement reads a bounded number of rows).
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AuditLogTable } from '../db/schema-features';
import type { AuditEntry, AuditLogQuery } from '../../shared/audit.schema';
import { neutraliseShownText } from '../../shared/bidi';

export type AuditInsert = Omit<Insertable<AuditLogTable>, 'id'>;

/** Rows one prune statement deletes at most: short statements, other writes go in between. */
export const PRUNE_BATCH = 5000;

const COLUMNS = ['id', 'actor_user_id', 'actor_name', 'via', 'key_id', 'key_name', 'action', 'object', 'object_id', 'summary', 'at'] as const;

export class AuditRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(entry: AuditInsert): Promise<void> {
    await this.db.insertInto('audit_log').values(entry).execute();
  }

  /**
   * One page of a workspace's entries (newest first unless `sort=asc`), with the total of the filtered list;
   * `workspaceId` null: the instance log's (instance_audit_log has the same columns, and `workspace_id` too).
   */
  async list(workspaceId: number | null, q: AuditLogQuery): Promise<{ rows: (AuditEntry & { workspace_id: number | null })[]; total: number }> {
    let base = workspaceId === null ? this.db.selectFrom('instance_audit_log as audit_log') : this.db.selectFrom('audit_log').where('workspace_id', '=', workspaceId);
    if (q.actor_user_id !== undefined) base = base.where('actor_user_id', '=', q.actor_user_id);
    if (q.via !== undefined) base = base.where('via', '=', q.via);
    if (q.key_id !== undefined) base = base.where('key_id', '=', q.key_id);
    if (q.action !== undefined) base = base.where('action', '=', q.action);
    if (q.object !== undefined) base = base.where('object', '=', q.object);
    if (q.object_id !== undefined) base = base.where('object_id', '=', q.object_id);
    if (q.from !== undefined) base = base.where('at', '>=', q.from);
    if (q.to !== undefined) base = base.where('at', '<=', q.to);
    const rows = await base
      .select(workspaceId === null ? [...COLUMNS, 'workspace_id'] : COLUMNS)
      .orderBy('id', q.sort)
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page)
      .execute();
    const { n } = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    // Only objects the API names are ever written (audit-route.ts), so the column's text is one of them. Entries
    // written before summaries were neutralised are neutralised as they are read (shared/bidi.ts).
    return { rows: rows.map((r) => ({ ...r, summary: neutraliseShownText(r.summary) })) as (AuditEntry & { workspace_id: number | null })[], total: Number(n) };
  }

  /** Deletes the entries written before `cutoff` (ISO), PRUNE_BATCH at a time; how many went. */
  async prune(cutoff: string, table: 'audit_log' | 'instance_audit_log' = 'audit_log'): Promise<number> {
    let total = 0;
    for (;;) {
      const r = await this.db
        .deleteFrom(table as 'audit_log')
        .where('id', 'in', (eb) => eb.selectFrom(table as 'audit_log').select('id').orderBy('id').limit(PRUNE_BATCH))
        .where('at', '<', cutoff)
        .executeTakeFirst();
      const n = Number(r.numDeletedRows);
      total += n;
      // Until a batch of the oldest ids holds no old entry (one stamped late, the clock set back, does not stop it).
      if (n === 0) return total;
    }
  }
}
