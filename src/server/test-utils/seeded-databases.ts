// A SQLite database always, and a PostgreSQL one when TEST_DATABASE_URL is set (dropped afterwards), both migrated
// and seeded alike: for tests that check the same answers on each database that can run here.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { openDatabase, type SqliteDb } from '../db/database';
import { openPostgres, type PostgresDb } from '../db/postgres/open-postgres';
import type { Database } from '../db/schema';
import { createTestDatabase, TEST_DATABASE_URL } from './both-databases';

export interface SeededDatabases {
  lite: SqliteDb;
  pg: PostgresDb | undefined;
  close(): Promise<void>;
}

export async function seededDatabases(seed: (db: Kysely<Database>) => Promise<void>): Promise<SeededDatabases> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkdeck-seeded-'));
  const lite = await openDatabase(path.join(dir, 'seeded.db'));
  await seed(lite.kysely);
  const database = TEST_DATABASE_URL ? await createTestDatabase() : undefined;
  const pg = database ? await openPostgres(database.url) : undefined;
  if (pg) await seed(pg.kysely);
  return {
    lite,
    pg,
    async close() {
      await lite.close();
      await pg?.close();
      await database?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
