// The few spots where shared Kysely queries differ by database.
import { PostgresAdapter, type Kysely } from 'kysely';

export function isPostgres<DB>(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The case-insensitive LIKE: SQLite's LIKE ignores ASCII case, PostgreSQL's needs ILIKE. */
export function likeOperator<DB>(db: Kysely<DB>): 'like' | 'ilike' {
  return isPostgres(db) ? 'ilike' : 'like';
}
