// The same data on both backends, for tests that compare them: a fresh PostgreSQL database on the server
// that TEST_DATABASE_URL names (dropped afterwards) and a SQLite file, both migrated and seeded alike.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Kysely } from 'kysely';
import { openDatabase, type SqliteDb } from '../db/database';
import type { Database } from '../db/schema';
import { openPostgres, type PostgresDb } from '../db/postgres/open-postgres';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** Runs one statement as TEST_DATABASE_URL's user (CREATE/DROP DATABASE). */
export async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}

/** The URL of database `name` on TEST_DATABASE_URL's server. */
export function databaseUrl(name: string): string {
  const u = new URL(TEST_DATABASE_URL as string);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A new, empty database's name and URL; `options` go after CREATE DATABASE name. */
export async function createTestDatabase(options = ''): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `linkdeck_test_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name} ${options}`);
  return { name, url: databaseUrl(name), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export interface BothDatabases {
  pg: PostgresDb;
  lite: SqliteDb;
  close(): Promise<void>;
}

export async function openBoth(seed: (db: Kysely<Database>) => Promise<void>, createOptions = ''): Promise<BothDatabases> {
  const database = await createTestDatabase(createOptions);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkdeck-both-'));
  const pgdb = await openPostgres(database.url);
  const lite = await openDatabase(path.join(dir, 'both.db'));
  await seed(pgdb.kysely);
  await seed(lite.kysely);
  return {
    pg: pgdb,
    lite,
    async close() {
      await pgdb.close();
      await lite.close();
      await database.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
