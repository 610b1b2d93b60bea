// The embedded SQLite database (WAL) behind Kysely, migrated to the latest version on open.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './schema';
import type { PostgresDb } from './postgres/open-postgres';
import { MIGRATIONS } from './migrations/migration-list';


class StaticMigrations implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  }
}

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

export async function openDatabase(file: string): Promise<SqliteDb> {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('temp_store = MEMORY');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  const migrator = new Migrator({ db: kysely, provider: new StaticMigrations() });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) {
    if (r.status === 'Error') throw new Error(`migration ${r.migrationName} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (error) throw error;
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
