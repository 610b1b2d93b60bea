// A status over filters is cached too (link-list.repo.ts, pg-link-list.repo.ts): the account's version now also
// changes when a link's end date or clicks limit changes, and when a click makes a link reach its limit (or an
// update takes it back under). Until now these writes left the version alone, so a status total had to be
// recounted on every request. The time passing an end date is the cache's other bound (the next end date
// among the filtered links). Ordinary clicks fire nothing: the WHEN clause compares the reached state.
// On PostgreSQL the expired rule's two partial indexes (migration 002) also carry the link's id, so that a
// count of the expired links among filtered ones (a tag) reads the index alone before probing link_tags:
// 48 ms against 114-133 ms at 1,000,000 links (SQLite's indexes hold the rowid, which is the id, anyway).
import { sql, type Kysely } from 'kysely';

const SQLITE = [
  `CREATE TRIGGER link_counters_expiry AFTER UPDATE OF clicks, clicks_limit, active_period_end_at ON links
   WHEN new.active_period_end_at IS NOT old.active_period_end_at
     OR (old.clicks_limit IS NOT NULL AND old.clicks >= old.clicks_limit) IS NOT (new.clicks_limit IS NOT NULL AND new.clicks >= new.clicks_limit)
   BEGIN
     UPDATE link_counters SET version = version + 1 WHERE user_id = new.user_id;
   END`,
];

/** The same on PostgreSQL; it stands aside in a bulk transaction, whose end bumps the version (migration 006). */
export const postgres = [
  `CREATE FUNCTION link_counters_expiry() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF current_setting('linkdeck.bulk', true) = 'on' THEN RETURN NULL; END IF;
     UPDATE link_counters SET version = version + 1 WHERE user_id = NEW.user_id;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER link_counters_expiry AFTER UPDATE OF clicks, clicks_limit, active_period_end_at ON links FOR EACH ROW
   WHEN (OLD.active_period_end_at IS DISTINCT FROM NEW.active_period_end_at
     OR (OLD.clicks_limit IS NOT NULL AND OLD.clicks >= OLD.clicks_limit) IS DISTINCT FROM (NEW.clicks_limit IS NOT NULL AND NEW.clicks >= NEW.clicks_limit))
   EXECUTE FUNCTION link_counters_expiry()`,
  'DROP INDEX links_user_end',
  `CREATE INDEX links_user_end ON links (user_id, active_period_end_at) INCLUDE (id)
     WHERE disabled = 0 AND active_period_end_at IS NOT NULL`,
  'DROP INDEX links_user_limit_reached',
  `CREATE INDEX links_user_limit_reached ON links (user_id, active_period_end_at) INCLUDE (id)
     WHERE disabled = 0 AND clicks_limit IS NOT NULL AND clicks >= clicks_limit`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const statement of SQLITE) await sql.raw(statement).execute(trx);
  });
}
