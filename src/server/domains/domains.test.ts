import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, form, type TestApp } from '../test-utils/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('domains', () => {
  it('creates a domain with a normalised name and answers 201', async () => {
    const res = await t.as(t.userKey, { method: 'POST', url: '/api/v1/domains', ...form({ name: 'HTTPS://Go.Example.COM/x?y', homepage_url: 'https://example.com' }) });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.status).toBe(200);
    expect(body.data).toMatchObject({ name: 'go.example.com', url: 'http://go.example.com', homepage_url: 'https://example.com', not_found_url: null, links_count: 0 });
  });

  it('refuses a taken name with 422 naming the field', async () => {
    const res = await t.as(t.adminKey, { method: 'POST', url: '/api/v1/domains', ...form({ name: 'go.example.com' }) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name[0]).toMatch(/already been taken/);
  });

  it('hides another account\'s domain as 404', async () => {
    const res = await t.as(t.adminKey, { method: 'GET', url: '/api/v1/domains/1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Resource not found.', status: 404 });
  });
});
