// A real app on a real SQLite file in a temp directory, for app.inject() tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Db } from '../db/database';
import { UsersRepo } from '../users/users.repo';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  dir: string;
  /** An admin's key and a plain user's key. */
  adminKey: string;
  userKey: string;
  userId: number;
  /** inject() with `Authorization: Bearer key`. */
  as(key: string, opts: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkdeck-test-'));
  const config = loadConfig({}, { dataDir: dir, dbFile: path.join(dir, 'linkdeck.db'), apiRateLimit: 0, fetchTitles: false, baseUrl: 'http://short.test', ...overrides });
  const db = await openDatabase(config.dbFile);
  const users = new UsersRepo(db.kysely);
  const admin = await users.create('Admin', 'admin');
  const user = await users.create('User', 'user');
  const app = await buildApp({ config, db });
  await app.ready();
  return {
    app,
    db,
    dir,
    adminKey: admin.apiKey,
    userKey: user.apiKey,
    userId: user.user.id,
    as(key, opts) {
      return app.inject({ ...opts, headers: { authorization: `Bearer ${key}`, ...(opts.headers ?? {}) } });
    },
    async close() {
      await app.close();
      await db.close();
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
