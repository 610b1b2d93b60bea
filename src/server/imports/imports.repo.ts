// The imports table (migration 007) and the reads and writes an import job makes on links. A job is held by
// one instance under a lease (migration 017, import-job.ts): the holder's writes to the job, and its batches
// of links, go through only while the lease is still its own; each batch saves the job's counts in the
// transaction that writes its links, so that the counts are what was committed, even after a crash.
import { sql, type Insertable, type Kysely, type Selectable, type Updateable, type UpdateObject } from 'kysely';
import type { Database } from '../db/schema';
import { newestPage } from '../db/newest-page';
import type { ImportsTable } from '../db/schema-features';
import { storeNewLinks } from '../links/core/link-writer';
import { domainKey, takenAliases, type NewLinkRow } from '../links/core/link-store';
import { isPostgres } from '../db/dialect';
import { nowIso } from '../db/sql-values';
import { recordImportBatch } from '../operations/import-operation';
import type { ImportFailure, ImportJob, ImportSource, ImportStatus, OnConflict } from '../../shared/import.schema';
import { usableBy } from '../domains/domain-access';

export type ImportRow = Selectable<ImportsTable>;

export function presentImport(r: ImportRow): ImportJob {
  return {
    id: r.id,
    status: r.status as ImportStatus,
    source: r.source as ImportSource,
    on_conflict: r.on_conflict as OnConflict,
    partial: r.partial ? 1 : 0,
    domain_id: r.domain_id,
    file_name: r.file_name,
    rows_total: r.rows_total,
    rows_read: r.rows_read,
    created: r.created,
    skipped: r.skipped,
    failed: r.failed,
    failures: JSON.parse(r.failures) as ImportFailure[],
    error: r.error,
    created_at: r.created_at,
    updated_at: r.updated_at,
    finished_at: r.finished_at,
  };
}

/** The statuses of a job that has not finished. */
const UNFINISHED = ['queued', 'validating', 'importing'];

/** A job as its holder writes it: `until` gives the lease's new end at each write. */
export interface HeldJob {
  id: number;
  owner: string;
  until: () => string;
}

/** The counts of a pass so far (import-pass.ts's Tally), before the batch being written. */
export interface BatchCounts {
  read: number;
  skipped: number;
  failed: number;
  created: number;
}

/** The job's lease was lost (another instance marked it failed): its holder stops writing. */
export class LeaseLost extends Error {
  constructor(id: number) {
    super(`import ${id}: the lease was lost`);
  }
}

export interface StaleJob {
  id: number;
  created: number;
  lease_until: string | null;
}

/** A row of the file ready to insert (the pipeline's NewLinkRow), with its line. */
export interface NewLink extends NewLinkRow {
  line: number;
}

export class ImportsRepo {
  constructor(
    private readonly db: Kysely<Database>,
    /** Set on the repo a job's passes write through (forJob). */
    private readonly job?: HeldJob,
    /** The person who ran the import: the revisions' actor (else the workspace). */
    private readonly actorId?: number,
  ) {}

  /**
   * The same repo, whose insertBatch saves `job`'s counts and checks its lease in the batch's transaction, and
   * records `actorId` (the person who ran the import) as the actor of the links' revisions.
   */
  forJob(job: HeldJob, actorId?: number): ImportsRepo {
    return new ImportsRepo(this.db, job, actorId);
  }

  async create(values: Insertable<ImportsTable>): Promise<ImportRow> {
    return this.db.insertInto('imports').values(values).returningAll().executeTakeFirstOrThrow();
  }

  async find(userId: number, id: number): Promise<ImportRow | undefined> {
    return this.db.selectFrom('imports').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  }

  /** The links a job's committed batches wrote. */
  async createdOf(id: number): Promise<number> {
    const row = await this.db.selectFrom('imports').select('created').where('id', '=', id).executeTakeFirst();
    return row?.created ?? 0;
  }

  async list(userId: number, page: number, perPage: number): Promise<{ rows: ImportRow[]; total: number }> {
    return newestPage(this.db, 'imports', userId, page, perPage);
  }

  async update(id: number, values: Updateable<ImportsTable>): Promise<void> {
    await this.db.updateTable('imports').set(values).where('id', '=', id).execute();
  }

  /** Writes an unfinished job that `owner` holds, and renews the lease; false when it no longer holds it. */
  async updateHeld(job: HeldJob, values: UpdateObject<Database, 'imports'>, db: Kysely<Database> = this.db): Promise<boolean> {
    const r = await db
      .updateTable('imports')
      .set({ ...values, lease_until: job.until() })
      .where('id', '=', job.id)
      .where('lease_owner', '=', job.owner)
      .where('status', 'in', UNFINISHED)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Takes (when free) or keeps the leases of `ids` for `owner` until `until`; the ids it holds. */
  async renew(owner: string, ids: number[], until: string): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await this.db
      .updateTable('imports')
      .set({ lease_owner: owner, lease_until: until })
      .where('id', 'in', ids)
      .where('status', 'in', UNFINISHED)
      .where((eb) => eb.or([eb('lease_owner', 'is', null), eb('lease_owner', '=', owner)]))
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * Unfinished jobs whose lease ran out before `now` (a job never taken: created more than `leaseMs` ago);
   * with `all`, every unfinished job (SQLite at start: no other process runs jobs).
   */
  async staleJobs(now: number, leaseMs: number, all = false): Promise<StaleJob[]> {
    let q = this.db.selectFrom('imports').select(['id', 'created', 'lease_until']).where('status', 'in', UNFINISHED);
    if (!all) {
      const at = new Date(now).toISOString();
      const untakenBefore = new Date(now - leaseMs).toISOString();
      q = q.where((eb) => eb.or([eb('lease_until', '<', at), eb.and([eb('lease_until', 'is', null), eb('updated_at', '<', untakenBefore)])]));
    }
    return q.orderBy('id').execute();
  }

  /** Marks a stale job failed, unless its lease moved meanwhile (its holder is alive after all). */
  async failStale(job: StaleJob, error: string, now: string): Promise<boolean> {
    const r = await this.db
      .updateTable('imports')
      .set({ status: 'failed', error, finished_at: now, updated_at: now })
      .where('id', '=', job.id)
      .where('status', 'in', UNFINISHED)
      .where('lease_until', job.lease_until === null ? 'is' : '=', job.lease_until)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async namesToIds(table: 'domains' | 'spaces', userId: number): Promise<Map<string, number>> {
    // Domains: the workspace's own and those the instance shares (domain-access.ts).
    const rows = table === 'domains'
      ? await this.db.selectFrom('domains').select(['id', 'name']).where(usableBy(userId)).execute()
      : await this.db.selectFrom('spaces').select(['id', 'name']).where('user_id', '=', userId).execute();
    return new Map(rows.map((r) => [r.name, r.id]));
  }

  /** The account's pixels by name, ids in order (a name may be shared). */
  async pixelsByName(userId: number): Promise<Map<string, number[]>> {
    const rows = await this.db.selectFrom('pixels').select(['id', 'name']).where('user_id', '=', userId).orderBy('id').execute();
    const out = new Map<string, number[]>();
    for (const r of rows) out.set(r.name, [...(out.get(r.name) ?? []), r.id]);
    return out;
  }

  /** Which of `aliases` are taken on domain `domainId` (null: the default domain): the links store's check. */
  takenAliases(domainId: number | null, aliases: string[]): Promise<Set<string>> {
    return takenAliases(this.db, domainId, aliases);
  }

  /**
   * The aliases of a domain (0: the default) that start with `prefix` (an import's renames: links/alias.ts).
   * SQLite: a range of the unique index's binary order; PostgreSQL: LIKE, whose prefix the trigram index serves
   * (the index's collation may not sort `base-` names together).
   */
  async aliasesStartingWith(domain: number, prefix: string): Promise<Set<string>> {
    let q = this.db.selectFrom('links').select('alias').where(domainKey(this.db), '=', domain);
    if (isPostgres(this.db)) q = q.where('alias', 'like', `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    else q = q.where('alias', '>=', prefix).where('alias', '<', `${prefix.slice(0, -1)}${String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1)}`);
    const rows = await q.execute();
    return new Set(rows.map((r) => r.alias).filter((a) => a.startsWith(prefix)));
  }

  /**
   * Inserts a batch in one transaction. A row whose alias was taken meanwhile (by a request racing the
   * import) is not written: ON CONFLICT DO NOTHING, and it is missing from the answer.
   */
  async insertBatch(links: NewLink[], before?: BatchCounts): Promise<Map<number, number>> {
    return this.db.transaction().execute(async (trx) => {
      const userId = links[0]?.values.user_id ?? null;
      // The write pipeline's store step: the one INSERT of links, and a revision per new link.
      const ids = await storeNewLinks(trx, links, { actorId: this.actorId ?? userId, source: 'import', at: nowIso() }, { skipTaken: true });
      /** The new link's id by the file line it came from. */
      const written = new Map<number, number>();
      ids.forEach((id, i) => {
        const line = links[i]?.line;
        if (id !== null && line !== undefined) written.set(line, id);
      });
      if (this.job) {
        await this.saveBatch(trx, this.job, written.size, links.length - written.size, before);
        // The job as an operation: the links it created, which its undo deletes.
        if (userId !== null) await recordImportBatch(trx, this.job.id, userId, [...written.values()]);
      }
      return written;
    });
  }

  /** The job's counts with this batch written (rows whose alias was taken meanwhile failed), or LeaseLost. */
  private async saveBatch(trx: Kysely<Database>, job: HeldJob, created: number, lost: number, before?: BatchCounts): Promise<void> {
    const counts = before
      ? { rows_read: before.read, skipped: before.skipped, failed: before.failed + lost, created: before.created + created }
      : { created: sql<number>`created + ${created}` };
    if (!(await this.updateHeld(job, { ...counts, updated_at: nowIso() }, trx))) throw new LeaseLost(job.id);
  }
}
