// Migration tests: a database of the run's kind (SQLite file, or PostgreSQL) migrated up to before a migration, as
// an older release left it, and a way to open it at the latest version (which runs the pending migrations).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, sql, type Migration } from 'kysely';
import { MIGRATIONS } from '../db/migrations/migration-list';
import { openDatabase, type Db } from '../db/database';
import { openPostgres } from '../db/postgres/open-postgres';
import type { Database } from '../db/schema';
import { hashApiKey, newApiKey } from '../auth/secrets';
import { createTestDatabase } from './both-databases';
import { onPostgres } from './test-app';

export interface DatabaseBefore {
  /** The database as migrated so far. */
  old: Kysely<Database>;
  closeOld(): Promise<void>;
  /** Opens it migrated to the latest version. */
  reopen(): Promise<Db>;
}

/** `migration`: the first migration left out (its number, `'025'`); `cleanup` collects what to undo afterwards. */
export async function databaseBefore(migration: string, cleanup: (() => Promise<void>)[]): Promise<DatabaseBefore> {
  const before = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < migration));
  if (onPostgres) {
    const database = await createTestDatabase();
    cleanup.push(() => database.drop());
    // The PostgreSQL statements of the earlier migrations, as open-postgres.ts runs them.
    const steps = Object.fromEntries(
      Object.entries(before).map(([name, m]): [string, Migration] => [name, { up: async (db) => { for (const s of m.postgres) await sql.raw(s).execute(db); } }]),
    );
    const old = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max: 2 }) }) });
    const { error } = await new Migrator({ db: old, provider: { getMigrations: async () => steps } }).migrateToLatest();
    if (error) throw error;
    return { old, closeOld: () => old.destroy(), reopen: () => openPostgres(database.url, { max: 4 }) };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `linkdeck-${migration}-`));
  cleanup.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'linkdeck.db');
  const db = await openDatabase(file, before);
  return { old: db.kysely, closeOld: () => db.close(), reopen: () => openDatabase(file) };
}

/** A user as releases before migration 025 made one (its key hashed in users.api_key_hash); its id and key. */
export async function insertUserBefore025(db: Kysely<Database>, name: string, role: 'admin' | 'user'): Promise<{ id: number; apiKey: string }> {
  const apiKey = newApiKey();
  const at = new Date().toISOString();
  const row = await sql<{ id: number }>`INSERT INTO users (name, role, api_key_hash, created_at, updated_at)
    VALUES (${name}, ${role}, ${hashApiKey(apiKey)}, ${at}, ${at}) RETURNING id`.execute(db);
  return { id: Number(row.rows[0]?.id), apiKey };
}
