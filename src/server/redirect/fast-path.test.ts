// The fast path through a listening server (app.inject() never reaches it): which visits it answers,
// that its answers equal the route's, and that everything else still reaches Fastify unchanged.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, onPostgres, type TestApp } from '../test-utils/test-app';
import type { Config } from '../config';
import { CHROME_WIN, GOOGLEBOT, createLink, createPixel, dbClicks, eventCount, flush, updateLink } from './test-helpers';
import { fastPathOf } from './fast-path';
import { verifyDomain } from '../test-utils/dns-server';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let t: TestApp;
let port = 0;
afterEach(async () => {
  await t.close();
});

async function start(overrides: Partial<Config> = {}): Promise<void> {
  t = await createTestApp(overrides);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path, method, agent, headers: { host: 'short.test', 'user-agent': CHROME_WIN, ...headers } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/**
 * Visits the fast path answered: `sqlite` on SQLite; on PostgreSQL `pg`, since there the first visit after
 * a link is created or changed loads it (a promise: the route answers) and a limited link's click waits
 * for the database (always the route).
 */
function expectFast(sqlite: number, pg: number): void {
  expect(fastCount()).toBe(onPostgres ? pg : sqlite);
}

function fastCount(): number {
  const fast = fastPathOf(t.app.server);
  if (!fast) throw new Error('the server has no fast path');
  return fast.served;
}

describe('redirect fast path (listening server)', () => {
  it('answers a plain visit itself: 302, no-store, query merged, click counted', async () => {
    await start();
    const l = await createLink(t, { url: 'https://example.com/p?a=1#f', alias: 'fast' });
    const res = await get('/fast?b=2');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('https://example.com/p?a=1&b=2#f');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-length']).toBe('0');
    expectFast(1, 0);
    const nonAscii = await createLink(t, { url: 'https://example.com/€ 1', alias: 'euro' });
    expect((await get('/euro')).headers.location).toBe('https://example.com/%E2%82%AC%201');
    await flush(t);
    expect(await dbClicks(t, l.id)).toBe(1);
    expect(await dbClicks(t, nonAscii.id)).toBe(1);
    const [ev] = await t.query('SELECT os, browser, device FROM click_events WHERE link_id = ?', l.id);
    expect(ev).toEqual({ os: 'Windows', browser: 'Chrome', device: 'Desktop' });
  });

  it('HEAD and bots are redirected there but not counted', async () => {
    await start();
    const l = await createLink(t, { url: 'https://example.com/', alias: 'hb' });
    expect((await get('/hb', {}, 'HEAD')).status).toBe(302);
    expect((await get('/hb', { 'user-agent': GOOGLEBOT })).headers.location).toBe('https://example.com/');
    expectFast(2, 1);
    await flush(t);
    expect(await dbClicks(t, l.id)).toBe(0);
  });

  it('with TRUST_PROXY=2: country from the client behind both proxies, domain from X-Forwarded-Host', async () => {
    await start({ trustProxy: 2 });
    const d = (await t.as(t.userKey, { method: 'POST', url: '/api/v1/domains', payload: { name: 'brand.example' } })).json().data;
    await verifyDomain(t, d.id);
    const targets = { countries: [{ key: 'GB', value: 'https://gb.example/' }] };
    const l = await createLink(t, { url: 'https://world.example/', alias: 'geo', domain_id: d.id, targets_type: 'countries', targets: targets.countries });
    const viaProxy = await get('/geo', { 'x-forwarded-for': '81.2.69.142, 10.0.0.7', 'x-forwarded-host': 'Brand.Example' });
    expect(viaProxy.headers.location).toBe('https://gb.example/');
    expect((await get('/geo', { host: 'brand.example', 'x-forwarded-for': '8.8.8.8' })).headers.location).toBe('https://world.example/');
    expect((await get('/geo')).status).toBe(404); // the default domain has no such link
    expectFast(2, 1);
    await flush(t);
    const countries = (await t.query<{ country: string }>('SELECT country FROM click_events WHERE link_id = ? ORDER BY id', l.id)).map((r) => r.country);
    expect(countries).toEqual(['GB', 'US']);
  });

  it('without TRUST_PROXY the forwarding headers are ignored', async () => {
    await start();
    await createLink(t, { url: 'https://world.example/', alias: 'geo2', targets_type: 'countries', targets: [{ key: 'GB', value: 'https://gb.example/' }] });
    expect((await get('/geo2', { 'x-forwarded-for': '81.2.69.142', 'x-forwarded-host': 'elsewhere.example' })).headers.location).toBe('https://world.example/');
  });

  it('leaves every visit that shows a page to the route, with the same answers as before', async () => {
    await start();
    const pixel = await createPixel(t, 'facebook', '123456789012345');
    await createLink(t, { url: 'https://example.com/', alias: 'pw', redirect_password: 'secret-pw' });
    await createLink(t, { url: 'https://example.com/', alias: 'sens', sensitive_content: 1 });
    await createLink(t, { url: 'https://example.com/', alias: 'pix', pixel_ids: [pixel] });
    await createLink(t, { url: 'https://example.com/', alias: 'off', disabled: 1 });
    const past = new Date(Date.now() - 86_400_000).toISOString().slice(0, 19);
    await createLink(t, { url: 'https://example.com/', alias: 'old', active_period_end_at: past, expiration_url: 'https://example.com/gone' });
    expect((await get('/pw')).body).toContain('name="password"');
    expect((await get('/sens')).body).toContain('name="consent"');
    const pix = await get('/pix');
    expect(pix.status).toBe(200);
    expect(pix.headers['content-security-policy']).toContain('connect.facebook.net');
    expect((await get('/off')).status).toBe(404);
    expect((await get('/old')).headers.location).toBe('https://example.com/gone');
    expect((await get('/missing')).status).toBe(404);
    expect((await get('/fast/+')).status).toBe(404);
    expect(fastCount()).toBe(0);
  });

  it('never passes clicks_limit under 200 concurrent requests over real sockets', async () => {
    await start();
    const l = await createLink(t, { url: 'https://example.com/', alias: 'lim', clicks_limit: 50 });
    const answers = await Promise.all(Array.from({ length: 200 }, () => get('/lim')));
    const count = (s: number) => answers.filter((a) => a.status === s).length;
    expect(count(302)).toBe(50);
    expect(count(410)).toBe(150);
    expectFast(50, 0);
    await flush(t);
    expect(await dbClicks(t, l.id)).toBe(50);
    expect(await eventCount(t, l.id)).toBe(50);
  });

  it('a limited link: bots take slots like people, HEAD gets no Location', async () => {
    await start();
    const l = await createLink(t, { url: 'https://example.com/', alias: 'lim-bot', clicks_limit: 5 });
    const heads = await Promise.all(Array.from({ length: 20 }, () => get('/lim-bot', {}, 'HEAD')));
    expect(heads.every((a) => a.status === 302 && a.headers.location === undefined)).toBe(true);
    const bots = await Promise.all(Array.from({ length: 50 }, () => get('/lim-bot', { 'user-agent': GOOGLEBOT })));
    expect(bots.filter((a) => a.headers.location === 'https://example.com/')).toHaveLength(5);
    expect(bots.filter((a) => a.status === 410)).toHaveLength(45);
    expect((await get('/lim-bot', {}, 'HEAD')).status).toBe(410);
    await flush(t);
    expect(await dbClicks(t, l.id)).toBe(5);
  });

  it('sees API changes at once, and leaves the application routes alone', async () => {
    await start();
    const l = await createLink(t, { url: 'https://example.com/one', alias: 'chg' });
    expect((await get('/chg')).headers.location).toBe('https://example.com/one');
    await updateLink(t, l.id, { url: 'https://example.com/two' });
    expect((await get('/chg')).headers.location).toBe('https://example.com/two');
    await updateLink(t, l.id, { disabled: 1 });
    expect((await get('/chg')).status).toBe(404);
    await t.as(t.userKey, { method: 'DELETE', url: `/api/v1/links/${l.id}` });
    expect((await get('/chg')).status).toBe(404);
    expect((await get('/health')).body).toBe('{"status":"ok"}');
    expect((await get('/api')).status).toBe(404);
    expect((await get('/dashboard')).status).toBeLessThan(400);
    expectFast(2, 0);
  });

  it('is off with LOG_REQUESTS, so that every visit is logged by Fastify', async () => {
    await start({ logRequests: true });
    await createLink(t, { url: 'https://example.com/', alias: 'logged' });
    expect((await get('/logged')).headers.location).toBe('https://example.com/');
    expect(fastCount()).toBe(0);
  });

  it('keeps every click of a burst when the server stops right after it', async () => {
    await start();
    const l = await createLink(t, { url: 'https://example.com/', alias: 'burst' });
    const answers = await Promise.all(Array.from({ length: 300 }, () => get('/burst')));
    expect(answers.every((a) => a.status === 302)).toBe(true);
    // On PostgreSQL the visits that arrive while the link is being loaded share that read (the route answers).
    if (onPostgres) expect(fastCount()).toBeGreaterThan(200);
    else expect(fastCount()).toBe(300);
    await t.app.close();
    expect(await dbClicks(t, l.id)).toBe(300);
    expect(await eventCount(t, l.id)).toBe(300);
  });
});
