// The journal of operations run as jobs (migration 030): one row per operation's job (which phase, its state, how
// far it got, what it needs to go on), and the links an apply goes through. Every chunk saves its progress in its
// own transaction, with what it wrote: after a crash the journal says exactly what is done.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { isPostgres } from '../db/dialect';
import type { OperationJob } from '../../shared/objects/operation.object';

export type JobKind = 'apply' | 'undo';
export type JobState = 'running' | 'done' | 'failed';

export interface OperationJobsTable {
  operation_id: number;
  kind: JobKind;
  state: JobState;
  ready: number;
  done: number;
  total: number;
  cursor: number;
  spec: string;
  error: string | null;
  lease_owner: string | null;
  lease_until: string | null;
  updated_at: string;
}

export interface OperationJobLinksTable {
  operation_id: number;
  link_id: number;
}

export type JobDb = Kysely<Database & { operation_jobs: OperationJobsTable; operation_job_links: OperationJobLinksTable }>;

/** The tables of migration 030, typed (they are the jobs' own: the app's schema does not list them). */
export const jobDb = (db: Kysely<Database>): JobDb => db as unknown as JobDb;

export type JobRow = OperationJobsTable;

/** What a job needs to go on after a restart (its `spec`). */
export interface JobSpec {
  /** The person acting (the revisions' actor). */
  actorId: number;
  /** An undo's force=1. */
  force?: boolean;
  /** Links an undo left out (reported as skipped). */
  skipped?: number;
}

/** A job as the API shows it (`operation.job`). */
export const presentJob = (j: JobRow | undefined): OperationJob | null =>
  j ? { kind: j.kind, state: j.state, done: Number(j.done), total: Number(j.total), error: j.error } : null;

/** Ids per INSERT of the job's link list. */
const LIST_PART = 5000;

export class OperationJobsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  private get j(): JobDb {
    return jobDb(this.db);
  }

  /** Starts a job of `kind` for operation `id` (an undo replaces the done apply's row). */
  async begin(trx: Kysely<Database>, id: number, kind: JobKind, total: number, spec: JobSpec, lease: { owner: string; until: string }, ready: boolean): Promise<void> {
    const j = jobDb(trx);
    await j.deleteFrom('operation_jobs').where('operation_id', '=', id).execute();
    await j
      .insertInto('operation_jobs')
      .values({
        operation_id: id,
        kind,
        state: 'running',
        ready: ready ? 1 : 0,
        done: 0,
        total,
        cursor: 0,
        spec: JSON.stringify(spec),
        error: null,
        lease_owner: lease.owner,
        lease_until: lease.until,
        updated_at: new Date().toISOString(),
      })
      .execute();
  }

  /** Writes part of an apply's list of links (own transaction per part: a chunk's size, not the whole list's). */
  async addLinks(trx: Kysely<Database>, id: number, ids: number[]): Promise<void> {
    for (let i = 0; i < ids.length; i += LIST_PART) {
      const part = ids.slice(i, i + LIST_PART);
      if (isPostgres(trx)) {
        await sql`INSERT INTO operation_job_links (operation_id, link_id) SELECT ${id}, x FROM unnest(${part}::int[]) AS x ON CONFLICT DO NOTHING`.execute(trx);
      } else {
        await sql`INSERT OR IGNORE INTO operation_job_links (operation_id, link_id) SELECT ${id}, value FROM json_each(${JSON.stringify(part)})`.execute(trx);
      }
    }
  }

  async markReady(trx: Kysely<Database>, id: number): Promise<void> {
    await jobDb(trx).updateTable('operation_jobs').set({ ready: 1 }).where('operation_id', '=', id).execute();
  }

  /** The next `limit` link ids of an apply after `cursor`, in id order. */
  async nextLinks(trx: Kysely<Database>, id: number, cursor: number, limit: number): Promise<number[]> {
    const rows = await jobDb(trx)
      .selectFrom('operation_job_links')
      .select('link_id')
      .where('operation_id', '=', id)
      .where('link_id', '>', cursor)
      .orderBy('link_id')
      .limit(limit)
      .execute();
    return rows.map((r) => Number(r.link_id));
  }

  /** A chunk's progress, in the chunk's transaction. */
  async advance(trx: Kysely<Database>, id: number, cursor: number, done: number): Promise<void> {
    await jobDb(trx)
      .updateTable('operation_jobs')
      .set((eb) => ({ cursor, done: eb('done', '+', done), updated_at: new Date().toISOString() }))
      .where('operation_id', '=', id)
      .execute();
  }

  async finish(trx: Kysely<Database>, id: number, state: 'done' | 'failed', error: string | null = null): Promise<void> {
    const j = jobDb(trx);
    await j.updateTable('operation_jobs').set({ state, error, lease_owner: null, lease_until: null, updated_at: new Date().toISOString() }).where('operation_id', '=', id).execute();
    await j.deleteFrom('operation_job_links').where('operation_id', '=', id).execute();
  }

  find(id: number, db: Kysely<Database> = this.db): Promise<JobRow | undefined> {
    return jobDb(db).selectFrom('operation_jobs').selectAll().where('operation_id', '=', id).executeTakeFirst();
  }

  /** The jobs of the operations `ids` (a page of GET /operations). */
  async ofOperations(ids: number[]): Promise<Map<number, JobRow>> {
    if (!ids.length) return new Map();
    const rows = await this.j.selectFrom('operation_jobs').selectAll().where('operation_id', 'in', ids).execute();
    return new Map(rows.map((r) => [Number(r.operation_id), r]));
  }

  /** Takes the running jobs whose lease ran out (every running job, at a SQLite start) for `owner`; their ids. */
  async claimOrphans(owner: string, now: string, until: string, all: boolean): Promise<number[]> {
    return this.j.transaction().execute(async (trx) => {
      let q = trx.selectFrom('operation_jobs').select('operation_id').where('state', '=', 'running');
      if (!all) q = q.where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]));
      if (isPostgres(this.db)) q = q.forUpdate().skipLocked();
      const ids = (await q.execute()).map((r) => Number(r.operation_id));
      if (ids.length) await trx.updateTable('operation_jobs').set({ lease_owner: owner, lease_until: until }).where('operation_id', 'in', ids).execute();
      return ids;
    });
  }

  /** Renews this instance's leases. */
  async heartbeat(owner: string, ids: number[], until: string): Promise<void> {
    if (!ids.length) return;
    await this.j.updateTable('operation_jobs').set({ lease_until: until }).where('lease_owner', '=', owner).where('operation_id', 'in', ids).execute();
  }
}
