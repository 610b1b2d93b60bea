import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { get } from '../test-utils/api';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ apiRateLimit: 3 });
});
afterAll(async () => t.close());

describe('rate limit', () => {
  it('counts per key, answers 429 with Retry-After and X-RateLimit-* headers', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await get(t, t.userKey, '/api/v1/account');
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe('3');
      expect(res.headers['x-ratelimit-remaining']).toBe(String(2 - i));
    }
    const limited = await get(t, t.userKey, '/api/v1/links');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too Many Requests.', status: 429 });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['x-ratelimit-limit']).toBe('3');
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    // Another key has its own budget.
    const other = await get(t, t.adminKey, '/api/v1/account');
    expect(other.statusCode).toBe(200);
    expect(other.headers['x-ratelimit-remaining']).toBe('2');
  });

  it('puts the headers on error answers too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/links', headers: { authorization: 'Bearer unknown-key-0000' } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-ratelimit-limit']).toBe('3');
  });
});
