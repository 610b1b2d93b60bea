// Titles are read in the background from the destination (a local HTTP server here).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { createLink, get } from '../test-utils/api';
import { fetchTitle } from './title-fetcher';
import { Outbound } from '../outbound/outbound';

// The destination server listens on a second loopback address, allowed by the test config like a public
// host; 127.0.0.1 stays refused (see outbound/ssrf.test.ts).
const HOST = '127.0.0.2';
const outbound = new Outbound({ allowAddresses: [HOST] });

let t: TestApp;
let server: http.Server;
let base: string;
let release: () => void = () => undefined;
let arrived: () => void = () => undefined;
const slowArrived = new Promise<void>((resolve) => {
  arrived = resolve;
});

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/page') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<html><head><title> Hello &amp; welcome\n to Linkdeck </title></head><body>x</body></html>');
    } else if (req.url === '/slow') {
      release = () => {
        release = () => undefined;
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<title>Slow page</title>');
      };
      arrived();
    } else if (req.url === '/redirect') {
      res.writeHead(302, { location: '/page' });
      res.end();
    } else if (req.url === '/loop') {
      res.writeHead(302, { location: '/loop' });
      res.end();
    } else if (req.url === '/json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"title":"no"}');
    } else if (req.url === '/huge') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<html>${'x'.repeat(700 * 1024)}<title>Too far</title>`);
    } else {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<title>Not found</title>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  base = `http://${HOST}:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({ fetchTitles: true, fetchAllowAddresses: [HOST] });
});
afterAll(async () => {
  release();
  await t.close();
  await new Promise((resolve) => server.close(resolve));
  await outbound.close();
});

async function titleOf(id: number): Promise<string | null> {
  for (let i = 0; i < 100; i++) {
    const title = (await get(t, t.userKey, `/api/v1/links/${id}`)).json().data.title as string | null;
    if (title !== null) return title;
    await new Promise((r) => setTimeout(r, 20));
  }
  return null;
}

describe('background title', () => {
  it('is fetched after the link is stored, without the create waiting for it', async () => {
    const slow = await createLink(t, t.userKey, { url: `${base}/slow` });
    expect(slow.title).toBeNull();
    await slowArrived; // the page is being fetched while the link already exists
    expect((await get(t, t.userKey, `/api/v1/links/${slow.id}`)).json().data.title).toBeNull();
    release();
    expect(await titleOf(slow.id)).toBe('Slow page');
    const link = await createLink(t, t.userKey, { url: `${base}/page` });
    expect(await titleOf(link.id)).toBe('Hello & welcome to Linkdeck');
    expect((await get(t, t.userKey, '/api/v1/links?search=welcome')).json().meta.total).toBe(1);
  });

  it('follows redirects; a given title wins', async () => {
    const link = await createLink(t, t.userKey, { url: `${base}/redirect` });
    expect(await titleOf(link.id)).toBe('Hello & welcome to Linkdeck');
    const own = await createLink(t, t.userKey, { url: `${base}/page`, title: 'Mine' });
    await new Promise((r) => setTimeout(r, 100));
    expect((await get(t, t.userKey, `/api/v1/links/${own.id}`)).json().data.title).toBe('Mine');
  });

  it('gives up on errors, non-HTML, redirect loops and oversized pages', async () => {
    expect(await fetchTitle(outbound, `${base}/json`)).toBeNull();
    expect(await fetchTitle(outbound, `${base}/missing`)).toBeNull();
    expect(await fetchTitle(outbound, `${base}/loop`)).toBeNull();
    expect(await fetchTitle(outbound, `${base}/huge`)).toBeNull();
    expect(await fetchTitle(outbound, `http://${HOST}:1/closed-port`)).toBeNull();
    expect(await fetchTitle(outbound, 'ftp://example.com/')).toBeNull();
    expect(await fetchTitle(outbound, `${base}/page`)).toBe('Hello & welcome to Linkdeck');
  });

  it('times out', async () => {
    const started = Date.now();
    const hanging = http.createServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(0, HOST, resolve));
    const url = `http://${HOST}:${(hanging.address() as AddressInfo).port}/`;
    expect(await fetchTitle(outbound, url, { timeoutMs: 200 })).toBeNull();
    expect(Date.now() - started).toBeLessThan(2000);
    hanging.closeAllConnections();
    await new Promise((resolve) => hanging.close(resolve));
  });
});
