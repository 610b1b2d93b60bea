// Reserved hosts: the host of BASE_URL and RESERVED_HOSTS are never an account's domain, and a
// visit to them is always the default domain, even when an old row names one. Runs on both databases.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestApp, form, type TestApp } from '../test-utils/test-app';
import { create, expect422 } from '../test-utils/api';
import { visit } from '../redirect/test-helpers';
import { verifyDomain } from '../test-utils/dns-server';
import { parseReservedHosts, reservedHostsOf } from './reserved-hosts';

let t: TestApp;
beforeAll(async () => {
  // BASE_URL is http://short.test (test-app.ts); the operator reserves two more.
  t = await createTestApp({ reservedHosts: parseReservedHosts('www.short.test, Brand.Example.') });
});
afterAll(async () => t.close());

const postDomain = (key: string, name: string) => t.as(key, { method: 'POST', url: '/api/v1/domains', ...form({ name }) });

describe('reserved hosts', () => {
  it('refuses the host of BASE_URL in every spelling, for users and admins, with 422 on name', async () => {
    for (const name of ['short.test', 'SHORT.test.', 'short.test:443', 'https://Short.Test/x']) {
      for (const key of [t.userKey, t.adminKey]) {
        expect(expect422(await postDomain(key, name), 'name').name?.[0]).toBe('The name field is reserved by this instance.');
      }
    }
  });

  it('refuses the hosts of RESERVED_HOSTS, normalised', async () => {
    for (const name of ['www.short.test', 'brand.example', 'BRAND.example.:8080']) expect422(await postDomain(t.userKey, name), 'name');
    expect((await t.query('SELECT count(*) AS n FROM domains'))[0]).toEqual({ n: 0 });
  });

  it('refuses a reserved name sent to PUT and PATCH, and keeps the domain as it was', async () => {
    const d = await create(t, t.userKey, 'domains', { name: 'mine.example' });
    for (const method of ['PUT', 'PATCH'] as const) {
      const res = await t.as(t.userKey, { method, url: `/api/v1/domains/${d.id}`, ...form({ name: 'short.test', homepage_url: 'https://evil.example/' }) });
      expect422(res, 'name');
    }
    const [row] = await t.query('SELECT name, homepage_url FROM domains WHERE id = ?', d.id);
    expect(row).toEqual({ name: 'mine.example', homepage_url: null });
  });

  it('stores the normalised name, and compares names normalised', async () => {
    const d = await create(t, t.userKey, 'domains', { name: 'BÜCHER.Example.:443' });
    expect(d.name).toBe('xn--bcher-kva.example');
    expect(expect422(await postDomain(t.userKey, 'xn--bcher-kva.example'), 'name').name?.[0]).toMatch(/already been taken/);
    expect422(await postDomain(t.userKey, 'bücher.example.'), 'name');
  });

  it('finds a domain whatever spelling of its host a visit uses', async () => {
    const d = await create(t, t.userKey, 'domains', { name: 'go.example.com', not_found_url: 'https://go-404.example/' });
    await verifyDomain(t, d.id);
    await create(t, t.userKey, 'links', { url: 'https://dest.example/', alias: 'spelled', domain_id: d.id });
    for (const host of ['GO.example.com.', 'go.example.com:8080', 'Go.Example.Com.:443']) {
      expect((await visit(t, '/spelled', { headers: { host } })).headers.location).toBe('https://dest.example/');
      expect((await visit(t, '/unknown', { headers: { host } })).headers.location).toBe('https://go-404.example/');
    }
    const idn = await create(t, t.userKey, 'domains', { name: 'bücher2.example', homepage_url: 'https://books.example/' });
    await verifyDomain(t, idn.id);
    expect((await visit(t, '/', { headers: { host: `${idn.name}.` } })).headers.location).toBe('https://books.example/');
  });
});

describe('a domain row on a reserved host, registered before the fix', () => {
  let domainId = 0;
  beforeAll(async () => {
    const now = new Date().toISOString();
    for (const name of ['short.test', 'brand.example']) {
      // Verified, as every domain made before verification existed is (migration 026): only the reservation stops it.
      await t.query(
        'INSERT INTO domains (user_id, name, homepage_url, not_found_url, https, verified_at, created_at, updated_at) VALUES (?, ?, ?, ?, 1, ?, ?, ?)',
        t.userId, name, 'https://taken.example/home', 'https://taken.example/404', now, now, now,
      );
    }
    domainId = (await t.query<{ id: number }>("SELECT id FROM domains WHERE name = 'short.test'"))[0]?.id ?? 0;
    // Only that account has this alias, and only on that domain.
    await create(t, t.userKey, 'links', { url: 'https://taken.example/link', alias: 'only-there', domain_id: domainId });
    await create(t, t.userKey, 'links', { url: 'https://default.example/', alias: 'everyone' });
  });

  it('never answers for its host: /, an unknown alias and its own alias are the default domain\'s', async () => {
    for (const host of ['short.test', 'SHORT.test.', 'short.test:8080', 'brand.example']) {
      const root = await visit(t, '/', { headers: { host } });
      expect(root.statusCode).toBe(302);
      expect(root.headers.location).toBe('/dashboard/');
      const unknown = await visit(t, '/no-such-alias', { headers: { host } });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.headers.location).toBeUndefined();
      expect((await visit(t, '/only-there', { headers: { host } })).statusCode).toBe(404);
      expect((await visit(t, '/everyone', { headers: { host } })).headers.location).toBe('https://default.example/');
    }
  });

  it('is named in one warning when the instance starts', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(chunk.toString()), done()) });
    const app = await buildApp({ config: t.app.ctx.config, db: t.db, logger: { level: 'warn', stream } });
    await app.ready();
    await app.close();
    const warnings = lines.map((l) => JSON.parse(l) as { msg: string }).filter((l) => l.msg.includes('reserved host'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.msg).toContain(`short.test (domain ${domainId}, user ${t.userId})`);
    expect(warnings[0]?.msg).toContain('brand.example');
  });
});

describe('RESERVED_HOSTS', () => {
  it('is parsed and normalised; BASE_URL\'s host is always reserved', () => {
    const config = loadConfig({ BASE_URL: 'https://Go.Example.com:8443', RESERVED_HOSTS: ' a.example ,Bücher.example.,' });
    expect(config.reservedHosts).toEqual(['a.example', 'xn--bcher-kva.example']);
    expect([...reservedHostsOf(config)]).toEqual(['go.example.com', 'a.example', 'xn--bcher-kva.example']);
    expect(loadConfig({}).reservedHosts).toEqual([]);
  });

  it('stops the start with one line naming an entry that is not a host name', () => {
    for (const entry of ['https://x.example', 'under_score.example', 'a b.example']) {
      expect(() => loadConfig({ RESERVED_HOSTS: `ok.example,${entry}` })).toThrow(`RESERVED_HOSTS must list host names separated by commas, got "${entry}"`);
    }
  });
});
