// Link revisions (migration 018): written by the write pipeline's announce step for every path, read by
// GET /links/{id}/revisions and by a restore. One revision per link and change; a write that changes
// nothing of a link's state records nothing for it.
import { sql, type Kysely } from 'kysely';
import type { Insertable } from 'kysely';
import type { Database, LinkRevisionsTable } from '../../db/schema';
import type { RevisionAction, RevisionSource } from '../../../shared/objects/revision.object';
import { diffStates, STATE_FIELDS, type LinkState, type OwnedState, type StateField, type StoredChange } from './link-state';

type Db = Kysely<Database>;

/** Who wrote, through which path, and when. */
export interface WriteMeta {
  actorId: number | null;
  source: RevisionSource;
  at: string;
  /** A restore names the revision it brought back. */
  restoredFrom?: number;
}

export interface StoredRevision {
  id: number;
  link_id: number;
  owner_id: number;
  actor: { id: number; name: string } | null;
  source: RevisionSource;
  action: RevisionAction;
  changes: StoredChange[];
  restored_from: number | null;
  created_at: string;
}

/** Revisions per INSERT: 9 columns each, within both databases' limits on bound parameters. */
const CHUNK = 2000;

/** Records one revision per link whose state differs between `before` and `after`. */
export async function recordRevisions(db: Db, before: Map<number, OwnedState>, after: Map<number, OwnedState>, meta: WriteMeta, fields: readonly StateField[] = STATE_FIELDS): Promise<number> {
  const rows: Insertable<LinkRevisionsTable>[] = [];
  for (const id of new Set([...before.keys(), ...after.keys()])) {
    const b = before.get(id);
    const a = after.get(id);
    const changes = diffStates(b?.state, a?.state, fields);
    if (!changes.length) continue;
    const action: RevisionAction = meta.restoredFrom !== undefined ? 'restore' : !b ? 'create' : !a ? 'delete' : 'update';
    rows.push({
      link_id: id,
      owner_id: (a ?? b)?.owner_id as number,
      actor_id: meta.actorId,
      source: meta.source,
      action,
      changes: JSON.stringify(changes),
      restored_from: meta.restoredFrom ?? null,
      created_at: meta.at,
    });
  }
  for (let i = 0; i < rows.length; i += CHUNK) await db.insertInto('link_revisions').values(rows.slice(i, i + CHUNK)).execute();
  return rows.length;
}

/** A link's revisions, newest first, for its owner (a deleted link's too, while they are kept). */
export async function listRevisions(db: Db, ownerId: number, linkId: number, page: number, perPage: number) {
  const [rows, count] = await Promise.all([
    selectRevisions(db, ownerId, linkId).orderBy('r.id', 'desc').limit(perPage).offset((page - 1) * perPage).execute(),
    db
      .selectFrom('link_revisions')
      .where('link_id', '=', linkId)
      .where('owner_id', '=', ownerId)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(storedOf), total: Number(count.n) };
}

export async function findRevision(db: Db, ownerId: number, linkId: number, revisionId: number): Promise<StoredRevision | undefined> {
  const row = await selectRevisions(db, ownerId, linkId).where('r.id', '=', revisionId).executeTakeFirst();
  return row && storedOf(row);
}

/** The changes made to a link after revision `revisionId`, newest first (what a restore takes back). */
export async function changesAfter(db: Db, linkId: number, revisionId: number): Promise<StoredChange[][]> {
  const rows = await db.selectFrom('link_revisions').select('changes').where('link_id', '=', linkId).where('id', '>', revisionId).orderBy('id', 'desc').execute();
  return rows.map((r) => JSON.parse(r.changes) as StoredChange[]);
}

/** The state of a link right after a revision: its current state (or none) with every later change taken back. */
export function stateAfter(current: Partial<LinkState> | undefined, later: StoredChange[][]): Partial<LinkState> {
  const state: Record<string, unknown> = { ...(current ?? {}) };
  for (const changes of later) for (const c of changes) state[c.field] = c.old;
  return state as Partial<LinkState>;
}

/**
 * Drops the history of links deleted more than `days` ago (HISTORY_DAYS); a live link keeps its history, and so
 * does a link deleted again since: only its newest delete counts (delete, restore and delete again today keeps it).
 */
export async function purgeRevisions(db: Db, cutoff: string): Promise<number> {
  const r = await db
    .deleteFrom('link_revisions')
    .where('link_id', 'in', (eb) =>
      eb
        .selectFrom('link_revisions')
        .select('link_id')
        .where('action', '=', 'delete')
        .groupBy('link_id')
        .having((h) => h.fn.max('created_at'), '<', cutoff),
    )
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('links').select(sql.lit(1).as('one')).whereRef('links.id', '=', 'link_revisions.link_id'))))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

function selectRevisions(db: Db, ownerId: number, linkId: number) {
  return db
    .selectFrom('link_revisions as r')
    .leftJoin('users as u', 'u.id', 'r.actor_id')
    .select(['r.id', 'r.link_id', 'r.owner_id', 'r.actor_id', 'u.name as actor_name', 'r.source', 'r.action', 'r.changes', 'r.restored_from', 'r.created_at'])
    .where('r.link_id', '=', linkId)
    .where('r.owner_id', '=', ownerId);
}

type Row = {
  id: number;
  link_id: number;
  owner_id: number;
  actor_id: number | null;
  actor_name: string | null;
  source: string;
  action: string;
  changes: string;
  restored_from: number | null;
  created_at: string;
};

function storedOf(r: Row): StoredRevision {
  return {
    id: r.id,
    link_id: r.link_id,
    owner_id: r.owner_id,
    actor: r.actor_id !== null && r.actor_name !== null ? { id: r.actor_id, name: r.actor_name } : null,
    source: r.source as RevisionSource,
    action: r.action as RevisionAction,
    changes: JSON.parse(r.changes) as StoredChange[],
    restored_from: r.restored_from,
    created_at: r.created_at,
  };
}
