// A real app for app.inject() tests, on a real database: a SQLite file in a temp directory, or, in the
// PostgreSQL run of the suite (TEST_BACKEND=postgres, vite.config.ts), a fresh PostgreSQL database made
// from the migrated template of pg-template.ts and dropped on close.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Db } from '../db/database';
import { openPostgres } from '../db/postgres/open-postgres';
import { UsersRepo } from '../users/users.repo';
import { createFromTemplate } from './pg-template';

export const onPostgres = process.env.TEST_BACKEND === 'postgres';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** The raw SQLite connection (SQLite-only tests; throws on PostgreSQL). */
  readonly sqlite: SQLite.Database;
  dir: string;
  /** An admin's key and a plain user's key. */
  adminKey: string;
  userKey: string;
  userId: number;
  /** inject() with `Authorization: Bearer key`. */
  as(key: string, opts: InjectOptions): Promise<LightMyRequestResponse>;
  /** Raw SQL for a test's checks, on either database (`?` placeholders). */
  query<T = Record<string, unknown>>(text: string, ...params: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** Runs `text` with `?` placeholders on the test's database (tests only: the text is a literal). */
export async function rawQuery<T>(db: Db, text: string, params: unknown[]): Promise<T[]> {
  if (db.dialect === 'sqlite') {
    const s = db.sqlite.prepare(text);
    return (s.reader ? s.all(...params) : (s.run(...params), [])) as T[];
  }
  let n = 0;
  const r = await db.pool.query(text.replace(/\?/g, () => `$${++n}`), params);
  // count(*) and sums are bigint (text in node-postgres): numbers, as SQLite gives them.
  return r.rows.map((row: Record<string, unknown>) => {
    for (const f of r.fields) if (f.dataTypeID === 20 || f.dataTypeID === 1700) row[f.name] = row[f.name] === null ? null : Number(row[f.name]);
    return row as T;
  });
}

export async function openTestDatabase(dir: string): Promise<{ db: Db; drop(): Promise<void> }> {
  if (!onPostgres) return { db: await openDatabase(path.join(dir, 'linkdeck.db')), drop: async () => undefined };
  const database = await createFromTemplate();
  const db = await openPostgres(database.url, { max: 4 });
  return { db, drop: database.drop };
}

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkdeck-test-'));
  const config = loadConfig({}, { dataDir: dir, dbFile: path.join(dir, 'linkdeck.db'), apiRateLimit: 0, wrongApiKeyLimit: 0, fetchTitles: false, baseUrl: 'http://short.test', checkResponses: true, ...overrides });
  const { db, drop } = await openTestDatabase(dir);
  const users = new UsersRepo(db.kysely);
  const admin = await users.create('Admin', 'admin');
  const user = await users.create('User', 'user');
  const app = await buildApp({ config, db });
  await app.ready();
  return {
    app,
    db,
    get sqlite() {
      if (db.dialect !== 'sqlite') throw new Error('this test reads SQLite directly: it belongs to the SQLite run only');
      return db.sqlite;
    },
    dir,
    adminKey: admin.apiKey,
    userKey: user.apiKey,
    userId: user.user.id,
    as(key, opts) {
      return app.inject({ ...opts, headers: { authorization: `Bearer ${key}`, ...(opts.headers ?? {}) } });
    },
    query: (text, ...params) => rawQuery(db, text, params),
    async close() {
      await app.close();
      await db.close();
      await drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** application/x-www-form-urlencoded body from pairs, keeping bracket keys as they are. */
export function form(pairs: Record<string, string | number> | [string, string | number][]): InjectOptions {
  const entries = Array.isArray(pairs) ? pairs : Object.entries(pairs);
  const payload = entries.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`).join('&');
  return { payload, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
}
