// QR scans apart from clicks. A link's QR code encodes its short URL with a marker
// (shared/qr-marker.ts); a click records its `source` ('qr' for such a scan, NULL for the short URL itself),
// and every rollup row counts, beside `count` and `uniques`, how many of its clicks were QR scans (`qr`). So
// any answer the rollups give (a day, an hour, a country's row) has its QR part at no extra read.
// Clicks recorded before have no marker: NULL and 0, the short URL's (they are not rewritten). Adding a
// column with a constant default rewrites no row on either database. The copies of deleted links (bulk
// delete with undo) get the same columns.
import { sql, type Kysely } from 'kysely';

const ROLLUPS = ['click_daily', 'click_hourly', 'click_account_daily', 'click_account_hourly', 'operation_click_daily', 'operation_click_hourly'];

const statements = (int: string, text: string) => [
  `ALTER TABLE click_events ADD COLUMN source ${text}`,
  `ALTER TABLE operation_click_events ADD COLUMN source ${text}`,
  ...ROLLUPS.map((table) => `ALTER TABLE ${table} ADD COLUMN qr ${int} NOT NULL DEFAULT 0`),
];

/** The same on PostgreSQL. */
export const postgres = statements('integer', 'text');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const statement of statements('INTEGER', 'TEXT')) await sql.raw(statement).execute(trx);
  });
}
