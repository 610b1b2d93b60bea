// SSRF: a link to an internal address, given directly or reached by a redirect, never makes the server
// request it, and no title is stored. The "internal" server listens on 127.0.0.1 (and ::1) and counts
// every request; the "public" server listens on 127.0.0.2, which the test config allows like a public
// host, and redirects wherever it is told.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { createLink, get } from '../test-utils/api';

import { fetchTitle } from '../links/title-fetcher';
import { Outbound, type Resolver } from './outbound';

const PUBLIC = '127.0.0.2';
let t: TestApp;
let internal: http.Server;
let internal6: http.Server | null = null;
let publicServer: http.Server;
let port = 0;
let port6 = 0;
let pub = '';
let internalHits = 0;
let publicHits = 0;

function listen(server: http.Server, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve((server.address() as AddressInfo).port));
  });
}

const secret = (req: http.IncomingMessage, res: http.ServerResponse) => {
  internalHits++;
  res.writeHead(200, { 'content-type': 'text/html' });
  res.end(`<title>Internal admin ${req.url}</title>`);
};

beforeAll(async () => {
  internal = http.createServer(secret);
  port = await listen(internal, '127.0.0.1');
  try {
    internal6 = http.createServer(secret);
    port6 = await listen(internal6, '::1');
  } catch {
    internal6 = null; // no IPv6 loopback on this machine
  }
  publicServer = http.createServer((req, res) => {
    publicHits++;
    const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to');
    if (to) res.writeHead(302, { location: to }).end();
    else res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Public page</title>');
  });
  pub = `http://${PUBLIC}:${await listen(publicServer, PUBLIC)}`;
  t = await createTestApp({ fetchTitles: true, fetchAllowAddresses: [PUBLIC] });
});
afterAll(async () => {
  await t.close();
  for (const s of [internal, internal6, publicServer]) if (s) await new Promise((r) => s.close(r));
});
beforeEach(() => {
  internalHits = 0;
  publicHits = 0;
});

/** Every spelling of an internal address that a URL can carry. */
const internalUrls = () => [
  `http://127.0.0.1:${port}/admin`,
  `http://localhost:${port}/admin`,
  `http://[::ffff:127.0.0.1]:${port}/admin`,
  `http://[::ffff:7f00:1]:${port}/admin`,
  `http://0x7f000001:${port}/admin`,
  `http://2130706433:${port}/admin`,
  `http://0177.0.0.1:${port}/admin`,
  `http://127.1:${port}/admin`,
  `http://0.0.0.0:${port}/admin`,
  `http://LOCALHOST.:${port}/admin`,
  ...(internal6 ? [`http://[::1]:${port6}/admin`, `http://[0:0:0:0:0:0:0:1]:${port6}/admin`] : []),
];

async function titleAfterFetch(url: string): Promise<unknown> {
  const link = await createLink(t, t.userKey, { url });
  await t.app.links.titles.idle();
  return (await get(t, t.userKey, `/api/v1/links/${link.id}`)).json().data.title;
}

describe('title fetcher and private addresses', () => {
  it('the setup can see a fetch: a public page gets its title', async () => {
    expect(await titleAfterFetch(`${pub}/page`)).toBe('Public page');
    expect(publicHits).toBe(1);
  });

  it('never requests an internal address given directly', async () => {
    for (const url of internalUrls()) expect(await titleAfterFetch(url), url).toBeNull();
    expect(internalHits).toBe(0);
  });

  it('never follows a redirect from a public page to an internal address', async () => {
    const urls = internalUrls();
    for (const url of urls) expect(await titleAfterFetch(`${pub}/go?to=${encodeURIComponent(url)}`), url).toBeNull();
    expect(publicHits).toBe(urls.length);
    expect(internalHits).toBe(0);
  });

  it('checks the address when connecting, so a name that rebinds to loopback is refused', async () => {
    let calls = 0;
    const rebinding: Resolver = async () => [{ address: calls++ === 0 ? PUBLIC : '127.0.0.1', family: 4 }];
    const outbound = new Outbound({ allowAddresses: [PUBLIC], resolve: rebinding });
    const first = `http://rebind.test:${pub.split(':')[2]}/go?to=${encodeURIComponent(`http://rebind.test:${port}/admin`)}`;
    expect(await fetchTitle(outbound, first)).toBeNull();
    expect(calls).toBe(2);
    expect(publicHits).toBe(1);
    expect(internalHits).toBe(0);
    // A cloud metadata name is refused the same way.
    const metadata = new Outbound({ resolve: async () => [{ address: '169.254.169.254', family: 4 }] });
    await expect(metadata.fetch('http://metadata.google.internal/computeMetadata/v1/')).rejects.toThrow();
    await Promise.all([outbound.close(), metadata.close()]);
  });

  it('reaches internal addresses only when the operator allows it (ALLOW_PRIVATE_FETCH=1)', async () => {
    const open = new Outbound({ allowPrivate: true });
    expect(await fetchTitle(open, `http://127.0.0.1:${port}/admin`)).toBe('Internal admin /admin');
    expect(internalHits).toBe(1);
    await open.close();
  });

  it('does not fetch at all for a link created with a title', async () => {
    await createLink(t, t.userKey, { url: `${pub}/page`, title: 'Given' });
    await t.app.links.titles.idle();
    expect(publicHits).toBe(0);
  });
});
