// Link previews: per link an optional Open Graph title, description and image that social
// crawlers get instead of the redirect. The image is a URL: one of the web, or of an image uploaded to
// Linkdeck (og_images, served at /+og/{key} on every domain, public as the card it illustrates). The copies
// of deleted links (bulk delete with undo) get the same columns; uploaded images stay until their account goes.
import { sql, type Kysely } from 'kysely';

const COLUMNS = ['og_title', 'og_description', 'og_image'];

const statements = (int: string, text: string, blob: string) => [
  ...COLUMNS.flatMap((c) => [`ALTER TABLE links ADD COLUMN ${c} ${text}`, `ALTER TABLE operation_deleted_links ADD COLUMN ${c} ${text}`]),
  `CREATE TABLE og_images (
     key ${text} PRIMARY KEY,
     user_id ${int} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     type ${text} NOT NULL,
     data ${blob} NOT NULL,
     created_at ${text} NOT NULL)`,
];

/** The same on PostgreSQL. */
export const postgres = statements('integer', 'text', 'bytea');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const statement of statements('INTEGER', 'TEXT', 'BLOB')) await sql.raw(statement).execute(trx);
  });
}
