// Migration 025 (workspaces) on a database made with the schema and data of before (on the run's
// database: SQLite file, or PostgreSQL): every id is kept, every person owns its personal workspace, each old key
// is its person's sign-in key and still authenticates, and lists the same links, domains, spaces, tags and stats.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { rawQuery } from '../test-utils/test-app';
import { databaseBefore, insertUserBefore025 } from '../test-utils/database-before';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Db } from './database';
import type { Database } from './schema';
import { API_SCOPES } from '../../shared/api-scopes';

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

const AT = '2026-01-01T00:00:00.000Z';
const DAY = new Date().toISOString().slice(0, 10);

/** One account's data as releases before 025 wrote it; the ids. */
async function seedAccount(db: Kysely<Database>, userId: number, n: string) {
  const id = async (q: ReturnType<typeof sql<{ id: number }>>) => Number((await q.execute(db)).rows[0]?.id);
  const domain = await id(sql`INSERT INTO domains (user_id, name, homepage_url, not_found_url, https, created_at, updated_at)
    VALUES (${userId}, ${`go${n}.example.com`}, NULL, NULL, 1, ${AT}, ${AT}) RETURNING id`);
  const space = await id(sql`INSERT INTO spaces (user_id, name, color, created_at, updated_at) VALUES (${userId}, ${`Space ${n}`}, 2, ${AT}, ${AT}) RETURNING id`);
  const pixel = await id(sql`INSERT INTO pixels (user_id, name, type, value, created_at, updated_at) VALUES (${userId}, 'Ads', 'facebook', ${`v${n}`}, ${AT}, ${AT}) RETURNING id`);
  const tag = await id(sql`INSERT INTO tags (user_id, name, name_key, color, created_at, updated_at) VALUES (${userId}, 'Spring', 'spring', 1, ${AT}, ${AT}) RETURNING id`);
  const links: number[] = [];
  for (const [i, domainId] of [[1, domain], [2, null]] as const) {
    links.push(
      await id(sql`INSERT INTO links (user_id, domain_id, space_id, alias, url, targets, sensitive_content, privacy, disabled, clicks, created_at, updated_at)
        VALUES (${userId}, ${domainId}, ${space}, ${`a${n}${i}`}, ${`https://old${n}.example/${i}`}, '[]', 0, 0, 0, 3, ${AT}, ${AT}) RETURNING id`),
    );
  }
  await sql`INSERT INTO link_pixels (link_id, pixel_id) VALUES (${links[0]}, ${pixel})`.execute(db);
  await sql`INSERT INTO link_tags (link_id, tag_id) VALUES (${links[0]}, ${tag})`.execute(db);
  for (const linkId of links) {
    await sql`INSERT INTO click_daily (link_id, day, dimension, value, count, uniques) VALUES (${linkId}, ${DAY}, 'clicks', '', 3, 2)`.execute(db);
  }
  for (const [s, d] of [[-1, -1], [-1, 0], [0, -1], [0, 0]] as const) {
    await sql`INSERT INTO click_account_daily (user_id, space_id, domain_id, dimension, day, value, count, uniques)
      VALUES (${userId}, ${s}, ${d}, 'clicks', ${DAY}, '', 6, 4)`.execute(db);
  }
  const template = await id(sql`INSERT INTO utm_templates (user_id, name, utm_source, created_at, updated_at) VALUES (${userId}, 'News', 'news', ${AT}, ${AT}) RETURNING id`);
  const view = await id(sql`INSERT INTO saved_views (user_id, name, name_key, query, created_at, updated_at) VALUES (${userId}, 'Active', 'active', 'status=1', ${AT}, ${AT}) RETURNING id`);
  return { domain, space, pixel, tag, links, template, view };
}

async function appOn(db: Db): Promise<FastifyInstance> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkdeck-025-app-'));
  cleanup.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  const config = loadConfig({}, { dataDir: dir, dbFile: path.join(dir, 'unused.db'), apiRateLimit: 0, wrongApiKeyLimit: 0, fetchTitles: false, baseUrl: 'http://short.test', checkResponses: true });
  const app = await buildApp({ config, db });
  cleanup.push(() => app.close());
  await app.ready();
  return app;
}

describe('025-workspaces on a database made before it', () => {
  it('keeps every id, key, link and statistic: each account becomes its person and personal workspace', async () => {
    const { old, closeOld, reopen } = await databaseBefore('025', cleanup);
    const admin = await insertUserBefore025(old, 'Admin', 'admin');
    const ada = await insertUserBefore025(old, 'Ada', 'user');
    const adas = await seedAccount(old, ada.id, '1');
    const admins = await seedAccount(old, admin.id, '2');
    const hashes = (await sql<{ id: number; api_key_hash: string }>`SELECT id, api_key_hash FROM users ORDER BY id`.execute(old)).rows;
    await closeOld();

    const db = await reopen();
    cleanup.push(() => db.close());
    const q = <T = Record<string, unknown>>(text: string, ...params: unknown[]) => rawQuery<T>(db, text, params);
    expect(await q('SELECT id, name, role, kind FROM users ORDER BY id')).toEqual([
      { id: admin.id, name: 'Admin', role: 'admin', kind: 'person' },
      { id: ada.id, name: 'Ada', role: 'user', kind: 'person' },
    ]);
    expect(await q('SELECT workspace_id, user_id, role FROM memberships ORDER BY user_id')).toEqual([
      { workspace_id: admin.id, user_id: admin.id, role: 'owner' },
      { workspace_id: ada.id, user_id: ada.id, role: 'owner' },
    ]);
    const keys = await q<{ user_id: number; workspace_id: number | null; name: string; key_hash: string; scopes: string; expires_at: string | null }>(
      'SELECT user_id, workspace_id, name, key_hash, scopes, expires_at FROM api_keys ORDER BY user_id',
    );
    expect(keys.map((k) => ({ ...k, scopes: JSON.parse(k.scopes) as unknown }))).toEqual(
      hashes.map((h) => ({ user_id: h.id, workspace_id: null, name: 'Sign-in key', key_hash: h.api_key_hash, scopes: [...API_SCOPES], expires_at: null })),
    );
    const owners = await q<{ user_id: number }>('SELECT DISTINCT user_id FROM links ORDER BY user_id');
    expect(owners.map((r) => r.user_id)).toEqual([admin.id, ada.id].sort((a, b) => a - b));

    // The old keys at work: the same account, links, resources and statistics as before.
    const app = await appOn(db);
    const as = async (key: string, url: string, method: 'GET' | 'POST' = 'GET', payload?: object) => {
      const res = await app.inject({ method, url, payload, headers: { authorization: `Bearer ${key}` } });
      return { status: res.statusCode, body: res.json() as { data: Record<string, unknown> & Record<string, unknown>[] } };
    };
    expect((await as(ada.apiKey, '/api/v1/account')).body.data).toMatchObject({ id: ada.id, name: 'Ada', role: 'user' });
    const list = await as(ada.apiKey, '/api/v1/links?sort_by=id&sort=asc');
    expect(list.status).toBe(200);
    expect(list.body.data.map((l) => l.id)).toEqual(adas.links);
    const first = (await as(ada.apiKey, `/api/v1/links/${adas.links[0]}`)).body.data;
    expect(first).toMatchObject({ id: adas.links[0], domain: { id: adas.domain }, space: { id: adas.space }, pixels: [{ id: adas.pixel }], tags: [{ id: adas.tag }], clicks: 3 });
    for (const [resource, ids] of [['domains', [adas.domain]], ['spaces', [adas.space]], ['pixels', [adas.pixel]], ['tags', [adas.tag]], ['utm-templates', [adas.template]], ['views', [adas.view]]] as const) {
      expect((await as(ada.apiKey, `/api/v1/${resource}`)).body.data.map((r) => r.id), resource).toEqual(ids);
    }
    expect((await as(ada.apiKey, '/api/v1/stats')).body.data).toMatchObject({ totals: { clicks: 6 } });
    expect((await as(ada.apiKey, '/api/v1/workspaces')).body.data).toEqual([
      expect.objectContaining({ id: ada.id, name: 'Ada', kind: 'personal', role: 'owner', scopes: [...API_SCOPES] }),
    ]);

    // The instance admin keeps its own links and sees no one else's; it still manages both persons.
    expect((await as(admin.apiKey, '/api/v1/links?sort_by=id&sort=asc')).body.data.map((l) => l.id)).toEqual(admins.links);
    expect((await as(admin.apiKey, `/api/v1/links/${adas.links[0]}`)).status).toBe(404);
    expect((await as(admin.apiKey, '/api/v1/users?sort_by=id&sort=asc')).body.data.map((u) => u.id)).toEqual([admin.id, ada.id]);

    // A key rotated after the upgrade replaces the old one.
    const rotated = await as(ada.apiKey, '/api/v1/account/api-key', 'POST');
    expect(rotated.status).toBe(200);
    expect((await as(ada.apiKey, '/api/v1/account')).status).toBe(401);
    expect((await as(rotated.body.data.api_key as unknown as string, '/api/v1/links')).body.data).toHaveLength(2);
  });
});
