// What several instances must count together: failed redirect-password attempts per visitor and
// link, and the API's rate-limit windows. One SQLite process keeps both in memory (grants.ts, Fastify's
// rate-limit store), so on SQLite this migration creates nothing; on PostgreSQL they are small tables
// (redirect/pg-attempts.ts, http/pg-rate-limit-store.ts) whose old rows are deleted as they are read.
import type { Kysely } from 'kysely';

export const postgres = [
  'CREATE TABLE password_attempts (key text NOT NULL, at bigint NOT NULL)',
  'CREATE INDEX password_attempts_key ON password_attempts (key, at)',
  'CREATE TABLE rate_limits (key text PRIMARY KEY, window_start bigint NOT NULL, count integer NOT NULL)',
  // Names sort byte for byte as on SQLite (BINARY), whatever the database's default collation.
  'ALTER TABLE users ALTER COLUMN name TYPE text COLLATE "C"',
  'ALTER TABLE domains ALTER COLUMN name TYPE text COLLATE "C"',
  'ALTER TABLE spaces ALTER COLUMN name TYPE text COLLATE "C"',
  'ALTER TABLE pixels ALTER COLUMN name TYPE text COLLATE "C"',
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(_db: Kysely<any>): Promise<void> {
  // Nothing on SQLite (see above).
}
