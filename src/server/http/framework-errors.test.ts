import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('URLs the router cannot take', () => {
  it('answers malformed and overlong API URLs in the API error shape (an overlong id is an unknown one)', async () => {
    const bad = await t.as(t.adminKey, { method: 'GET', url: '/api/v1/links/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'The URL is not valid.', status: 400 });
    const long = await t.as(t.adminKey, { method: 'GET', url: `/api/v1/links/${'9'.repeat(600)}` });
    expect(long.statusCode).toBe(404);
    expect(long.json()).toEqual({ message: 'Resource not found.', status: 404 });
  });

  it('answers public paths that can be no short link with the 404 page', async () => {
    for (const url of [`/${'x'.repeat(600)}`, '/%E0%A4%A', '/a/b/c']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('Linkdeck');
      expect(res.body).not.toContain('FST_ERR');
    }
  });
});
