// Analytics. A click now records which rule served it (`target`), the visit's UTM parameters
// and a unique-visitor marker (`visitor`: a keyed hash that changes every UTC day, clicks/visitor-marker.ts).
// Rollups gain those dimensions and a uniques count (click_daily.uniques: first visits of a visitor that
// day), and three tables so that no answer scans per-click rows:
// - click_hourly: per link and UTC hour, clicks and uniques (interval=hour, days in other time zones);
// - click_account_daily / click_account_hourly: per account, with the link's space and domain at click
//   time; each click is added to four rows: (space, domain), (space, any), (any, domain), (any, any),
//   where "any" is -1 and "none" (no space, the default domain) is 0. The daily one also has the
//   dimensions `link`, `space` and `domain` (their ids as values) for top lists of those, and a partial
//   index on the `link` rows by link, so that the top links are found from the most clicked down.
// - click_visitors: the markers seen per link and day, so that a day's uniques are exact across batches,
//   restarts and instances; only the last two days are kept (clicks/retention.ts).
// The operation_* copies (bulk delete with undo) get the same columns.
import { sql, type Kysely } from 'kysely';

const EVENT_COLUMNS = ['target', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'visitor'];

const statements = (int: string, text: string, withoutRowid: string) => [
  ...EVENT_COLUMNS.flatMap((c) => [`ALTER TABLE click_events ADD COLUMN ${c} ${text}`, `ALTER TABLE operation_click_events ADD COLUMN ${c} ${text}`]),
  `ALTER TABLE click_daily ADD COLUMN uniques ${int} NOT NULL DEFAULT 0`,
  `ALTER TABLE operation_click_daily ADD COLUMN uniques ${int} NOT NULL DEFAULT 0`,
  `CREATE TABLE click_hourly (
     link_id ${int} NOT NULL REFERENCES links(id) ON DELETE CASCADE, hour ${text} NOT NULL,
     count ${int} NOT NULL, uniques ${int} NOT NULL DEFAULT 0,
     CONSTRAINT click_hourly_pk PRIMARY KEY (link_id, hour))${withoutRowid}`,
  `CREATE TABLE click_account_daily (
     user_id ${int} NOT NULL REFERENCES users(id) ON DELETE CASCADE, space_id ${int} NOT NULL, domain_id ${int} NOT NULL,
     dimension ${text} NOT NULL, day ${text} NOT NULL, value ${text} NOT NULL,
     count ${int} NOT NULL, uniques ${int} NOT NULL DEFAULT 0,
     CONSTRAINT click_account_daily_pk PRIMARY KEY (user_id, space_id, domain_id, dimension, day, value))${withoutRowid}`,
  `CREATE TABLE click_account_hourly (
     user_id ${int} NOT NULL REFERENCES users(id) ON DELETE CASCADE, space_id ${int} NOT NULL, domain_id ${int} NOT NULL,
     hour ${text} NOT NULL, count ${int} NOT NULL, uniques ${int} NOT NULL DEFAULT 0,
     CONSTRAINT click_account_hourly_pk PRIMARY KEY (user_id, space_id, domain_id, hour))${withoutRowid}`,
  `CREATE TABLE click_visitors (
     link_id ${int} NOT NULL REFERENCES links(id) ON DELETE CASCADE, day ${text} NOT NULL, visitor ${text} NOT NULL,
     CONSTRAINT click_visitors_pk PRIMARY KEY (link_id, day, visitor))${withoutRowid}`,
  'CREATE INDEX click_visitors_day ON click_visitors (day)',
  // A link's rows over a period, for the top list by link (analytics.repo.ts: topLinks); covering.
  "CREATE INDEX click_account_daily_link ON click_account_daily (user_id, space_id, domain_id, value, day, count, uniques) WHERE dimension = 'link'",
];

/** The same on PostgreSQL. */
export const postgres = statements('integer', 'text', '');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const statement of statements('INTEGER', 'TEXT', ' WITHOUT ROWID')) await sql.raw(statement).execute(trx);
  });
}
