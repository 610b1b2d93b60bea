// Imported clicks: a link imported from another shortener keeps the clicks that shortener counted as
// its starting count. `clicks` stays the total (imported + counted here, so a clicks limit counts both);
// imported_clicks is the part counted elsewhere, and imported_at the import's time: analytics shows them apart,
// as "imported before <date>", since they have no dates of their own. The copies of deleted links (bulk delete
// with undo) get the same columns, so that an undone delete brings them back.
import { sql, type Kysely } from 'kysely';

const statements = (int: string, text: string) => [
  ...['links', 'operation_deleted_links'].flatMap((table) => [
    `ALTER TABLE ${table} ADD COLUMN imported_clicks ${int} NOT NULL DEFAULT 0`,
    `ALTER TABLE ${table} ADD COLUMN imported_at ${text}`,
  ]),
  // The account's imported links, for the analytics answers' sum (stats/imported-clicks.repo.ts): empty for an
  // account that imported no clicks, and untouched by the clicks a redirect counts (it writes `clicks` only).
  'CREATE INDEX links_user_imported ON links (user_id) WHERE imported_clicks > 0',
];

/** The same on PostgreSQL. */
export const postgres = statements('integer', 'text');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const statement of statements('INTEGER', 'TEXT')) await sql.raw(statement).execute(trx);
  });
}
