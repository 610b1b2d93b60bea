// Two apps on one PostgreSQL database (in one process: the limits live in the database, not in either
// app): the API rate limit and the redirect-password attempts are counted across both, and a grant
// cookie made by one opens the link on the other. Runs when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { UsersRepo } from '../../users/users.repo';
import { openPostgres, type PostgresDb } from './open-postgres';
import { createTestDatabase, TEST_DATABASE_URL } from '../../test-utils/both-databases';

describe.skipIf(!TEST_DATABASE_URL)('limits shared by instances on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const dbs: PostgresDb[] = [];
  const apps: FastifyInstance[] = [];
  let key = '';

  beforeAll(async () => {
    database = await createTestDatabase();
    for (let i = 0; i < 2; i++) {
      const db = await openPostgres(database.url, { max: 3 });
      dbs.push(db);
      const config = loadConfig({}, { dataDir: '/nonexistent', databaseUrl: database.url, apiRateLimit: 4, fetchTitles: false, baseUrl: 'http://short.test' });
      apps.push(await buildApp({ config, db }));
    }
    key = (await new UsersRepo(dbs[0]!.kysely).create('Admin', 'admin')).apiKey;
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const db of dbs) await db.close();
    await database?.drop();
  });

  const [a, b] = [() => apps[0] as FastifyInstance, () => apps[1] as FastifyInstance];
  const api = (app: FastifyInstance, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: { authorization: `Bearer ${key}` } });

  it('the API rate limit is one budget per key over both', async () => {
    const codes: number[] = [];
    const remaining: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await api(i % 2 ? b() : a(), 'GET', '/api/v1/account');
      codes.push(res.statusCode);
      remaining.push(String(res.headers['x-ratelimit-remaining']));
    }
    expect(codes).toEqual([200, 200, 200, 200, 429, 429]);
    expect(remaining).toEqual(['3', '2', '1', '0', '0', '0']);
  });

  it('password attempts are counted over both; a grant from one opens the link on the other', async () => {
    // A fresh budget: another key (the admin's is used up by the test above).
    key = (await new UsersRepo(dbs[0]!.kysely).create('Second', 'user')).apiKey;
    const created = await api(a(), 'POST', '/api/v1/links', { url: 'https://example.com/in', alias: 'shared-pw', redirect_password: 'right-one' });
    expect(created.statusCode).toBe(201);
    const form = (password: string) => ({ payload: `password=${password}`, headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'short.test' } });
    for (let i = 0; i < 5; i++) {
      const res = await (i % 2 ? b() : a()).inject({ method: 'POST', url: '/shared-pw', ...form(`wrong${i}`) });
      expect(res.statusCode).toBe(401);
    }
    expect((await a().inject({ method: 'POST', url: '/shared-pw', ...form('right-one') })).statusCode).toBe(429);

    const other = await api(a(), 'POST', '/api/v1/links', { url: 'https://example.com/other', alias: 'granted-pw', redirect_password: 'right-one' });
    expect(other.statusCode).toBe(201);
    const ok = await a().inject({ method: 'POST', url: '/granted-pw', ...form('right-one') });
    expect(ok.statusCode).toBe(303);
    const cookie = String(ok.headers['set-cookie']).split(';')[0] as string;
    const onB = await b().inject({ method: 'GET', url: '/granted-pw', headers: { cookie, host: 'short.test' } });
    expect(onB.statusCode).toBe(302);
    expect(onB.headers.location).toBe('https://example.com/other');
  });
});
