// The total of a link list filtered by tags alone on PostgreSQL (pg-link-list.repo.ts).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Links with the tags when nothing else filters, as on SQLite (LinkListCounts.tagCount): link_tags alone
 * answers (a tag's links are all of its account's), without reading the links. One tag: its index range. Any
 * of several: their distinct links. All: the smallest tag's links that have each of the others.
 */
export async function pgTagCount(db: Kysely<Database>, ids: number[], mode: 'any' | 'all'): Promise<number> {
  if (!ids.length) return 0;
  const every = mode === 'all' && ids.length > 1;
  if (!every) {
    const r =
      ids.length === 1
        ? await sql<{ n: string }>`SELECT count(*) AS n FROM link_tags WHERE tag_id = ${ids[0]}`.execute(db)
        : await sql<{ n: string }>`SELECT count(*) AS n FROM (SELECT link_id FROM link_tags WHERE tag_id = any(${ids}::int[]) GROUP BY link_id) x`.execute(db);
    return Number(r.rows[0]?.n ?? 0);
  }
  const sizes = await sql<{ tag_id: number; n: string }>`SELECT t.id AS tag_id, (SELECT count(*) FROM link_tags lt WHERE lt.tag_id = t.id) AS n
    FROM unnest(${ids}::int[]) AS t(id)`.execute(db);
  const [smallest, ...others] = sizes.rows.sort((a, b) => Number(a.n) - Number(b.n)).map((r) => r.tag_id);
  const probes = others.map((id) => sql`AND EXISTS (SELECT 1 FROM link_tags b WHERE b.link_id = a.link_id AND b.tag_id = ${id})`);
  const r = await sql<{ n: string }>`SELECT count(*) AS n FROM link_tags a WHERE a.tag_id = ${smallest} ${sql.join(probes, sql` `)}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}
