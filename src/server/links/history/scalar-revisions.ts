// The revisions of a change to a link row's own scalar columns, written by one INSERT ... SELECT per chunk of links
// (a bulk PATCH of space, disabled, end date, click limit or expiration URL, and its undo): the old value read from
// one side of the SELECT, the new from the other, compared with IS DISTINCT FROM, and the changes' JSON built by the
// database (json_object on SQLite, json_build_object on PostgreSQL), in the order of the link object. A link whose
// values do not change gets no revision, as in the write pipeline (revisions.repo.ts, which JSON.parse reads back).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { isPostgres } from '../../db/dialect';
import type { RevisionSource } from '../../../shared/objects/revision.object';
import { STATE_FIELDS } from './link-state';

/** The scalar columns a bulk PATCH sets, with their SQL type (PostgreSQL casts bound values to it). */
export const SCALAR_COLUMNS = { space_id: 'integer', active_period_end_at: 'text', clicks_limit: 'integer', expiration_url: 'text', disabled: 'integer' } as const;
export type ScalarColumn = keyof typeof SCALAR_COLUMNS;
export const isScalarColumn = (c: string): c is ScalarColumn => c in SCALAR_COLUMNS;

export interface ScalarRevisions {
  /** `FROM …` naming the link `l` (the link's owner and id) and whatever the values read. */
  from: RawBuilder<unknown>;
  /** Each changed column's old and new value as SQL. */
  values: Partial<Record<ScalarColumn, { old: RawBuilder<unknown>; new: RawBuilder<unknown> }>>;
  /** Which links (a condition on the FROM). */
  where: RawBuilder<boolean>;
  actorId: number | null;
  source: RevisionSource;
  at: string;
}

/** A bound value as the column's SQL type (PostgreSQL infers nothing from json_build_object's arguments). */
export function typed(db: Kysely<Database>, column: ScalarColumn, value: unknown): RawBuilder<unknown> {
  return isPostgres(db) ? sql`CAST(${value} AS ${sql.raw(SCALAR_COLUMNS[column])})` : sql`${value}`;
}

/** Records one revision per link of the chunk whose scalar values differ; how many. */
export async function recordScalarRevisions(db: Kysely<Database>, r: ScalarRevisions): Promise<number> {
  const pg = isPostgres(db);
  const columns = STATE_FIELDS.filter((f): f is ScalarColumn => isScalarColumn(f) && r.values[f] !== undefined);
  if (!columns.length) return 0;
  const differs = (o: RawBuilder<unknown>, n: RawBuilder<unknown>) => (pg ? sql`${o} IS DISTINCT FROM ${n}` : sql`${o} IS NOT ${n}`);
  const object = (c: ScalarColumn, o: RawBuilder<unknown>, n: RawBuilder<unknown>) =>
    pg ? sql`json_build_object('field', ${sql.lit(c)}, 'old', ${o}, 'new', ${n})::text` : sql`json_object('field', ${sql.lit(c)}, 'old', ${o}, 'new', ${n})`;
  const parts = columns.map((c) => {
    const v = r.values[c] as { old: RawBuilder<unknown>; new: RawBuilder<unknown> };
    return sql`coalesce(CASE WHEN ${differs(v.old, v.new)} THEN ${object(c, v.old, v.new)} || ',' END, '')`;
  });
  const anyDiffers = sql.join(
    columns.map((c) => {
      const v = r.values[c] as { old: RawBuilder<unknown>; new: RawBuilder<unknown> };
      return differs(v.old, v.new);
    }),
    sql` OR `,
  );
  const changes = sql`'[' || rtrim(${sql.join(parts, sql` || `)}, ',') || ']'`;
  const result = await sql`INSERT INTO link_revisions (link_id, owner_id, actor_id, source, action, changes, restored_from, created_at)
    SELECT l.id, l.user_id, CAST(${r.actorId} AS integer), CAST(${r.source} AS text), 'update', ${changes}, NULL, CAST(${r.at} AS text)
    ${r.from} WHERE ${r.where} AND (${anyDiffers})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
