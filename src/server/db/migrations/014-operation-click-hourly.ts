// A bulk delete's undo brings back each link's hourly clicks too (click_hourly, migration 008): until now the
// copy kept the raw events and the daily rollups only, so a restored link's hour-by-hour chart came back empty.
import { sql, type Kysely } from 'kysely';

const statements = (int: string, text: string) => [
  `CREATE TABLE operation_click_hourly (
     operation_id ${int} NOT NULL REFERENCES operations(id) ON DELETE CASCADE,
     link_id ${int} NOT NULL, hour ${text} NOT NULL, count ${int} NOT NULL, uniques ${int} NOT NULL DEFAULT 0
   )`,
  'CREATE INDEX operation_click_hourly_op ON operation_click_hourly (operation_id)',
];

/** The same on PostgreSQL. */
export const postgres = statements('integer', 'text');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const statement of statements('INTEGER', 'TEXT')) await sql.raw(statement).execute(trx);
  });
}
