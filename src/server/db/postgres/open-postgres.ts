// PostgreSQL behind Kysely (pg's Pool, Kysely's PostgresDialect): connect, say clearly what is wrong when
// that fails, and migrate from the same numbered list as SQLite, each migration's `postgres` SQL.
// Several instances starting at once do not race: Kysely's migrator holds a PostgreSQL advisory lock
// (pg_advisory_xact_lock) while it migrates, so one migrates and the others wait, then find nothing to do.
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from '../schema';
import { MIGRATIONS } from '../migrations/migration-list';
import { withCommitHooks } from '../../audit/audit-scope';


class PostgresMigrations implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(MIGRATIONS).map(([name, m]) => [
        name,
        {
          async up(db: Kysely<unknown>) {
            for (const statement of m.postgres) await sql.raw(statement).execute(db);
          },
        },
      ]),
    );
  }
}

/** A start-up failure with one line that names the problem (no stack trace for the operator). */
export class DatabaseStartError extends Error {}

export interface PostgresDb {
  dialect: 'postgres';
  kysely: Kysely<Database>;
  pool: pg.Pool;
  /** DATABASE_URL (the LISTEN connection of pg-changes.ts opens its own client). */
  url: string;
  close(): Promise<void>;
}

/** Where the URL points, without its password. */
function describe(url: string): { where: string; user: string; database: string } {
  try {
    const u = new URL(url);
    return { where: `${u.hostname || 'localhost'}:${u.port || 5432}`, user: decodeURIComponent(u.username), database: decodeURIComponent(u.pathname.slice(1)) };
  } catch {
    throw new DatabaseStartError('DATABASE_URL is not a valid URL (expected postgres://user:password@host:5432/database)');
  }
}

/** The one line an operator needs, from pg's error codes. */
export function explain(err: unknown, url: string): string {
  const { where, user, database } = describe(url);
  const e = err as { code?: string; message?: string };
  switch (e.code) {
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
      return `cannot reach PostgreSQL at ${where} (${e.code}): is the server running, and is DATABASE_URL's host right?`;
    case '28P01':
    case '28000':
      return `PostgreSQL at ${where} refused user "${user}": wrong password or no such role (${e.code})`;
    case '3D000':
      return `database "${database}" does not exist on ${where}: create it (createdb ${database}) or fix DATABASE_URL`;
    case '0A000':
    case '58P01':
      return `the pg_trgm extension is missing on ${where}: install PostgreSQL's contrib package (Debian: postgresql-contrib)`;
    case '42501':
      return `user "${user}" may not create what Linkdeck needs in "${database}" (${e.message ?? 'permission denied'})`;
    default:
      return `PostgreSQL at ${where} failed: ${e.message ?? String(err)}${e.code ? ` (${e.code})` : ''}`;
  }
}

/**
 * A pool of Linkdeck's connections. Bounded waits, so that a request during an outage fails (503) instead
 * of hanging: 5 s to get a connection, 15 s for a query. `options`: settings for each connection's session.
 */
export function newPool(url: string, opts: { max: number; connectTimeoutMs?: number; options?: string }): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max,
    connectionTimeoutMillis: opts.connectTimeoutMs ?? 5000,
    query_timeout: 15_000,
    keepAlive: true,
    options: opts.options,
  });
  pool.on('error', () => undefined); // an idle client's error: the next query reconnects
  return pool;
}

export async function openPostgres(url: string, opts: { max?: number; connectTimeoutMs?: number } = {}): Promise<PostgresDb> {
  describe(url);
  const pool = newPool(url, { max: opts.max ?? 10, connectTimeoutMs: opts.connectTimeoutMs });
  // Transactions let an audited request's entry in before they commit (audit/audit-scope.ts).
  const kysely = new Kysely<Database>({ dialect: withCommitHooks(new PostgresDialect({ pool })) });
  try {
    await sql`SELECT 1`.execute(kysely);
    const migrator = new Migrator({ db: kysely, provider: new PostgresMigrations() });
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (error) throw Object.assign(error instanceof Error ? error : new Error(String(error)), { migration: failed?.migrationName });
  } catch (err) {
    await kysely.destroy().catch(() => undefined);
    const migration = (err as { migration?: string }).migration;
    throw new DatabaseStartError(`${explain(err, url)}${migration ? ` (in migration ${migration})` : ''}`);
  }
  let closed = false;
  return {
    dialect: 'postgres',
    kysely,
    pool,
    url,
    async close() {
      if (closed) return;
      closed = true;
      await kysely.destroy();
    },
  };
}
