// Attempts reserved before they are checked: one row per key (a visitor and a link's redirect or
// statistics password, or a client address sending unknown API keys) with the end of its fixed window and
// the attempts taken in it. An attempt takes its slot with one atomic upsert before the slow password hash
// is compared (auth/attempt-limits.ts), so concurrent guesses cannot all pass a check made before any of
// them failed. On both databases: one SQLite file may be shared by several processes, and PostgreSQL by
// several instances. PostgreSQL's password_attempts (migration 004) is no longer read or written.
import { sql, type Kysely } from 'kysely';

const statements = (int: string, text: string) => [
  `CREATE TABLE attempt_limits (key ${text} PRIMARY KEY, reset_at ${int} NOT NULL, count ${int} NOT NULL)`,
  // The periodic clean-up deletes the windows that are over.
  'CREATE INDEX attempt_limits_reset ON attempt_limits (reset_at)',
];

/** The same on PostgreSQL. */
export const postgres = statements('bigint', 'text');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const statement of statements('INTEGER', 'TEXT')) await sql.raw(statement).execute(trx);
  });
}
