// GET /api/v1/stats/live over a listening server: one `clicks` message a second with the account's clicks
// of that second (another account's clicks are not in it), 401 without a key, and app.close() ends open
// streams instead of waiting for them.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { createLink } from '../test-utils/api';
import type { LiveClicksMessage } from '../../shared/analytics.schema';
import { LiveClicks } from './live-clicks';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

interface Stream {
  status: number;
  type: string | undefined;
  messages: LiveClicksMessage[];
  raw: string[];
  ended: Promise<void>;
  close(): void;
}

function openStream(port: number, key: string | null): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/api/v1/stats/live', headers: key ? { authorization: `Bearer ${key}` } : {} }, (res) => {
      const stream: Stream = {
        status: res.statusCode ?? 0,
        type: res.headers['content-type'],
        messages: [],
        raw: [],
        ended: new Promise((done) => res.on('close', () => done())),
        close: () => req.destroy(),
      };
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          stream.raw.push(block);
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (/^event: clicks$/m.test(block) && data) stream.messages.push(JSON.parse(data) as LiveClicksMessage);
        }
      });
      resolve(stream);
    });
    req.on('error', reject);
  });
}

function visit(port: number, alias: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: `/${alias}`, headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on('error', reject);
  });
}

const total = (s: Stream) => s.messages.reduce((n, m) => n + m.clicks, 0);

async function until(check: () => boolean, ms = 6000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

it("streams the account's clicks of each second, not another account's, and 401s without a key", { timeout: 20_000 }, async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  const mine = await createLink(t, t.adminKey, { url: 'https://example.com/a', alias: 'live-mine' });
  const theirs = await createLink(t, t.userKey, { url: 'https://example.com/b', alias: 'live-theirs' });
  expect(mine.id).not.toBe(theirs.id);

  const denied = await openStream(port, null);
  expect(denied.status).toBe(401);
  await denied.ended;

  const admin = await openStream(port, t.adminKey);
  const user = await openStream(port, t.userKey);
  expect(admin.status).toBe(200);
  expect(admin.type).toMatch(/^text\/event-stream/);
  await until(() => admin.messages.length >= 1 && user.messages.length >= 1);
  expect(admin.messages[0]).toEqual({ at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), clicks: 0 });

  for (let i = 0; i < 3; i++) expect(await visit(port, 'live-mine')).toBe(302);
  expect(await visit(port, 'live-theirs')).toBe(302);
  await until(() => total(admin) === 3 && total(user) === 1);
  // A message a second, each its own second's clicks (not a running total).
  const seen = admin.messages.length;
  await until(() => admin.messages.length >= seen + 2);
  expect(total(admin)).toBe(3);
  expect(admin.raw.every((b) => b === 'retry: 3000' || /^event: clicks\ndata: \{.*\}$/.test(b))).toBe(true);

  admin.close();
  user.close();
  await until(() => t!.app.ctx.live.listening === 0);
});

it('app.close() ends the open streams at once', { timeout: 20_000 }, async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  const stream = await openStream(port, t.adminKey);
  await until(() => stream.messages.length >= 1);
  const started = Date.now();
  await t.app.close();
  await stream.ended;
  expect(Date.now() - started).toBeLessThan(2000);
  expect(t.app.ctx.live.listening).toBe(0);
});

it('counts nothing while nobody listens, and a deleted link counts for nobody', async () => {
  t = await createTestApp();
  const live = new LiveClicks(t.db.kysely, (err) => {
    throw err;
  }, 60_000);
  const link = await createLink(t, t.adminKey, { url: 'https://example.com/c', alias: 'live-unit' });
  live.add(link.id);
  const got: number[] = [];
  const stop = live.subscribe(1, (m) => got.push(m.clicks), () => undefined);
  await live.tick();
  expect(got).toEqual([0]);
  live.add(link.id);
  live.add(link.id);
  live.add(999_999);
  await live.tick();
  expect(got).toEqual([0, 2]);
  stop();
  live.add(link.id);
  const again = live.subscribe(1, (m) => got.push(m.clicks), () => undefined);
  await live.tick();
  expect(got).toEqual([0, 2, 0]);
  again();
});
