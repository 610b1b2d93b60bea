// Every destructive action can be undone. An operation names what it acted on: `object` (link,
// space, pixel, tag, domain, webhook, import), its id, and its name at the time in words (`label`: "Launch",
// "go.example.com/abc", a file name), so the history still reads "space Launch" once the space is gone.
// Rows that were there before are bulk operations on links: object 'link', no id, no label.
// - operation_rows: whole rows a delete removed that are not links (the space, pixel, tag, domain or webhook
//   itself, a webhook's delivery log), as JSON text; an undo puts them back in `seq` order with the same ids.
//   What a delete did to links is kept in the before-image tables of migration 006 (operation_links: a link's
//   space; operation_link_pixels and operation_link_tags: its pixels and tags; operation_deleted_links and
//   the statistics: links deleted with their domain).
// - An import (kind 'import') lists the links it created in operation_links; its operation is found by its job.
import { sql, type Kysely } from 'kysely';

const statements = (int: string, text: string) => [
  `ALTER TABLE operations ADD COLUMN object ${text} NOT NULL DEFAULT 'link'`,
  `ALTER TABLE operations ADD COLUMN object_id ${int}`,
  `ALTER TABLE operations ADD COLUMN label ${text}`,
  'CREATE INDEX operations_object ON operations (object, object_id) WHERE object_id IS NOT NULL',
  `CREATE TABLE operation_rows (
     operation_id ${int} NOT NULL REFERENCES operations(id) ON DELETE CASCADE,
     seq ${int} NOT NULL,
     table_name ${text} NOT NULL,
     data ${text} NOT NULL,
     PRIMARY KEY (operation_id, seq))`,
];

/** The same on PostgreSQL. */
export const postgres = statements('integer', 'text');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const statement of statements('INTEGER', 'TEXT')) await sql.raw(statement).execute(trx);
  });
}
