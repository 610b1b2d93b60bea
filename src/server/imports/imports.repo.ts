// The imports table (migration 007) and the reads and writes an import job makes on links.
import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database, LinksTable } from '../db/schema';
import { newestPage } from '../db/newest-page';
import type { ImportsTable } from '../db/schema-features';
import { isPostgres } from '../db/dialect';
import { insertTags } from '../links/links.bulk-create';
import type { ImportFailure, ImportJob, ImportSource, ImportStatus, OnConflict } from '../../shared/import.schema';

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

export interface NewLink {
  line: number;
  values: Insertable<LinksTable>;
  pixelIds: number[];
  tags: string[];
}

export class ImportsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async create(values: Insertable<ImportsTable>): Promise<ImportRow> {
    return this.db.insertInto('imports').values(values).returningAll().executeTakeFirstOrThrow();
  }

  async find(userId: number, id: number): Promise<ImportRow | undefined> {
    return this.db.selectFrom('imports').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  }

  async list(userId: number, page: number, perPage: number): Promise<{ rows: ImportRow[]; total: number }> {
    return newestPage(this.db, 'imports', userId, page, perPage);
  }


  async update(id: number, values: Updateable<ImportsTable>): Promise<void> {
    await this.db.updateTable('imports').set(values).where('id', '=', id).execute();
  }

  /** Jobs left unfinished by a process that stopped (on PostgreSQL: untouched for `staleMs`, another instance may run them). */
  async failAbandoned(staleBefore: string, now: string): Promise<void> {
    await this.db
      .updateTable('imports')
      .set({ status: 'failed', error: 'The server stopped before this import finished; nothing more was written. Send the file again.', finished_at: now, updated_at: now })
      .where('status', 'in', ['queued', 'validating', 'importing'])
      .where('updated_at', '<', staleBefore)
      .execute();
  }

  async namesToIds(table: 'domains' | 'spaces', userId: number): Promise<Map<string, number>> {
    const rows = await this.db.selectFrom(table).select(['id', 'name']).where('user_id', '=', userId).execute();
    return new Map(rows.map((r) => [r.name, r.id]));
  }

  async pixelIds(userId: number): Promise<Set<number>> {
    const rows = await this.db.selectFrom('pixels').select('id').where('user_id', '=', userId).execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Which of `aliases` are taken on domain `domainId` (null: the default domain). */
  async takenAliases(domainId: number | null, aliases: string[]): Promise<Set<string>> {
    if (!aliases.length) return new Set();
    const domain = isPostgres(this.db) ? sql<number>`coalesce(domain_id, 0)` : sql<number>`ifnull(domain_id, 0)`;
    const rows = await this.db.selectFrom('links').select('alias').where(domain, '=', domainId ?? 0).where('alias', 'in', aliases).execute();
    return new Set(rows.map((r) => r.alias));
  }

  /**
   * Inserts a batch in one transaction. A row whose alias was taken meanwhile (by a request racing the
   * import) is not written: ON CONFLICT DO NOTHING, and it is missing from the answer.
   */
  async insertBatch(links: NewLink[]): Promise<Map<number, number>> {
    return this.db.transaction().execute(async (trx) => {
      /** The new link's id by the file line it came from. */
      const written = new Map<number, number>();
      const pixels: { link_id: number; pixel_id: number }[] = [];
      const tagged: { id: number; tags: string[] }[] = [];
      // 500 rows of 20 columns stay under both databases' limits on bound parameters.
      for (let i = 0; i < links.length; i += 500) {
        const part = links.slice(i, i + 500);
        const rows = await trx
          .insertInto('links')
          .values(part.map((l) => l.values))
          .onConflict((oc) => oc.doNothing())
          .returning(['id', 'alias', 'domain_id'])
          .execute();
        const byKey = new Map(part.map((l) => [`${l.values.domain_id ?? 0}/${l.values.alias}`, l]));
        for (const r of rows) {
          const link = byKey.get(`${r.domain_id ?? 0}/${r.alias}`);
          if (!link) continue;
          written.set(link.line, r.id);
          for (const p of link.pixelIds) pixels.push({ link_id: r.id, pixel_id: p });
          if (link.tags.length) tagged.push({ id: r.id, tags: link.tags });
        }
      }
      for (let i = 0; i < pixels.length; i += 1000) await trx.insertInto('link_pixels').values(pixels.slice(i, i + 1000)).execute();
      const first = links[0];
      if (first) await insertTags(trx, [first.values], tagged.map((t) => t.id), tagged.map((t) => t.tags));
      return written;
    });
  }
}
