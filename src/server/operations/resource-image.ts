// The before-image of a deleted resource: one mechanism for the delete of a space, pixel, tag, domain
// or webhook. What each delete takes with it is declared once, as data (RESOURCES); recording a delete and
// undoing it both read that declaration:
// - the resource's row, and whole rows of other tables that go with it (a webhook's delivery log), as JSON in
//   operation_rows, put back with the same ids;
// - a column its links lose (a space: ON DELETE SET NULL), kept in operation_links, put back on the links that
//   are still without one;
// - join rows of its links (pixels, tags: ON DELETE CASCADE), kept in their before-image tables of migration 006,
//   put back on the links that still exist;
// - its links, deleted with it (a domain), kept whole with their statistics by the bulk delete's before-image.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { OperationObject } from '../../shared/objects/operation.object';
import { TAGS_PER_LINK_MAX } from '../../shared/tag.schema';
import { HttpError } from '../http/errors';
import { inIds, parts } from '../links/core/link-sql';
import type { StateField } from '../links/history/link-state';
import type { OperationRow } from './operations.repo';

type Trx = Kysely<Database>;

/** The resources whose delete is recorded this way (a link's is a bulk delete of one link). */
export type Resource = Exclude<OperationObject, 'link' | 'import'>;

interface ResourceSpec {
  table: 'spaces' | 'pixels' | 'tags' | 'domains' | 'webhooks';
  /** The column that names it in words (the operation's label). */
  label: string;
  /** UNIQUE keys another row may have taken meanwhile (an undo then is a 409): the columns, and the one shown. */
  unique: { columns: string[]; shown: string; scope: 'account' | 'instance' }[];
  /** The field of its links that its delete changes (their revisions compare just that); undefined: every field. */
  field?: StateField;
  /** Its links' column the delete clears (ON DELETE SET NULL). */
  clears?: 'space_id';
  /** Its join rows on links the delete removes (ON DELETE CASCADE), and their before-image table. */
  joins?: { table: 'link_pixels' | 'link_tags'; image: 'operation_link_pixels' | 'operation_link_tags'; column: 'pixel_id' | 'tag_id'; perLinkMax?: number };
  /** Its links' column whose links the delete removes, with their statistics. */
  deletes?: 'domain_id';
  /** Other tables whose rows go with it (ON DELETE CASCADE). */
  rows?: { table: 'webhook_deliveries'; column: 'webhook_id' }[];
}

export const RESOURCES: Record<Resource, ResourceSpec> = {
  space: { table: 'spaces', label: 'name', unique: [{ columns: ['user_id', 'name'], shown: 'name', scope: 'account' }], field: 'space_id', clears: 'space_id' },
  pixel: { table: 'pixels', label: 'name', unique: [], field: 'pixel_ids', joins: { table: 'link_pixels', image: 'operation_link_pixels', column: 'pixel_id' } },
  tag: {
    table: 'tags',
    label: 'name',
    field: 'tags',
    unique: [{ columns: ['user_id', 'name_key'], shown: 'name', scope: 'account' }],
    joins: { table: 'link_tags', image: 'operation_link_tags', column: 'tag_id', perLinkMax: TAGS_PER_LINK_MAX },
  },
  domain: { table: 'domains', label: 'name', unique: [{ columns: ['name'], shown: 'name', scope: 'instance' }], deletes: 'domain_id' },
  webhook: { table: 'webhooks', label: 'url', unique: [], rows: [{ table: 'webhook_deliveries', column: 'webhook_id' }] },
};

/** Tables whose rows an undo may insert from operation_rows. */
const ROW_TABLES = new Set<string>(Object.values(RESOURCES).flatMap((r) => [r.table, ...(r.rows ?? []).map((x) => x.table)]));

export const isResource = (object: OperationObject): object is Resource => object in RESOURCES;

type Row = Record<string, unknown>;

/** The account's resource row, whole; undefined when there is none. */
export async function resourceRow(trx: Trx, resource: Resource, userId: number, id: number): Promise<Row | undefined> {
  const rows = await sql<Row>`SELECT * FROM ${sql.table(RESOURCES[resource].table)} WHERE id = ${id} AND user_id = ${userId}`.execute(trx);
  return rows.rows[0];
}

export const labelOf = (resource: Resource, row: Row): string => String(row[RESOURCES[resource].label]);

/** The links the delete changes (or deletes), in id order: they make the operation's count and revisions. */
export async function linksOf(trx: Trx, resource: Resource, id: number): Promise<number[]> {
  const spec = RESOURCES[resource];
  const column = spec.clears ?? spec.deletes;
  if (column) return (await trx.selectFrom('links').select('id').where(column, '=', id).orderBy('id').execute()).map((r) => r.id);
  if (spec.joins) {
    const rows = await sql<{ link_id: number }>`SELECT link_id FROM ${sql.table(spec.joins.table)} WHERE ${sql.ref(spec.joins.column)} = ${id} ORDER BY link_id`.execute(trx);
    return rows.rows.map((r) => Number(r.link_id));
  }
  return [];
}

/** Keeps what the delete of `row` will remove besides its links (recorded as operation `op`), before it is deleted. */
export async function saveResourceImage(trx: Trx, op: number, resource: Resource, row: Row): Promise<void> {
  const spec = RESOURCES[resource];
  const id = row.id as number;
  if (spec.joins) {
    const { table, image, column } = spec.joins;
    await sql`INSERT INTO ${sql.table(image)} (operation_id, link_id, ${sql.ref(column)})
      SELECT ${op}, link_id, ${sql.ref(column)} FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${id}`.execute(trx);
  }
  const whole: { table: string; row: Row }[] = [{ table: spec.table, row }];
  for (const dep of spec.rows ?? []) {
    const rows = await sql<Row>`SELECT * FROM ${sql.table(dep.table)} WHERE ${sql.ref(dep.column)} = ${id} ORDER BY id`.execute(trx);
    whole.push(...rows.rows.map((r) => ({ table: dep.table, row: r })));
  }
  for (let i = 0; i < whole.length; i += 100) {
    const values = whole.slice(i, i + 100).map((w, j) => ({ operation_id: op, seq: i + j, table_name: w.table, data: JSON.stringify(w.row) }));
    await trx.insertInto('operation_rows').values(values).execute();
  }
}

/** Deletes the resource; the database's ON DELETE rules do the rest (its links' column, join rows, deliveries). */
export async function deleteResourceRow(trx: Trx, resource: Resource, userId: number, id: number): Promise<void> {
  await sql`DELETE FROM ${sql.table(RESOURCES[resource].table)} WHERE id = ${id} AND user_id = ${userId}`.execute(trx);
}

/**
 * Puts back the rows an operation kept (the resource first, same ids), or refuses with a 409 when that would
 * clash: the resource is back already, or a row of the same name (a UNIQUE key) exists now.
 */
export async function restoreRows(trx: Trx, op: OperationRow, resource: Resource): Promise<void> {
  const spec = RESOURCES[resource];
  const kept = await trx.selectFrom('operation_rows').select(['table_name', 'data']).where('operation_id', '=', op.id).orderBy('seq').execute();
  const rows = kept.map((k) => ({ table: k.table_name, row: JSON.parse(k.data) as Row }));
  const own = rows.find((r) => r.table === spec.table)?.row;
  if (!own) throw new HttpError(409, 'This operation can no longer be undone: what it deleted was not kept.');
  const what = `The ${resource} “${labelOf(resource, own)}”`;
  if (await exists(trx, spec.table, { id: own.id })) throw new HttpError(409, `${what} is back already; nothing was undone.`);
  for (const key of spec.unique) {
    if (await exists(trx, spec.table, Object.fromEntries(key.columns.map((c) => [c, own[c]])))) {
      const hint = key.scope === 'account' ? ' (rename or delete it, then undo again)' : '';
      throw new HttpError(409, `${what} cannot come back: a ${resource} named “${String(own[key.shown])}” exists now${hint}; nothing was undone.`);
    }
  }
  for (const table of new Set(rows.map((r) => r.table))) {
    if (!ROW_TABLES.has(table)) throw new Error(`operation ${op.id}: rows of ${table} cannot be restored`);
    const these = rows.filter((r) => r.table === table).map((r) => r.row);
    const columns = Object.keys(these[0] as Row);
    for (let i = 0; i < these.length; i += 100) {
      const values = these.slice(i, i + 100).map((r) => sql`(${sql.join(columns.map((c) => r[c]))})`);
      await sql`INSERT INTO ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) VALUES ${sql.join(values)}`.execute(trx);
    }
  }
}

async function exists(trx: Trx, table: string, values: Row): Promise<boolean> {
  const where = sql.join(Object.entries(values).map(([c, v]) => sql`${sql.ref(c)} = ${v}`), sql` AND `);
  return (await sql`SELECT 1 FROM ${sql.table(table)} WHERE ${where}`.execute(trx)).rows.length > 0;
}

/**
 * What the undo gives back to the links that still exist: `restored` get their space, pixel or tag again,
 * `skipped` are left as they are (moved to another space since; carrying the most tags a link may have).
 */
export async function linksToGiveBack(trx: Trx, op: OperationRow, resource: Resource): Promise<{ restored: number[]; skipped: number[] }> {
  const spec = RESOURCES[resource];
  if (spec.clears) {
    const rows = await sql<{ link_id: number; now: number | null }>`SELECT ol.link_id, l.${sql.ref(spec.clears)} AS now FROM operation_links ol
      JOIN links l ON l.id = ol.link_id WHERE ol.operation_id = ${op.id} ORDER BY ol.link_id`.execute(trx);
    return {
      restored: rows.rows.filter((r) => r.now === null).map((r) => Number(r.link_id)),
      skipped: rows.rows.filter((r) => r.now !== null).map((r) => Number(r.link_id)),
    };
  }
  if (!spec.joins) return { restored: [], skipped: [] };
  const { table, image, perLinkMax } = spec.joins;
  const present = await sql<{ link_id: number }>`SELECT i.link_id FROM ${sql.table(image)} i JOIN links l ON l.id = i.link_id
    WHERE i.operation_id = ${op.id} ORDER BY i.link_id`.execute(trx);
  const ids = present.rows.map((r) => Number(r.link_id));
  const full = new Set<number>();
  if (perLinkMax !== undefined) {
    for (const part of parts(trx, ids)) {
      const rows = await sql<{ link_id: number }>`SELECT link_id FROM ${sql.table(table)} WHERE ${inIds(trx, 'link_id', part)}
        GROUP BY link_id HAVING count(*) >= ${perLinkMax}`.execute(trx);
      for (const r of rows.rows) full.add(Number(r.link_id));
    }
  }
  return { restored: ids.filter((id) => !full.has(id)), skipped: ids.filter((id) => full.has(id)) };
}

/** Gives the links `ids` their space, pixel or tag back (the resource's row is back already). */
export async function giveBack(trx: Trx, op: OperationRow, resource: Resource, ids: number[]): Promise<void> {
  const spec = RESOURCES[resource];
  for (const part of parts(trx, ids)) {
    if (spec.clears) {
      await sql`UPDATE links SET ${sql.ref(spec.clears)} = ${op.object_id} WHERE ${inIds(trx, 'id', part)} AND ${sql.ref(spec.clears)} IS NULL`.execute(trx);
    } else if (spec.joins) {
      const { table, image, column } = spec.joins;
      await sql`INSERT INTO ${sql.table(table)} (link_id, ${sql.ref(column)}) SELECT link_id, ${sql.ref(column)} FROM ${sql.table(image)}
        WHERE operation_id = ${op.id} AND ${inIds(trx, 'link_id', part)} ON CONFLICT DO NOTHING`.execute(trx);
    }
  }
}
