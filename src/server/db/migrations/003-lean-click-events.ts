// Cheaper click storage (every visit writes one row here). The table is rebuilt without AUTOINCREMENT
// (which updated sqlite_sequence on every insert), and of its two indexes only one on link_id is left:
// deleting a link needs it for its cascade. Retention no longer needs an index on clicked_at: rows are
// written in time order, so it deletes from the lowest ids upwards (clicks/retention.ts).
// All in one transaction: a failure leaves the old table as it was.
import { sql, type Kysely } from 'kysely';

const COLUMNS = 'id, link_id, clicked_at, country, continent, os, browser, device, language, referrer';

const statements = [
  `CREATE TABLE click_events_new (
     id INTEGER PRIMARY KEY,
     link_id INTEGER NOT NULL REFERENCES links(id) ON DELETE CASCADE,
     clicked_at TEXT NOT NULL,
     country TEXT, continent TEXT, os TEXT, browser TEXT, device TEXT, language TEXT, referrer TEXT
   )`,
  `INSERT INTO click_events_new (${COLUMNS}) SELECT ${COLUMNS} FROM click_events ORDER BY id`,
  'DROP TABLE click_events',
  'ALTER TABLE click_events_new RENAME TO click_events',
  'CREATE INDEX click_events_link ON click_events (link_id)',
];

/** PostgreSQL needs no rebuild (no sequence table is written per row): only the same indexes are left. */
export const postgres = ['DROP INDEX click_events_time', 'DROP INDEX click_events_link', 'CREATE INDEX click_events_link ON click_events (link_id)'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const statement of statements) await sql.raw(statement).execute(trx);
  });
}
