// Property-based: random forms, JSON bodies and query strings at create, update and list never get a 5xx,
// and every answer is JSON with the contract's status field.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { create, createLink } from '../test-utils/api';

let t: TestApp;
let linkId: number;
beforeAll(async () => {
  t = await createTestApp();
  await create(t, t.userKey, 'spaces', { name: 'S' });
  await create(t, t.userKey, 'pixels', { name: 'P', type: 'x', value: 'v' });
  await create(t, t.userKey, 'domains', { name: 'p.example.com' });
  linkId = (await createLink(t, t.userKey, { url: 'https://example.com' })).id;
});
afterAll(async () => t.close());

const FIELDS = [
  'url', 'alias', 'title', 'domain_id', 'domain', 'space_id', 'pixel_ids', 'pixel_ids[]', 'pixel_ids[0]', 'redirect_password',
  'sensitive_content', 'privacy', 'password', 'active_period_start_at', 'active_period_end_at', 'clicks_limit', 'expiration_url',
  'targets_type', 'targets', 'targets[0][key]', 'targets[0][value]', 'targets[1][key]', 'targets[1][value]', 'targets[999][key]',
  'targets[][value]', 'targets[0]', 'disabled', 'url[]', 'alias[a]', '__proto__', 'constructor[prototype]', 'a[b][c][d][e]',
];
const QUERY_KEYS = ['search', 'search_by', 'status', 'space_id', 'domain_id', 'pixel_id', 'sort_by', 'sort', 'per_page', 'page', 'search[]', 'status[]', 'x'];

const value = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('', '0', '1', '2', '3', '-1', '10', '25', '100', '1e3', '0x10', 'NaN', 'null', 'true', '999999999999999999999', ' 1 '),
  fc.constantFrom('https://example.com', 'javascript:alert(1)', 'http://', 'https://ex ample.com', 'countries', 'rotations', 'US', 'Mobile'),
  fc.constantFrom('2030-01-01T00:00:00', '2030-02-30 10:00', '2030-01-01T00:00:00+25:00', 'title', 'url', 'alias', 'asc', 'desc', 'clicks'),
  fc.integer().map(String),
  fc.string({ unit: 'binary', maxLength: 20 }),
);
const pairs = (keys: string[]) => fc.array(fc.tuple(fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 12 })), value), { maxLength: 12 });
const encode = (p: [string, string][]) => p.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');

const jsonValue = fc.oneof(
  value,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 3 }),
  fc.array(fc.record({ key: value, value }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);
const jsonBody = fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS.filter((f) => !f.includes('['))), fc.string({ maxLength: 8 })), jsonValue, { maxKeys: 10 });

function check(res: LightMyRequestResponse): void {
  expect(res.statusCode, res.body).toBeLessThan(500);
  const body = res.json() as { status?: number };
  expect(body.status, res.body).toBe(res.statusCode === 201 ? 200 : res.statusCode);
}

const RUNS = { numRuns: 150 };

describe('random input never causes a 5xx', () => {
  it('create with random form bodies', async () => {
    await fc.assert(
      fc.asyncProperty(pairs(FIELDS), async (p) => {
        check(await t.as(t.userKey, { method: 'POST', url: '/api/v1/links', payload: encode(p), headers: { 'content-type': 'application/x-www-form-urlencoded' } }));
      }),
      RUNS,
    );
  });

  it('create with random JSON bodies (a valid url mixed in half the time)', async () => {
    await fc.assert(
      fc.asyncProperty(jsonBody, fc.boolean(), async (body, withUrl) => {
        const payload = withUrl ? { ...body, url: 'https://example.com/p' } : body;
        check(await t.as(t.userKey, { method: 'POST', url: '/api/v1/links', payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }));
      }),
      RUNS,
    );
  });

  it('update (PUT and PATCH) with random forms and JSON', async () => {
    await fc.assert(
      fc.asyncProperty(pairs(FIELDS), jsonBody, fc.constantFrom('PUT', 'PATCH') as fc.Arbitrary<'PUT' | 'PATCH'>, async (p, body, method) => {
        check(await t.as(t.userKey, { method, url: `/api/v1/links/${linkId}`, payload: encode(p), headers: { 'content-type': 'application/x-www-form-urlencoded' } }));
        check(await t.as(t.userKey, { method, url: `/api/v1/links/${linkId}`, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }));
      }),
      RUNS,
    );
  });

  it('list with random query strings', async () => {
    await fc.assert(
      fc.asyncProperty(pairs(QUERY_KEYS), async (p) => {
        const res = await t.as(t.userKey, { method: 'GET', url: `/api/v1/links?${encode(p)}` });
        check(res);
        if (res.statusCode === 200) expect(res.json().meta.total).toBeGreaterThanOrEqual(res.json().data.length);
      }),
      RUNS,
    );
  });

  it('random ids in paths', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ maxLength: 30 }), fc.integer().map(String)), async (id) => {
        check(await t.as(t.userKey, { method: 'GET', url: `/api/v1/links/${encodeURIComponent(id)}` }));
      }),
      RUNS,
    );
  });
});
