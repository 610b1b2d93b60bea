// An account's link counters (migration 006) during a large write.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { isPostgres } from '../../db/dialect';

/**
 * PostgreSQL only (migration 006): the per-row counter triggers are skipped in this transaction, which
 * holds the account's counters row until it commits; end() recounts the account once. SQLite's triggers
 * are cheap and stay on.
 */
export async function countersOff(trx: Kysely<Database>, userId: number): Promise<{ end(): Promise<void> }> {
  if (!isPostgres(trx)) return { end: async () => undefined };
  await sql`INSERT INTO link_counters (user_id) VALUES (${userId}) ON CONFLICT (user_id) DO NOTHING`.execute(trx);
  await sql`SELECT user_id FROM link_counters WHERE user_id = ${userId} FOR UPDATE`.execute(trx);
  await sql`SELECT set_config('linkdeck.bulk', 'on', true)`.execute(trx);
  return {
    async end() {
      await sql`UPDATE link_counters SET total = c.total, disabled = c.disabled, version = link_counters.version + 1
        FROM (SELECT count(*) AS total, count(*) FILTER (WHERE disabled = 1) AS disabled FROM links WHERE user_id = ${userId}) c
        WHERE link_counters.user_id = ${userId}`.execute(trx);
      await sql`SELECT set_config('linkdeck.bulk', 'off', true)`.execute(trx);
    },
  };
}
