// Which domains a workspace may use: its own, and those the instance admin shares with every workspace.
// The one rule, for the domains list and for the links core's check of a link's domain (links/core/link-checks.ts).
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/schema';
import { Sql } from '../links/link-list-sql';

/** The rule's SQL text before and after the workspace's id (`table`: a name the code writes, never input). */
const usableText = (table: string): [string, string] => [`(${table}.user_id = `, ` OR ${table}.shared = 1)`];

/** `{table}.user_id = workspace OR {table}.shared = 1`: a domain the workspace may list and put links on. */
export function usableBy(workspaceId: number, table = 'domains'): RawBuilder<SqlBool> {
  const [before, after] = usableText(table);
  return sql<SqlBool>`${sql.raw(before)}${workspaceId}${sql.raw(after)}`;
}

/** The same condition for the link list's SQL (links/link-list-sql.ts). */
export function usableByList(workspaceId: number, table = 'domains'): Sql {
  return new Sql(usableText(table), [workspaceId]);
}

/** Which of `ids` the workspace may put links on. */
export async function usableDomainIds(db: Kysely<Database>, workspaceId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.selectFrom('domains').select('id').where(usableBy(workspaceId)).where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}
