// Migration 026 (domains for teams) on a database that already has a custom domain with a link, on the
// database of the run (SQLite file, or PostgreSQL): the domain is verified (since it was created) and gets a
// token, none is shared, and its link keeps redirecting on its host after the upgrade.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { rawQuery } from '../test-utils/test-app';
import { databaseBefore } from '../test-utils/database-before';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { visit } from '../redirect/test-helpers';

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

describe('026-domain-verification on a database with custom domains', () => {
  it('verifies the domains that exist, gives each a token, shares none, and their links keep redirecting', async () => {
    const { old, closeOld, reopen } = await databaseBefore('026', cleanup);
    const at = '2026-01-01T00:00:00.000Z';
    await sql`INSERT INTO users (name, role, api_key_hash, created_at, updated_at) VALUES ('Owner', 'user', 'h', ${at}, ${at})`.execute(old);
    const userId = Number((await sql<{ id: number }>`SELECT id FROM users`.execute(old)).rows[0]?.id);
    for (const name of ['go.brand.example', 'two.brand.example']) {
      await sql`INSERT INTO domains (user_id, name, https, created_at, updated_at) VALUES (${userId}, ${name}, 1, ${at}, ${at})`.execute(old);
    }
    const domainId = Number((await sql<{ id: number }>`SELECT id FROM domains WHERE name = 'go.brand.example'`.execute(old)).rows[0]?.id);
    await sql`INSERT INTO links (user_id, domain_id, alias, url, targets, sensitive_content, privacy, disabled, clicks, created_at, updated_at)
      VALUES (${userId}, ${domainId}, 'old', 'https://old.example/', '[]', 0, 0, 0, 0, ${at}, ${at})`.execute(old);
    await closeOld();

    const db = await reopen();
    cleanup.push(() => db.close());
    const rows = await rawQuery<Record<string, unknown>>(db, 'SELECT name, shared, verified_at, verification_token, last_checked_at, check_error, check_records FROM domains ORDER BY id', []);
    expect(rows).toEqual(
      ['go.brand.example', 'two.brand.example'].map((name) => ({
        name,
        shared: 0,
        verified_at: at,
        verification_token: expect.stringMatching(/^linkdeck-[0-9a-f]{32}$/),
        last_checked_at: null,
        check_error: null,
        check_records: null,
      })),
    );
    expect(rows[0]?.verification_token).not.toBe(rows[1]?.verification_token);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkdeck-026-app-'));
    cleanup.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    const config = loadConfig({}, { dataDir: dir, dbFile: path.join(dir, 'unused.db'), apiRateLimit: 0, wrongApiKeyLimit: 0, fetchTitles: false, baseUrl: 'http://short.test', domainCheckEveryMs: null });
    const app = await buildApp({ config, db });
    cleanup.push(() => app.close());
    await app.ready();
    const t = { app } as Parameters<typeof visit>[0];
    expect((await visit(t, '/old', { headers: { host: 'go.brand.example' } })).headers.location).toBe('https://old.example/');
    expect((await app.inject({ method: 'GET', url: '/domains/allowed?domain=two.brand.example' })).statusCode).toBe(200);
  });
});
