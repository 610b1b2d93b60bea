// The embedded SQLite database (WAL) behind Kysely, migrated to the latest version on open.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './schema';
import type { PostgresDb } from './postgres/open-postgres';
import * as m001 from './migrations/001-initial';
import * as m002 from './migrations/002-list-performance';
import * as m003 from './migrations/003-lean-click-events';
import * as m004 from './migrations/004-shared-limits';
import * as m005 from './migrations/005-domain-https';
import * as m006 from './migrations/006-operations';
import * as m007 from './migrations/007-imports';
import * as m008 from './migrations/008-analytics';
import * as m009 from './migrations/009-webhooks';
import * as m010 from './migrations/010-utm-templates';
import * as m011 from './migrations/011-qr-styles';
import * as m012 from './migrations/012-tags';
import * as m013 from './migrations/013-link-previews';

const migrations: Record<string, Migration> = {
  '001-initial': m001,
  '002-list-performance': m002,
  '003-lean-click-events': m003,
  '004-shared-limits': m004,
  '005-domain-https': m005,
  '006-operations': m006,
  '007-imports': m007,
  '008-analytics': m008,
  '009-webhooks': m009,
  '010-utm-templates': m010,
  '011-qr-styles': m011,
  '012-tags': m012,
  '013-link-previews': m013,
};

class StaticMigrations implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
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
