// The embedded SQLite database (WAL) behind Kysely, migrated to the latest version on open.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type Migration } from 'kysely';
import type { Database } from './schema';
import type { PostgresDb } from './postgres/open-postgres';
import { MIGRATIONS } from './migrations/migration-list';
import { migrateSqlite } from './sqlite-migrate';
import { registerSqliteFunctions } from './sqlite-functions';
import { withCommitHooks } from '../audit/audit-scope';

/** The embedded database. */
export interface SqliteDb {
  dialect: 'sqlite';
  kysely: Kysely<Database>;
  /** The raw connection, for the few hot paths that use prepared statements directly. */
  sqlite: SQLite.Database;
  close(): Promise<void>;
}

/**
 * The storage an app runs on, chosen once at start (storage.ts): SQLite, or PostgreSQL (DATABASE_URL).
 * Everything that goes through Kysely is shared; the few parts that use the raw connection have one
 * small implementation per dialect.
 */
export type Db = SqliteDb | PostgresDb;

/**
 * Opens (and creates) the SQLite file and applies its pending migrations, all in one transaction, after a
 * snapshot of the file (sqlite-migrate.ts). A failure closes the file and throws a DatabaseStartError.
 * `migrations`: the list to migrate to (tests: a failing one).
 */
export async function openDatabase(file: string, migrations: Record<string, Migration> = MIGRATIONS): Promise<SqliteDb> {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('temp_store = MEMORY');
  registerSqliteFunctions(sqlite);
  try {
    await migrateSqlite(sqlite, file, migrations);
  } catch (err) {
    sqlite.close();
    throw err;
  }
  // Transactions let an audited request's entry in before they commit (audit/audit-scope.ts).
  const kysely = new Kysely<Database>({ dialect: withCommitHooks(new SqliteDialect({ database: sqlite })) });
  let closed = false;
  return {
    dialect: 'sqlite',
    kysely,
    sqlite,
    async close() {
      if (closed) return;
      closed = true;
      await kysely.destroy();
    },
  };
}
