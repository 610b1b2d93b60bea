// TRUST_PROXY: a hop count or the proxies' addresses. The client is the address the trusted proxy
// appended to X-Forwarded-For (nginx's $proxy_add_x_forwarded_for keeps what the client wrote in front),
// and the forwarding headers are believed only when the socket's peer is a trusted proxy.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, form, type TestApp } from '../test-utils/test-app';
import { createLink, visit } from '../redirect/test-helpers';
import { verifyDomain } from '../test-utils/dns-server';

const NGINX = '127.0.0.1';
const REAL = '81.2.69.142'; // GB in the shipped geo database
const SPOOF = '6.6.6.6'; // US
const countries = [{ key: 'GB', value: 'https://gb.example/' }, { key: 'US', value: 'https://us.example/' }, { key: 'JP', value: 'https://jp.example/' }];

const dest = (res: { headers: Record<string, unknown> }) => res.headers.location;

function from(t: TestApp, peer: string, path: string, headers: Record<string, string>, opts: Partial<InjectOptions> = {}) {
  return visit(t, path, { remoteAddress: peer, ...opts, headers: { ...((opts.headers as Record<string, string>) ?? {}), ...headers } });
}

describe('TRUST_PROXY from the environment', () => {
  const parse = (v: string) => loadConfig({ TRUST_PROXY: v }).trustProxy;

  it('takes a hop count, a list of addresses and ranges, or off', () => {
    expect(parse('1')).toBe(1);
    expect(parse('2')).toBe(2);
    expect(parse('10.0.0.1,10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.1', '10.0.0.0/8', '127.0.0.1']);
    expect(parse('::1,fd00::/8')).toEqual(['::1', 'fd00::/8']);
    for (const off of ['', '0', 'false']) expect(parse(off)).toBe(false);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('refuses anything else with one line that names the rule', () => {
    for (const bad of ['true', 'all', 'yes', '-1', '1.5', '10.0.0.300', '10.0.0.0/33', '10.0.0.1,', '1,10.0.0.1', 'nginx']) {
      let message = '';
      try {
        parse(bad);
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message, bad).toMatch(/^TRUST_PROXY must be 0 \(off\), a hop count \(1: one proxy such as nginx\) or the proxies' addresses and CIDR ranges separated by commas, got ".*"$/);
      expect(message).not.toContain('\n');
    }
  });
});

describe('behind one proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: 1 });
    await createLink(t, { url: 'https://world.example/', alias: 'geo', targets_type: 'countries', targets: countries });
    await createLink(t, { url: 'https://world.example/', alias: 'locked', redirect_password: 'right one' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('the client is the address nginx appended, not the one the client wrote in front', async () => {
    // The client sent `X-Forwarded-For: 6.6.6.6`; nginx appended the address it saw.
    expect(dest(await from(t, NGINX, '/geo', { 'x-forwarded-for': `${SPOOF}, ${REAL}` }))).toBe('https://gb.example/');
    expect(dest(await from(t, NGINX, '/geo', { 'x-forwarded-for': `${REAL}, ${SPOOF}` }))).toBe('https://us.example/');
    expect(dest(await from(t, NGINX, '/geo', { 'x-forwarded-for': REAL }))).toBe('https://gb.example/');
  });

  it('counts password attempts per real client, whatever the client writes in X-Forwarded-For', async () => {
    const wrong = (spoof: string, real: string) =>
      from(t, NGINX, '/locked', { 'x-forwarded-for': `${spoof}, ${real}`, 'content-type': 'application/x-www-form-urlencoded' }, { method: 'POST', payload: form({ password: 'nope' }).payload });
    for (let i = 1; i <= 5; i++) expect((await wrong(`6.6.6.${i}`, REAL)).statusCode).toBe(401);
    // A new made-up address in front does not give a new allowance.
    expect((await wrong('7.7.7.7', REAL)).statusCode).toBe(429);
    expect((await wrong(SPOOF, REAL)).statusCode).toBe(429);
    // Another real client behind the same proxy has its own.
    expect((await wrong(SPOOF, '81.2.69.143')).statusCode).toBe(401);
  });
});

describe('proxies listed by address (TRUST_PROXY=10.0.0.1,192.168.0.0/16)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: ['10.0.0.1', '192.168.0.0/16'] });
    const d = (await t.as(t.userKey, { method: 'POST', url: '/api/v1/domains', payload: { name: 'brand.example' } })).json().data;
    await verifyDomain(t, d.id);
    await createLink(t, { url: 'https://world.example/', alias: 'geo', targets_type: 'countries', targets: countries });
    await createLink(t, { url: 'https://brand.example/', alias: 'geo', domain_id: d.id });
    await createLink(t, { url: 'https://world.example/', alias: 'pw', redirect_password: 'right one' });
  });
  afterAll(async () => {
    await t.close();
  });

  const grantCookie = async (peer: string, headers: Record<string, string>) => {
    const res = await from(t, peer, '/pw', { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, { method: 'POST', payload: form({ password: 'right one' }).payload });
    expect(res.statusCode, res.body).toBe(303);
    return String(res.headers['set-cookie']);
  };

  it('from a listed proxy: X-Forwarded-For, -Host, -Proto and CF-IPCountry are believed', async () => {
    expect(dest(await from(t, '10.0.0.1', '/geo', { 'x-forwarded-for': `${SPOOF}, ${REAL}` }))).toBe('https://gb.example/');
    // Two listed proxies in a row: the client is the first address that is not one of them.
    expect(dest(await from(t, '10.0.0.1', '/geo', { 'x-forwarded-for': `${SPOOF}, ${REAL}, 192.168.1.5` }))).toBe('https://gb.example/');
    expect(dest(await from(t, '10.0.0.1', '/geo', { 'x-forwarded-for': REAL, 'cf-ipcountry': 'JP' }))).toBe('https://jp.example/');
    expect(dest(await from(t, '10.0.0.1', '/geo', { 'x-forwarded-host': 'brand.example' }))).toBe('https://brand.example/');
    expect(await grantCookie('10.0.0.1', { 'x-forwarded-proto': 'https' })).toMatch(/; Secure/);
  });

  it('from any other peer, the forwarding headers are ignored', async () => {
    for (const peer of [NGINX, '10.0.0.2', '203.0.113.5']) {
      // The peer itself is the client: no country for these addresses, so the link's own URL.
      expect(dest(await from(t, peer, '/geo', { 'x-forwarded-for': REAL }))).toBe('https://world.example/');
      expect(dest(await from(t, peer, '/geo', { 'cf-ipcountry': 'JP' }))).toBe('https://world.example/');
      expect(dest(await from(t, peer, '/geo', { 'x-forwarded-host': 'brand.example' }))).toBe('https://world.example/');
      expect(await grantCookie(peer, { 'x-forwarded-proto': 'https' })).not.toMatch(/Secure/);
    }
    // A real GB address as the peer: its own country, whatever it claims.
    expect(dest(await from(t, REAL, '/geo', { 'x-forwarded-for': SPOOF, 'cf-ipcountry': 'JP' }))).toBe('https://gb.example/');
  });
});
