// The databases a pool thread reads (exports): its own read-only SQLite connection to the app's file, or
// its own small PostgreSQL pool; opened on first use and kept for the thread's life.
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from '../db/schema';
import type { Db } from '../db/database';
import type { DbTarget } from './heavy-serve';

async function open(target: DbTarget): Promise<Db> {
  if ('postgres' in target) {
    // Loaded only on PostgreSQL (it brings the migrations along).
    const { newPool } = await import('../db/postgres/open-postgres');
    const pool = newPool(target.postgres, { max: 2 });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { dialect: 'postgres', kysely, pool, url: target.postgres, close: () => kysely.destroy() };
  }
  const sqlite = new SQLite(target.sqlite, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { dialect: 'sqlite', kysely, sqlite, close: () => kysely.destroy() };
}

const opened = new Map<string, Promise<Db>>();

export function workerDb(target: DbTarget): Promise<Db> {
  const key = JSON.stringify(target);
  let db = opened.get(key);
  if (!db) opened.set(key, (db = open(target)));
  return db;
}
