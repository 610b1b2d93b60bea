import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { expect401, expect422, get } from '../test-utils/api';
import { GOOGLEBOT, SAFARI_IPHONE } from '../redirect/test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const q = (params: Record<string, string>) => `/api/v1/visitor?${new URLSearchParams(params).toString()}`;

describe('GET /api/v1/visitor (what the redirect makes of a request)', () => {
  it('resolves a pasted User-Agent, IP and Accept-Language as the redirect does', async () => {
    const res = await get(t, t.userKey, q({ user_agent: SAFARI_IPHONE, ip: '81.2.69.142', accept_language: 'en;q=0.3, pt-BR;q=0.9' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { country: 'GB', continent: 'EU', language: 'pt', os: 'iOS', browser: 'Safari', device: 'Mobile', bot: false },
      status: 200,
    });
    const v6 = await get(t, t.userKey, q({ ip: '2a00:1450:4001::1' }));
    expect(v6.json().data).toMatchObject({ country: 'DE', continent: 'EU', language: null, os: null, bot: false });
  });

  it('says when the User-Agent is a known bot, and that nothing is known of an empty request', async () => {
    expect((await get(t, t.userKey, q({ user_agent: GOOGLEBOT }))).json().data.bot).toBe(true);
    const empty = await get(t, t.userKey, '/api/v1/visitor');
    expect(empty.json().data).toEqual({ country: null, continent: null, language: null, os: null, browser: null, device: null, bot: false });
    // a private address has no country
    expect((await get(t, t.userKey, q({ ip: '192.168.1.10' }))).json().data.country).toBeNull();
  });

  it('names the field it refuses', async () => {
    expect(expect422(await get(t, t.userKey, q({ ip: 'example.com' })), 'ip').ip?.[0]).toBe('The ip field must be an IPv4 or IPv6 address.');
    expect422(await get(t, t.userKey, q({ ip: '999.1.1.1' })), 'ip');
    expect422(await get(t, t.userKey, q({ user_agent: 'x'.repeat(1025) })), 'user_agent');
    expect422(await get(t, t.userKey, q({ accept_language: 'x'.repeat(513) })), 'accept_language');
  });

  it('needs an API key', async () => {
    expect401(await t.app.inject({ method: 'GET', url: '/api/v1/visitor' }));
  });
});
