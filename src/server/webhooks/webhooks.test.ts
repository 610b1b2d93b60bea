// /api/v1/webhooks: the contract's envelopes, form and JSON bodies, 422 naming the field, another account's
// id as a 404, the secret (generated, shown on create and show, never in the list), and "send test event".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, form, type TestApp } from '../test-utils/test-app';
import { create, createLink, expect404, expect422, get, json } from '../test-utils/api';
import { RECEIVER_HOST, startReceiver, type Receiver } from '../test-utils/webhook-receiver';
import { verifySignature } from './webhook-sender';
import { finished, postCsv } from '../imports/import-test-helpers';

let t: TestApp;
let receiver: Receiver;

beforeAll(async () => {
  t = await createTestApp({ fetchAllowAddresses: [RECEIVER_HOST], webhookPollMs: 0 });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

describe('webhooks CRUD', () => {
  it('creates from a form body with a generated secret, shown on create and show but not in the list', async () => {
    const res = await t.as(t.userKey, { method: 'POST', url: '/api/v1/webhooks', ...form([['url', 'https://hooks.example/in'], ['events[]', 'link.created'], ['events[]', 'link.clicked']]) });
    expect(res.statusCode, res.body).toBe(201);
    const hook = res.json().data;
    expect(res.json().status).toBe(200);
    expect(hook).toMatchObject({ url: 'https://hooks.example/in', events: ['link.created', 'link.clicked'], enabled: true, disabled_reason: null, space: null, link: null, pending_deliveries: 0 });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect((await get(t, t.userKey, `/api/v1/webhooks/${hook.id}`)).json().data.secret).toBe(hook.secret);
    const list = (await get(t, t.userKey, '/api/v1/webhooks')).json();
    expect(list.meta).toMatchObject({ current_page: 1, per_page: 10, total: 1 });
    expect(list.data[0].id).toBe(hook.id);
    expect(list.data[0]).not.toHaveProperty('secret');
  });

  it('takes JSON, a chosen secret, a space filter; PATCH changes only what is sent; rotate_secret makes a new one', async () => {
    const space = await create(t, t.userKey, 'spaces', { name: 'Campaign' });
    const res = await t.as(t.userKey, { method: 'POST', url: '/api/v1/webhooks', ...json({ url: 'https://hooks.example/s', events: ['link.deleted'], space_id: space.id, secret: 'my-own-secret-1234567' }) });
    expect(res.statusCode, res.body).toBe(201);
    const hook = res.json().data;
    expect(hook).toMatchObject({ space_id: space.id, space: { id: space.id, name: 'Campaign' }, secret: 'my-own-secret-1234567' });
    const patched = (await t.as(t.userKey, { method: 'PATCH', url: `/api/v1/webhooks/${hook.id}`, ...json({ enabled: 0 }) })).json().data;
    expect(patched).toMatchObject({ enabled: false, disabled_reason: 'Disabled by hand.', url: 'https://hooks.example/s', events: ['link.deleted'], secret: 'my-own-secret-1234567' });
    const rotated = (await t.as(t.userKey, { method: 'PATCH', url: `/api/v1/webhooks/${hook.id}`, ...form({ rotate_secret: 1, enabled: 1 }) })).json().data;
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated).toMatchObject({ enabled: true, disabled_reason: null });
  });

  it('answers 422 naming the field', async () => {
    const post = (body: object) => t.as(t.userKey, { method: 'POST', url: '/api/v1/webhooks', ...json(body) });
    expect422(await post({ events: ['link.created'] }), 'url');
    expect422(await post({ url: 'javascript:alert(1)', events: ['link.created'] }), 'url');
    expect422(await post({ url: 'https://h.example' }), 'events');
    expect422(await post({ url: 'https://h.example', events: [] }), 'events');
    expect422(await post({ url: 'https://h.example', events: ['link.exploded'] }), 'events.0');
    expect422(await post({ url: 'https://h.example', events: ['link.created'], secret: 'short' }), 'secret');
    expect422(await post({ url: 'https://h.example', events: ['link.created'], enabled: 7 }), 'enabled');
    expect422(await post({ url: 'https://h.example', events: ['link.created'], space_id: 1, link_id: 1 }), 'link_id');
    const theirs = await create(t, t.adminKey, 'spaces', { name: 'Not yours' });
    expect422(await post({ url: 'https://h.example', events: ['link.created'], space_id: theirs.id }), 'space_id');
    expect422(await t.as(t.userKey, { method: 'GET', url: '/api/v1/webhooks?per_page=7' }), 'per_page');
  });

  it("treats another account's webhook as missing, and deletes with the contract's answer", async () => {
    const mine = await create(t, t.adminKey, 'webhooks', { url: 'https://hooks.example/admin', 'events[]': 'link.updated' });
    expect404(await get(t, t.userKey, `/api/v1/webhooks/${mine.id}`));
    expect404(await get(t, t.userKey, `/api/v1/webhooks/${mine.id}/deliveries`));
    expect404(await t.as(t.userKey, { method: 'POST', url: `/api/v1/webhooks/${mine.id}/test` }));
    expect404(await t.as(t.userKey, { method: 'DELETE', url: `/api/v1/webhooks/${mine.id}` }));
    expect404(await get(t, t.userKey, '/api/v1/webhooks/abc'));
    const res = await t.as(t.adminKey, { method: 'DELETE', url: `/api/v1/webhooks/${mine.id}` });
    expect(res.json()).toEqual({ id: mine.id, object: 'webhook', deleted: true, status: 200, operation: expect.objectContaining({ type: 'delete', object: 'webhook', object_id: mine.id, undoable: true }) });
    expect404(await get(t, t.adminKey, `/api/v1/webhooks/${mine.id}`));
  });
});

describe('send test event', () => {
  it('sends a signed request at once and logs it, with the answer escaped nowhere but stored as text', async () => {
    const hook = await create<{ secret: string }>(t, t.userKey, 'webhooks', { url: receiver.url, 'events[]': 'link.created' });
    receiver.respond = () => ({ status: 200, body: '<b>thanks</b>' });
    const res = await t.as(t.userKey, { method: 'POST', url: `/api/v1/webhooks/${hook.id}/test` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ event: 'webhook.test', status: 'delivered', attempts: 1, response_status: 200, response_excerpt: '<b>thanks</b>' });
    const got = receiver.received.at(-1)!;
    expect(got.json).toMatchObject({ type: 'webhook.test', data: { webhook_id: hook.id } });
    expect(got.headers['x-linkdeck-event']).toBe('webhook.test');
    expect(verifySignature(hook.secret, String(got.headers['x-linkdeck-signature']), got.body, Math.floor(Date.now() / 1000))).toBe(true);
    expect(verifySignature('another-secret-0000000', String(got.headers['x-linkdeck-signature']), got.body, Math.floor(Date.now() / 1000))).toBe(false);
    // Replayed ten minutes later: refused by the window.
    expect(verifySignature(hook.secret, String(got.headers['x-linkdeck-signature']), got.body, Math.floor(Date.now() / 1000) + 600)).toBe(false);
    const log = (await get(t, t.userKey, `/api/v1/webhooks/${hook.id}/deliveries`)).json();
    expect(log.meta.total).toBe(1);
    expect(log.data[0]).toMatchObject({ id: res.json().data.id, status: 'delivered', response_status: 200 });
    expect(typeof log.data[0].duration_ms).toBe('number');
  });

  it('refuses private addresses without the allow-list (production config), and does not follow redirects', async () => {
    const prod = await createTestApp({ webhookPollMs: 0 });
    try {
      // Saving refuses it (webhook-url-check.test.ts); one stored before that check, or a name that now
      // resolves to a private address, is still refused when sent.
      const hook = await create(prod, prod.userKey, 'webhooks', { url: 'https://hooks.example/later-private', 'events[]': 'link.created' });
      await prod.query('UPDATE webhooks SET url = ? WHERE id = ?', receiver.url.replace(RECEIVER_HOST, '127.0.0.1'), hook.id);
      const before = receiver.received.length;
      const res = (await prod.as(prod.userKey, { method: 'POST', url: `/api/v1/webhooks/${hook.id}/test` })).json().data;
      expect(res).toMatchObject({ status: 'failed', response_status: null });
      expect(res.response_excerpt).toMatch(/^Refused: .*not a public address/);
      expect(receiver.received.length).toBe(before);
    } finally {
      await prod.close();
    }
    const hook = await create(t, t.userKey, 'webhooks', { url: receiver.url, 'events[]': 'link.created' });
    receiver.respond = () => ({ status: 302, body: '' });
    const res = (await t.as(t.userKey, { method: 'POST', url: `/api/v1/webhooks/${hook.id}/test` })).json().data;
    expect(res).toMatchObject({ status: 'failed', response_status: 302 });
    expect(res.response_excerpt).toMatch(/not followed/);
  });

  it('logs a link.created event for a link of the filtered space only', async () => {
    const space = await create(t, t.userKey, 'spaces', { name: 'Only this' });
    const hook = await create(t, t.userKey, 'webhooks', { url: receiver.url, 'events[]': 'link.created', space_id: space.id });
    await createLink(t, t.userKey, { url: 'https://e.com/a', alias: 'outside' });
    await createLink(t, t.userKey, { url: 'https://e.com/b', alias: 'inside', space_id: space.id });
    const log = (await get(t, t.userKey, `/api/v1/webhooks/${hook.id}/deliveries`)).json();
    expect(log.data.map((d: { event: string; status: string }) => [d.event, d.status])).toEqual([['link.created', 'queued']]);
    expect((await get(t, t.userKey, `/api/v1/webhooks/${hook.id}`)).json().data.pending_deliveries).toBe(1);
  });

  it('queues an event per link for bulk create, edit and delete, in id order', async () => {
    const hook = await create(t, t.adminKey, 'webhooks', [['url', receiver.url], ['events[]', 'link.created'], ['events[]', 'link.updated'], ['events[]', 'link.deleted']]);
    const made = await t.as(t.adminKey, { method: 'POST', url: '/api/v1/links/bulk', ...json({ links: [{ url: 'https://e.com/1', alias: 'bulk-one' }, { url: 'https://e.com/2', alias: 'bulk-two' }] }) });
    const ids = (made.json().data as { id: number }[]).map((l) => l.id);
    await t.as(t.adminKey, { method: 'PATCH', url: '/api/v1/links/bulk', ...json({ ids, set: { clicks_limit: 5 } }) });
    await t.as(t.adminKey, { method: 'DELETE', url: '/api/v1/links/bulk', ...json({ ids }) });
    const rows = await t.query<{ event: string; payload: string }>('SELECT event, payload FROM webhook_deliveries WHERE webhook_id = ? ORDER BY id', hook.id);
    const seen = rows.map((r) => [r.event, (JSON.parse(r.payload) as { data: { alias: string; clicks_limit?: number } }).data]);
    expect(seen.map(([e, d]) => `${e as string}:${(d as { alias: string }).alias}`)).toEqual([
      'link.created:bulk-one',
      'link.created:bulk-two',
      'link.updated:bulk-one',
      'link.updated:bulk-two',
      'link.deleted:bulk-one',
      'link.deleted:bulk-two',
    ]);
    expect((seen[2]![1] as { clicks_limit: number }).clicks_limit).toBe(5);
  });

  it('queues link.created for each link an import writes, with the link as its data', async () => {
    const hook = await create(t, t.adminKey, 'webhooks', [['url', receiver.url], ['events[]', 'link.created']]);
    const res = await postCsv(t, t.adminKey, 'url,alias,title\nhttps://e.com/i1,imported-one,One\nhttps://e.com/i2,imported-two,Two\n');
    expect(res.statusCode, res.body).toBe(202);
    expect((await finished(t, t.adminKey, res)).created).toBe(2);
    const rows = await t.query<{ event: string; payload: string }>('SELECT event, payload FROM webhook_deliveries WHERE webhook_id = ? ORDER BY id', hook.id);
    const data = rows.map((r) => [r.event, (JSON.parse(r.payload) as { data: { alias: string; title: string; short_url: string } }).data] as const);
    expect(data.map(([e, d]) => [e, d.alias, d.title])).toEqual([
      ['link.created', 'imported-one', 'One'],
      ['link.created', 'imported-two', 'Two'],
    ]);
    expect(data[0]![1].short_url).toMatch(/\/imported-one$/);
  });
});
