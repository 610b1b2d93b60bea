// Webhook URLs are checked against the outbound address policy when saved (POST, PUT, PATCH answer 422
// naming `url`), not only when sent: IP literals in every form the URL parser reads as one, and names
// resolved now (localhost). ALLOW_PRIVATE_FETCH and FETCH_ALLOW_ADDRESSES count as they do for sending.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { expect422, json } from '../test-utils/api';
import { Outbound } from '../outbound/outbound';

const PRIVATE = [
  'http://127.0.0.1:9/hook',
  'http://localhost:3000/hook',
  'http://LocalHost/hook',
  'http://10.0.0.5/hook',
  'http://192.168.1.1/hook',
  'http://169.254.169.254/latest/meta-data',
  'http://0.0.0.0/hook',
  'http://2130706433/hook', // 127.0.0.1 as one number
  'http://0x7f.1/hook', // and in hex, short form
  'http://0177.0.0.1/hook', // and in octal
  'http://[::1]/hook',
  'http://[::ffff:127.0.0.1]/hook',
  'http://[fd00::1]/hook',
  'http://[fe80::1]/hook',
];

const post = (t: TestApp, url: string) => t.as(t.userKey, { method: 'POST', url: '/api/v1/webhooks', ...json({ url, events: ['link.created'] }) });

describe('without ALLOW_PRIVATE_FETCH (production)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webhookPollMs: 0 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a private, loopback or link-local address in any form when created', async () => {
    for (const url of PRIVATE) {
      const errors = expect422(await post(t, url), 'url');
      expect(errors.url?.[0], url).toMatch(/^The url field must point to a public address \(.*not a public address/);
    }
    expect(await t.query('SELECT id FROM webhooks')).toEqual([]);
  });

  it('takes a public address, and refuses a private one on PUT and PATCH, leaving the webhook as it was', async () => {
    const res = await post(t, 'https://93.184.216.34/hook');
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    for (const method of ['PUT', 'PATCH'] as const) {
      expect422(await t.as(t.userKey, { method, url: `/api/v1/webhooks/${id}`, ...json({ url: 'http://localhost:8080/' }) }), 'url');
      expect422(await t.as(t.userKey, { method, url: `/api/v1/webhooks/${id}`, ...json({ url: 'http://[::ffff:7f00:1]/' }) }), 'url');
    }
    expect((await t.query<{ url: string }>('SELECT url FROM webhooks WHERE id = ?', id))[0]?.url).toBe('https://93.184.216.34/hook');
    // Changing the other fields does not need the URL again.
    expect((await t.as(t.userKey, { method: 'PATCH', url: `/api/v1/webhooks/${id}`, ...json({ enabled: 0 }) })).statusCode).toBe(200);
  });
});

describe('with the settings that let sending reach private addresses', () => {
  let allowList: TestApp;
  let allowAll: TestApp;
  beforeAll(async () => {
    allowList = await createTestApp({ webhookPollMs: 0, fetchAllowAddresses: ['127.0.0.2', '10.1.2.3'] });
    allowAll = await createTestApp({ webhookPollMs: 0, allowPrivateFetch: true });
  });
  afterAll(async () => {
    await allowList.close();
    await allowAll.close();
  });

  it('FETCH_ALLOW_ADDRESSES: exactly the listed addresses', async () => {
    expect((await post(allowList, 'http://127.0.0.2:4000/hook')).statusCode).toBe(201);
    expect((await post(allowList, 'http://10.1.2.3/hook')).statusCode).toBe(201);
    expect422(await post(allowList, 'http://127.0.0.1:4000/hook'), 'url');
    expect422(await post(allowList, 'http://10.1.2.4/hook'), 'url');
  });

  it('ALLOW_PRIVATE_FETCH=1: any address', async () => {
    for (const url of PRIVATE) expect((await post(allowAll, url)).statusCode, url).toBe(201);
  });
});

describe('Outbound.refusal (names, with a stand-in resolver)', () => {
  const outbound = (addresses: string[] | Error) =>
    new Outbound({ resolve: async () => (addresses instanceof Error ? Promise.reject(addresses) : addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))) });

  it('refuses a name whose every address is private, as the connection would', async () => {
    expect((await outbound(['10.0.0.1', '::1']).refusal('https://intranet.example/'))?.message).toMatch(/^intranet\.example resolves to 10\.0\.0\.1, which is not a public address/);
    // One public address is what sending would connect to: allowed.
    expect(await outbound(['10.0.0.1', '93.184.216.34']).refusal('https://mixed.example/')).toBeNull();
    expect(await outbound(['93.184.216.34']).refusal('https://public.example/')).toBeNull();
  });

  it('lets a name that does not resolve through: sending checks again', async () => {
    const missing = Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.example'), { code: 'ENOTFOUND' });
    expect(await outbound(missing).refusal('https://nowhere.example/')).toBeNull();
  });
});
