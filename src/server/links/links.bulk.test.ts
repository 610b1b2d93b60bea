// POST /api/v1/links/bulk: per-row checks as the single create, one transaction, dry run and partial.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, form, type TestApp } from '../test-utils/test-app';
import { create, expect422, json } from '../test-utils/api';

let t: TestApp;
let spaceId: number;
let pixelId: number;
let domainId: number;
let otherSpace: number;
let otherPixel: number;
let otherDomain: number;
beforeAll(async () => {
  t = await createTestApp();
  spaceId = (await create(t, t.userKey, 'spaces', { name: 'Bulk' })).id;
  pixelId = (await create(t, t.userKey, 'pixels', { name: 'P', type: 'bing', value: 'p1' })).id;
  domainId = (await create(t, t.userKey, 'domains', { name: 'bulk.example.com' })).id;
  otherSpace = (await create(t, t.adminKey, 'spaces', { name: 'Theirs' })).id;
  otherPixel = (await create(t, t.adminKey, 'pixels', { name: 'T', type: 'bing', value: 't1' })).id;
  otherDomain = (await create(t, t.adminKey, 'domains', { name: 'theirs.example.com' })).id;
});
afterAll(async () => t.close());

const bulk = (links: unknown, query = '', key = t.userKey) =>
  t.as(key, { method: 'POST', url: `/api/v1/links/bulk${query}`, ...json({ links }) });
const count = async (where: string, ...params: unknown[]) =>
  Number((await t.query<{ n: number }>(`SELECT count(*) AS n FROM links WHERE ${where}`, ...params))[0]?.n);

describe('POST /links/bulk', () => {
  it('creates every row in one call, with the same fields and answers as POST /links', async () => {
    const res = await bulk([
      { url: 'https://a.example/1', alias: 'bulk-a1', title: 'One', space_id: spaceId, pixel_ids: [pixelId], clicks_limit: 5 },
      { url: 'https://a.example/2', domain: domainId, alias: 'bulk-a1' }, // the same alias on another domain is fine
      { url: 'https://a.example/3', title: '<b>Three</b>', disabled: 1 },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.status).toBe(200);
    expect(body.meta).toEqual({ created: 3, failed: 0, rows: [0, 1, 2] });
    expect(body.data).toHaveLength(3);
    expect(body.data[0]).toMatchObject({ alias: 'bulk-a1', title: 'One', space: { id: spaceId }, pixels: [{ id: pixelId }], clicks_limit: 5, short_url: 'http://short.test/bulk-a1' });
    expect(body.data[1]).toMatchObject({ alias: 'bulk-a1', domain: { id: domainId }, short_url: 'https://bulk.example.com/bulk-a1' });
    expect(body.data[2]).toMatchObject({ title: '<b>Three</b>', disabled: 1, status: 3 });
    expect(body.data[2].alias).toMatch(/^[A-Za-z0-9]{6,}$/);
    const shown = await t.as(t.userKey, { method: 'GET', url: `/api/v1/links/${body.data[0].id}` });
    expect(shown.json().data).toEqual(body.data[0]);
  });

  it('writes nothing when any row fails, and names each failing row and field', async () => {
    await bulk([{ url: 'https://a.example/taken', alias: 'bulk-taken' }]);
    const before = await count('1 = 1');
    const res = await bulk([
      { url: 'https://ok.example/' },
      { url: 'javascript:alert(1)' },
      { url: 'https://ok.example/', alias: 'bulk-taken' },
      { url: 'https://ok.example/', alias: 'bulk-dup' },
      { url: 'https://ok.example/', alias: 'bulk-dup' },
      { url: 'https://ok.example/', space_id: otherSpace, pixel_ids: [pixelId, otherPixel], domain_id: otherDomain },
      'not an object',
      { url: 'https://ok.example/', privacy: 2 },
      { url: 'https://ok.example/', alias: 'api' },
      { url: 'https://ok.example/', active_period_start_at: '2030-01-01T00:00:00', active_period_end_at: '2029-01-01T00:00:00' },
    ]);
    const errors = expect422(res, 'links.1.url', 'links.2.alias', 'links.4.alias', 'links.5.space_id', 'links.5.pixel_ids.1', 'links.5.domain_id', 'links.6', 'links.7.password', 'links.8.alias', 'links.9.active_period_end_at');
    expect(errors['links.2.alias']).toEqual(['The links.2.alias field has already been taken.']);
    expect(errors['links.4.alias']).toEqual(['The links.4.alias field duplicates the alias of links.3.']);
    expect(errors).not.toHaveProperty(['links.0.url']);
    expect(errors).not.toHaveProperty(['links.3.alias']);
    expect(errors).not.toHaveProperty(['links.5.pixel_ids.0']);
    expect(await count('1 = 1')).toBe(before);
  });

  it('?partial=1 writes the valid rows and reports the others (200)', async () => {
    const res = await bulk([{ url: 'https://p.example/1', alias: 'bulk-p1' }, { url: 'ftp://p.example/' }, { url: 'https://p.example/3', alias: 'bulk-p1' }], '?partial=1');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data.map((l: { alias: string }) => l.alias)).toEqual(['bulk-p1']);
    expect(body.meta).toEqual({ created: 1, failed: 2, rows: [0] });
    expect(Object.keys(body.errors)).toEqual(['links.1.url', 'links.2.alias']);
    expect(await count('alias = ?', 'bulk-p1')).toBe(1);
  });

  it('?partial=1 with no valid row is a 422', async () => {
    expect422(await bulk([{ url: 'nope' }], '?partial=1'), 'links.0.url');
  });

  it('?dry_run=1 answers what would be created and writes nothing', async () => {
    const before = await count('1 = 1');
    const res = await bulk([{ url: 'https://d.example/', alias: 'bulk-dry', pixel_ids: [pixelId], space_id: spaceId }, { url: 'https://d.example/2' }], '?dry_run=1');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ created: 0, failed: 0, rows: [0, 1], dry_run: true });
    expect(body.data[0]).toMatchObject({ id: null, alias: 'bulk-dry', short_url: 'http://short.test/bulk-dry', pixels: [{ id: pixelId, name: 'P' }], space: { id: spaceId }, status: 1, created_at: null });
    expect(body.data[1]).toMatchObject({ id: null, alias: null, short_url: null });
    expect(await count('1 = 1')).toBe(before);
    // A failing row fails the dry run as it would fail the real call; with partial it is reported.
    expect422(await bulk([{ url: 'https://d.example/' }, { url: 'x' }], '?dry_run=1'), 'links.1.url');
    const partial = await bulk([{ url: 'https://d.example/' }, { url: 'x' }], '?dry_run=1&partial=1');
    expect(partial.statusCode).toBe(200);
    expect(partial.json().errors).toHaveProperty(['links.1.url']);
    expect(await count('1 = 1')).toBe(before);
  });

  it('refuses a missing, empty, oversized or malformed list and bad flags', async () => {
    expect422(await t.as(t.userKey, { method: 'POST', url: '/api/v1/links/bulk', ...json({}) }), 'links');
    expect422(await bulk([]), 'links');
    expect422(await bulk('x'), 'links');
    const tooMany = await bulk(Array.from({ length: 1001 }, (_, i) => ({ url: `https://m.example/${i}` })));
    expect(expect422(tooMany, 'links').links).toEqual(['The links field must not have more than 1000 links per request.']);
    expect422(await bulk([{ url: 'https://e.example/' }], '?dry_run=maybe'), 'dry_run');
    expect422(await bulk([{ url: 'https://e.example/' }], '?partial=2'), 'partial');
  });

  it('creates 1,000 links at once', async () => {
    const res = await bulk(Array.from({ length: 1000 }, (_, i) => ({ url: `https://k.example/${i}`, title: `K ${i}`, space_id: spaceId })));
    expect(res.statusCode).toBe(201);
    expect(res.json().meta.created).toBe(1000);
    expect(await count('space_id = ? AND title LIKE ?', spaceId, 'K %')).toBe(1000);
  });

  it('accepts a form body with bracket notation', async () => {
    const res = await t.as(t.userKey, { method: 'POST', url: '/api/v1/links/bulk', ...form([['links[0][url]', 'https://f.example/'], ['links[0][alias]', 'bulk-form'], ['links[1][url]', 'https://f.example/2']]) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data[0].alias).toBe('bulk-form');
    // Past 200 rows the form parser hands an object keyed by index: still a list, in order.
    const many = Array.from({ length: 205 }, (_, i): [string, string] => [`links[${i}][url]`, `https://f.example/many/${i}`]);
    const big = await t.as(t.userKey, { method: 'POST', url: '/api/v1/links/bulk', ...form(many) });
    expect(big.statusCode, big.body).toBe(201);
    expect(big.json().data.map((l: { url: string }) => l.url)).toEqual(many.map(([, url]) => url));
  });

  it('needs a key', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/links/bulk', ...json({ links: [{ url: 'https://e.example/' }] }) });
    expect(res.statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents the bulk and operations routes with their parameters and bodies', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const bulk = doc.paths['/api/v1/links/bulk'];
    expect(Object.keys(bulk)).toEqual(expect.arrayContaining(['post', 'patch', 'delete']));
    const names = (op: { parameters?: { name: string }[] }) => (op.parameters ?? []).map((p) => p.name);
    expect(names(bulk.post)).toEqual(expect.arrayContaining(['dry_run', 'partial']));
    expect(names(bulk.patch)).toContain('dry_run');
    expect(names(bulk.delete)).toEqual(expect.arrayContaining(['dry_run', 'ids', 'status', 'space_id', 'all']));
    expect(JSON.stringify(bulk.patch.requestBody)).toContain('active_period_end_at');
    expect(JSON.stringify(bulk.post.requestBody)).toContain('links');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/operations', '/api/v1/operations/{id}', '/api/v1/operations/{id}/undo']));
    expect(names(doc.paths['/api/v1/operations/{id}/undo'].post)).toContain('force');
  });
});
