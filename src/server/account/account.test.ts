import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { expect401, get } from '../test-utils/api';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('account', () => {
  it('shows the caller\'s account', async () => {
    const res = await get(t, t.userKey, '/api/v1/account');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: t.userId, name: 'User', role: 'user', created_at: expect.stringMatching(/Z$/), base_url: 'http://short.test' }, status: 200 });
    expect((await get(t, t.adminKey, '/api/v1/account')).json().data.role).toBe('admin');
  });

  it('rotates the key: the new one works, the old one is 401 at once', async () => {
    const res = await t.as(t.userKey, { method: 'POST', url: '/api/v1/account/api-key' });
    expect(res.statusCode).toBe(200);
    const { api_key: fresh } = res.json().data;
    expect(res.json()).toEqual({ data: { api_key: fresh }, status: 200 });
    expect(fresh).not.toBe(t.userKey);
    expect401(await get(t, t.userKey, '/api/v1/account'));
    expect401(await get(t, t.userKey, '/api/v1/links'));
    expect((await get(t, fresh, '/api/v1/account')).json().data.id).toBe(t.userId);
    expect((await get(t, t.adminKey, '/api/v1/account')).statusCode).toBe(200);
  });
});
