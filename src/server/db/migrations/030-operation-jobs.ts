// The journal of long operations (bulk PATCH and DELETE of many links, and their undo), run as jobs that commit in
// chunks (server/jobs/): one row per operation's job, and the links it is to go through.
// - operation_jobs: which phase (apply, undo), its state (running, done, failed), how far it got (`done`, and
//   `cursor`: the highest link id done; chunks go in id order), what it needs to go on after a restart (`spec`,
//   JSON), whether its list of links is complete (`ready`: an apply whose list was not complete is rolled back at
//   start), and the instance holding it (`lease_owner`, `lease_until`).
// - operation_job_links: the links an apply goes through, written before its first chunk.
import { sql, type Kysely } from 'kysely';

const statements = (int: string, text: string) => [
  `CREATE TABLE operation_jobs (
    operation_id ${int} PRIMARY KEY REFERENCES operations(id) ON DELETE CASCADE,
    kind ${text} NOT NULL CHECK (kind IN ('apply', 'undo')),
    state ${text} NOT NULL CHECK (state IN ('running', 'done', 'failed')),
    ready ${int} NOT NULL DEFAULT 0,
    done ${int} NOT NULL DEFAULT 0,
    total ${int} NOT NULL,
    cursor ${int} NOT NULL DEFAULT 0,
    spec ${text} NOT NULL,
    error ${text},
    lease_owner ${text},
    lease_until ${text},
    updated_at ${text} NOT NULL)`,
  `CREATE INDEX operation_jobs_running ON operation_jobs (lease_until) WHERE state = 'running'`,
  `CREATE TABLE operation_job_links (
    operation_id ${int} NOT NULL REFERENCES operations(id) ON DELETE CASCADE,
    link_id ${int} NOT NULL,
    PRIMARY KEY (operation_id, link_id))`,
];

/** The same on PostgreSQL. */
export const postgres = statements('integer', 'text');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const statement of statements('INTEGER', 'TEXT')) await sql.raw(statement).execute(trx);
  });
}
