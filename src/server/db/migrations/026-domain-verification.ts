// Domains for teams. A domain takes traffic only once it is verified (`verified_at` set): its
// workspace proves it controls the name with a TXT record `_linkdeck.{name}` holding `verification_token`, and
// points it at this server (A/AAAA or CNAME); domains/dns-check.ts checks, domains/domain-checks.ts stores.
// `last_checked_at`, `check_error` and `check_records` (JSON: each record's state at the last check) are what the
// dashboard shows. `shared` 1: the instance admin shares the domain with every workspace, whose links may use it.
// Domains that exist before this migration take traffic today, so they are verified (since they were created:
// `verified_at` = `created_at`) and get a token like every domain; nothing stops working. None is shared.
import { sql, type Kysely } from 'kysely';

const statements = (int: string, text: string, token: string) => [
  `ALTER TABLE domains ADD COLUMN shared ${int} NOT NULL DEFAULT 0`,
  `ALTER TABLE domains ADD COLUMN verification_token ${text}`,
  `ALTER TABLE domains ADD COLUMN verified_at ${text}`,
  `ALTER TABLE domains ADD COLUMN last_checked_at ${text}`,
  `ALTER TABLE domains ADD COLUMN check_error ${text}`,
  `ALTER TABLE domains ADD COLUMN check_records ${text}`,
  `UPDATE domains SET verified_at = created_at, verification_token = 'linkdeck-' || ${token}`,
  'CREATE INDEX domains_shared ON domains (id) WHERE shared = 1',
];

/** The same on PostgreSQL: 32 random hex digits from gen_random_uuid() (PostgreSQL 13+). */
export const postgres = statements('integer', 'text', "replace(gen_random_uuid()::text, '-', '')");

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const statement of statements('INTEGER', 'TEXT', 'lower(hex(randomblob(16)))')) await sql.raw(statement).execute(trx);
  });
}
