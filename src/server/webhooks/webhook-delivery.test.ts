// Delivery with a real local receiver and a clock the test moves: signatures, retries with backoff after a
// 500, disabled after 24 hours, link.clicked in batches (100 a request, one request a second),
// link.limit_reached and link.expired once, order and at-least-once across a graceful restart, and one
// instance per delivery when two claim at once. Both databases.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { create, get } from '../test-utils/api';
import { RECEIVER_HOST, startReceiver, type Receiver } from '../test-utils/webhook-receiver';
import { createLink, visit } from '../redirect/test-helpers';
import { verifySignature } from './webhook-sender';
import type { WebhookHub } from './webhook-hub';
import { WebhookQueue } from './webhook-queue';

let t: TestApp;
let receiver: Receiver;
let clock: number;

const hubOf = (app: FastifyInstance = t.app): WebhookHub => {
  const hub = app.webhooks;
  hub.now = () => clock;
  return hub;
};
const tick = (app?: FastifyInstance) => hubOf(app).tick();
const deliveries = async (id: number) => (await get(t, t.userKey, `/api/v1/webhooks/${id}/deliveries?per_page=100`)).json().data as Record<string, unknown>[];
const hook = (events: string[], extra: Record<string, string | number> = {}) =>
  create<{ secret: string }>(t, t.userKey, 'webhooks', [['url', receiver.url], ...events.map((e): [string, string] => ['events[]', e]), ...Object.entries(extra)]);

beforeAll(async () => {
  t = await createTestApp({ fetchAllowAddresses: [RECEIVER_HOST], webhookPollMs: 0 });
  receiver = await startReceiver();
});
beforeEach(() => {
  clock = Date.now();
  hubOf();
});
afterEach(async () => {
  // Each test starts with no webhooks and a receiver that answers 200.
  await t.query('DELETE FROM webhooks');
  receiver.received.length = 0;
  receiver.respond = () => ({ status: 200, body: 'ok' });
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

describe('webhook delivery', () => {
  it('signs link.created with the secret and a timestamp', async () => {
    const { id, secret } = await hook(['link.created']);
    const link = await createLink(t, { url: 'https://example.com/signed', alias: 'signed' });
    await tick();
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0]!;
    expect(got.json).toMatchObject({ type: 'link.created', data: { id: link.id, alias: 'signed', url: 'https://example.com/signed' } });
    expect(got.headers['x-linkdeck-signature']).toMatch(/^t=\d+,sha256=[0-9a-f]{64}$/);
    expect(verifySignature(secret, String(got.headers['x-linkdeck-signature']), got.body, Math.floor(clock / 1000))).toBe(true);
    expect(await deliveries(id)).toMatchObject([{ event: 'link.created', status: 'delivered', attempts: 1, response_status: 200, response_excerpt: 'ok' }]);
  });

  it('retries after a 500 with exponential backoff, then delivers the same event', async () => {
    const { id } = await hook(['link.updated']);
    const link = await createLink(t, { url: 'https://example.com/r', alias: 'retry-me' });
    receiver.respond = (n) => (n < 2 ? { status: 500, body: 'boom' } : { status: 204 });
    await t.as(t.userKey, { method: 'PATCH', url: `/api/v1/links/${link.id}`, payload: { title: 'New title' } });
    await tick();
    let [d] = await deliveries(id);
    expect(d).toMatchObject({ status: 'retrying', attempts: 1, response_status: 500, response_excerpt: 'boom' });
    expect(Date.parse(String(d!.next_attempt_at)) - clock).toBe(30_000);
    await tick(); // not due yet
    expect(receiver.received).toHaveLength(1);
    clock += 30_000;
    await tick();
    [d] = await deliveries(id);
    expect(d).toMatchObject({ status: 'retrying', attempts: 2 });
    expect(Date.parse(String(d!.next_attempt_at)) - clock).toBe(60_000);
    clock += 60_000;
    await tick();
    expect(receiver.received.map((r) => r.json.id)).toEqual(Array(3).fill(receiver.received[0]!.json.id));
    expect(await deliveries(id)).toMatchObject([{ status: 'delivered', attempts: 3, response_status: 204 }]);
  });

  it('gives up after 24 hours and disables the webhook with the reason', async () => {
    const { id } = await hook(['link.created']);
    receiver.respond = () => ({ status: 503, body: 'down' });
    await createLink(t, { url: 'https://example.com/d', alias: 'doomed' });
    const start = clock;
    for (let i = 0; i < 60 && clock - start < 25 * 3600_000; i++) {
      await tick();
      clock += 3600_000;
    }
    expect(receiver.received.length).toBeGreaterThan(20);
    expect(receiver.received.length).toBeLessThan(40);
    const [d] = await deliveries(id);
    expect(d).toMatchObject({ status: 'failed', response_status: 503 });
    const h = (await get(t, t.userKey, `/api/v1/webhooks/${id}`)).json().data;
    expect(h.enabled).toBe(false);
    expect(h.disabled_reason).toMatch(/failed for 24 hours .*HTTP 503/);
    // The log keeps a failed delivery for 30 days, then forgets it.
    clock += 28 * 86_400_000;
    await tick();
    expect(await deliveries(id)).toHaveLength(1);
    clock += 3 * 86_400_000;
    await tick();
    expect(await deliveries(id)).toHaveLength(0);
  });

  it('sends clicks in batches of 100, at most one request a second, without an event per visit', async () => {
    const { id } = await hook(['link.clicked']);
    await hubOf().start(); // sees that clicks are now wanted
    const link = await createLink(t, { url: 'https://example.com/popular', alias: 'popular' });
    for (let i = 0; i < 250; i++) expect((await visit(t, '/popular')).statusCode).toBe(302);
    await tick();
    expect(receiver.received.map((r) => r.json.data.count)).toEqual([100]);
    await tick(); // the same second: nothing more
    expect(receiver.received).toHaveLength(1);
    clock += 1000;
    await tick();
    clock += 1000;
    await tick();
    expect(receiver.received.map((r) => r.json.data.count)).toEqual([100, 100, 50]);
    const first = receiver.received[0]!.json.data.clicks as Record<string, unknown>[];
    expect(first[0]).toMatchObject({ link_id: link.id, alias: 'popular', browser: 'Chrome', os: 'Windows' });
    // The recorded dimensions, the rule, the UTM parameters and the source (QR scan or not); never the unique-visitor marker.
    expect(Object.keys(first[0]!).sort()).toEqual([
      'alias', 'browser', 'clicked_at', 'continent', 'country', 'device', 'language', 'link_id', 'os', 'referrer',
      'source', 'target', 'utm_campaign', 'utm_content', 'utm_medium', 'utm_source', 'utm_term',
    ]);
    expect(first[0]!.source).toBeNull();
    expect((await deliveries(id)).every((d) => d.status === 'delivered')).toBe(true);
  });

  it('sends link.limit_reached and link.expired once per link', async () => {
    const { id } = await hook(['link.limit_reached', 'link.expired']);
    await hubOf().start();
    await createLink(t, { url: 'https://example.com/l', alias: 'limited', clicks_limit: 2 });
    await createLink(t, { url: 'https://example.com/e', alias: 'ended', active_period_end_at: '2020-01-01 00:00' });
    for (const path of ['/limited', '/limited', '/limited', '/ended', '/ended']) await visit(t, path);
    await tick();
    for (const path of ['/limited', '/ended']) await visit(t, path);
    await tick();
    expect(receiver.received.map((r) => [r.json.type, r.json.data.link && (r.json.data.link as { alias: string }).alias]).sort()).toEqual([
      ['link.expired', 'ended'],
      ['link.limit_reached', 'limited'],
    ]);
    expect(await deliveries(id)).toHaveLength(2);
  });

});

describe('several instances', () => {
  it('claims each due delivery on one instance only', async () => {
    const now = Date.now();
    const a = new WebhookQueue(t.db.kysely);
    const hooks = [];
    for (let i = 0; i < 12; i++) hooks.push((await hook(['link.created'])).id);
    for (const h of hooks) await a.insert(t.db.kysely, h, 'link.created', { n: h }, now, now);
    const b = new WebhookQueue(t.db.kysely);
    const [x, y] = await Promise.all([a.claim(now, 8), b.claim(now, 8)]);
    const ids = [...x, ...y].map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(12);
    expect(await a.claim(now, 8)).toEqual([]);
  });
});

describe('a graceful restart', () => {
  it('keeps order and delivers at least once across a graceful restart (queued deliveries are stored)', async () => {
    const { id } = await hook(['link.created', 'link.clicked']);
    await hubOf().start();
    receiver.respond = () => ({ status: 500 });
    for (const alias of ['first', 'second', 'third']) await createLink(t, { url: `https://example.com/${alias}`, alias });
    await tick(); // "first" fails; the others wait behind it
    await visit(t, '/second'); // a click only in memory so far
    const config = t.app.ctx.config;
    await t.app.close();
    const again = await buildApp({ config, db: t.db });
    await again.ready();
    try {
      receiver.respond = () => ({ status: 200 });
      clock += 30_000;
      await tick(again);
      clock += 1000;
      await tick(again);
      const got = receiver.received.map((r) => `${r.json.type}:${(r.json.data.alias ?? (r.json.data.clicks as { alias: string }[])?.[0]?.alias) as string}`);
      expect(got).toEqual(['link.created:first', 'link.created:first', 'link.created:second', 'link.created:third', 'link.clicked:second']);
      expect(receiver.received[0]!.json.id).toBe(receiver.received[1]!.json.id);
      const log = (await again.inject({ method: 'GET', url: `/api/v1/webhooks/${id}/deliveries`, headers: { authorization: `Bearer ${t.userKey}` } })).json().data;
      expect(log.map((d: { status: string }) => d.status)).toEqual(['delivered', 'delivered', 'delivered', 'delivered']);
    } finally {
      await again.close();
    }
  });
});
