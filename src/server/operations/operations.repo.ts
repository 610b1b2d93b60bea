// Recorded operations (migrations 006, 022): the account's history, and the undo of links' changes and deletes
// (operation-undo.ts plans every kind; resource-image.ts and import-operation.ts do the others). An undo reverts
// in one transaction; it refuses (409 with the conflicting link ids) when it would overwrite a later change: for a
// PATCH a link whose updated_at moved on since (or that is gone), for a DELETE a link whose alias another
// link took meanwhile (or whose domain is gone). With force, a PATCH's undo overwrites those later changes
// (links that are gone stay gone) and a DELETE's undo brings back every link it can and skips the others.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../db/schema';
import { newestPage } from '../db/newest-page';
import type { OperationsTable } from '../db/schema-operations';
import { isPostgres } from '../db/dialect';
import { dropCreatedUnusedTags } from '../tags/tags.repo';
import { inIds, parts } from '../links/core/link-sql';
import { copyBackDeletedLinks } from '../links/core/link-store';
import { domainRefusals, domainUnusable, type DomainRefusal } from './domain-refusal';

export type OperationRow = Selectable<OperationsTable>;
type Trx = Kysely<Database>;

/** Conflicting ids listed in an answer at most (the count says how many there are). */
const CONFLICTS_SHOWN = 1000;

export interface UndoResult {
  /** Links reverted. */
  restored: number;
  /** Links left as they are (force with conflicts). */
  skipped: number[];
  /** Ids of the links reverted, for the caches (capped by the caller). */
  ids: number[];
}

/** Why a deleted link cannot come back: its alias was taken (or it is back), or its domain's refusal. */
export type DeleteConflictReason = 'taken' | DomainRefusal;

export interface DeleteConflicts {
  ids: number[];
  /** How many links for each reason. */
  reasons: Record<DeleteConflictReason, number>;
}

export class OperationsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The ids of the links an operation changed or deleted. */
  async linkIds(trx: Trx, operationId: number): Promise<number[]> {
    const rows = await trx.selectFrom('operation_links').select('link_id').where('operation_id', '=', operationId).execute();
    return rows.map((r) => r.link_id);
  }

  async list(userId: number, page: number, perPage: number): Promise<{ rows: OperationRow[]; total: number }> {
    return newestPage(this.db, 'operations', userId, page, perPage);
  }


  find(userId: number, id: number, db: Trx = this.db): Promise<OperationRow | undefined> {
    return db.selectFrom('operations').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  }

  transaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** One undo at a time per operation: PostgreSQL locks its row for `trx`; SQLite has one writer already. */
  async lockForUndo(trx: Trx, id: number): Promise<void> {
    if (isPostgres(trx)) await trx.selectFrom('operations').select('id').where('id', '=', id).forUpdate().execute();
  }

  /** Links of a PATCH that changed since (updated_at moved on) or are gone. */
  async updateConflicts(trx: Trx, op: OperationRow, range?: { from: number; to: number }): Promise<{ ids: number[]; gone: number[] }> {
    let q = trx.selectFrom('operation_links as ol');
    if (range) q = q.where('ol.link_id', '>=', range.from).where('ol.link_id', '<=', range.to);
    const rows = await q
      .leftJoin('links as l', 'l.id', 'ol.link_id')
      .select(['ol.link_id', 'l.id as current'])
      .where('ol.operation_id', '=', op.id)
      .where((eb) => eb.or([eb('l.id', 'is', null), eb('l.updated_at', '!=', op.created_at)]))
      .orderBy('ol.link_id')
      .execute();
    return { ids: rows.map((r) => r.link_id), gone: rows.filter((r) => r.current === null).map((r) => r.link_id) };
  }

  /**
   * Links of a DELETE that cannot come back, with why: their alias is taken on their domain (or the link is back
   * already), or their domain is no longer one the workspace may use (domain-refusal.ts: deleted, or unshared).
   */
  async deleteConflicts(trx: Trx, op: OperationRow, range?: { from: number; to: number }): Promise<DeleteConflicts> {
    const key = isPostgres(trx) ? 'coalesce' : 'ifnull';
    const within = range ? sql`AND d.id >= ${range.from} AND d.id <= ${range.to}` : sql``;
    const rows = await sql<{ id: number; domain_id: number | null; taken: number }>`SELECT d.id, d.domain_id,
        CASE WHEN EXISTS (SELECT 1 FROM links l WHERE ${sql.raw(key)}(l.domain_id, 0) = ${sql.raw(key)}(d.domain_id, 0) AND l.alias = d.alias)
          OR EXISTS (SELECT 1 FROM links l WHERE l.id = d.id) THEN 1 ELSE 0 END AS taken
      FROM operation_deleted_links d WHERE d.operation_id = ${op.id} ${within} AND (
        EXISTS (SELECT 1 FROM links l WHERE ${sql.raw(key)}(l.domain_id, 0) = ${sql.raw(key)}(d.domain_id, 0) AND l.alias = d.alias)
        OR EXISTS (SELECT 1 FROM links l WHERE l.id = d.id)
        OR ${domainUnusable(op.user_id, 'd')}
      ) ORDER BY d.id`.execute(trx);
    const refused = await domainRefusals(trx, op.user_id, rows.rows.filter((r) => Number(r.taken) !== 1 && r.domain_id !== null).map((r) => Number(r.domain_id)));
    const reasons: Record<DeleteConflictReason, number> = { taken: 0, deleted: 0, unshared: 0 };
    for (const r of rows.rows) {
      const reason: DeleteConflictReason = Number(r.taken) === 1 ? 'taken' : (refused.get(Number(r.domain_id)) ?? 'deleted');
      reasons[reason] += 1;
    }
    return { ids: rows.rows.map((r) => Number(r.id)), reasons };
  }

  /** Puts back the old values (and pixels) of a PATCH on the links that exist, except `skip`. */
  async undoUpdate(trx: Trx, op: OperationRow, skip: number[]): Promise<UndoResult> {
    const changes = JSON.parse(op.changes) as Record<string, unknown>;
    const skipped = new Set(skip);
    const keep = (ids: number[]) => ids.filter((id) => !skipped.has(id));
    const targets = keep(
      (await trx.selectFrom('operation_links as ol').innerJoin('links as l', 'l.id', 'ol.link_id').select('ol.link_id').where('ol.operation_id', '=', op.id).execute()).map((r) => r.link_id),
    );
    if (!targets.length) return { restored: 0, skipped: skip, ids: [] };
    if (skip.length) await trx.deleteFrom('operation_links').where('operation_id', '=', op.id).where(inIds(trx, 'link_id', skip)).execute();
    const cols = ['space_id', 'disabled', 'active_period_end_at', 'clicks_limit', 'expiration_url'].filter((c) => changes[c] !== undefined);
    // A space deleted since cannot come back: the link stays without one (as deleting the space left it).
    const value = (c: string) =>
      c === 'space_id' ? `CASE WHEN EXISTS (SELECT 1 FROM spaces s WHERE s.id = ol.space_id) THEN ol.space_id END` : `ol.${c}`;
    const assignments = [...cols.map((c) => `${c} = ${value(c)}`), 'updated_at = ol.updated_at'].join(', ');
    for (const part of parts(trx, targets)) {
      await sql`UPDATE links SET ${sql.raw(assignments)} FROM operation_links ol
        WHERE ol.operation_id = ${op.id} AND ol.link_id = links.id AND ${inIds(trx, 'ol.link_id', part)}`.execute(trx);
    }
    if (changes.pixel_ids !== undefined) {
      await trx.deleteFrom('link_pixels').where(sql<boolean>`link_id IN (SELECT link_id FROM operation_links WHERE operation_id = ${op.id})`).execute();
      await sql`INSERT INTO link_pixels (link_id, pixel_id) SELECT olp.link_id, olp.pixel_id FROM operation_link_pixels olp
        JOIN operation_links ol ON ol.operation_id = olp.operation_id AND ol.link_id = olp.link_id
        JOIN links l ON l.id = olp.link_id JOIN pixels p ON p.id = olp.pixel_id
        WHERE olp.operation_id = ${op.id}`.execute(trx);
    }
    if (changes.add_tags !== undefined || changes.remove_tags !== undefined) {
      await trx.deleteFrom('link_tags').where(sql<boolean>`link_id IN (SELECT link_id FROM operation_links WHERE operation_id = ${op.id})`).execute();
      await sql`INSERT INTO link_tags (link_id, tag_id) SELECT olt.link_id, olt.tag_id FROM operation_link_tags olt
        JOIN operation_links ol ON ol.operation_id = olt.operation_id AND ol.link_id = olt.link_id
        JOIN links l ON l.id = olt.link_id JOIN tags t ON t.id = olt.tag_id
        WHERE olt.operation_id = ${op.id}`.execute(trx);
      // Tags the operation created (and nothing uses now) go too: after the undo the account is as it was.
      if (Array.isArray(changes.add_tags)) await dropCreatedUnusedTags(trx, op.user_id, changes.add_tags as string[], op.created_at);
    }
    return { restored: targets.length, skipped: skip, ids: targets };
  }

  /** Brings back the links of a DELETE (same ids), except `skip`, with their pixels and statistics. */
  async undoDelete(trx: Trx, op: OperationRow, skip: number[]): Promise<UndoResult> {
    if (skip.length) {
      await trx.deleteFrom('operation_deleted_links').where('operation_id', '=', op.id).where(inIds(trx, 'id', skip)).execute();
    }
    const ids = await copyBackDeletedLinks(trx, op.id);
    // The ids were handed out before (by the identity on PostgreSQL, AUTOINCREMENT on SQLite): new links never reuse them.
    return { restored: ids.length, skipped: skip, ids };
  }

  async markUndone(trx: Trx, id: number, now: string): Promise<void> {
    await trx.updateTable('operations').set({ undone_at: now }).where('id', '=', id).execute();
  }
}

export { CONFLICTS_SHOWN };
