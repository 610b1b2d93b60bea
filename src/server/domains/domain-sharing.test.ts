// The instance admin's domains: verified at once, and shareable with every workspace, whose links may
// use a shared domain; `shared` is the instance admin's only (403 naming the field); another workspace's shared
// domain is listed read-only. No DNS here: none of this needs a check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { create, createLink, get, json } from '../test-utils/api';
import { visit } from '../redirect/test-helpers';
import type { LightMyRequestResponse } from 'fastify';

let t: TestApp;
let thirdKey = '';
beforeAll(async () => {
  t = await createTestApp({ domainCheckEveryMs: null });
  // A third account, made as the instance admin makes one.
  const res = await t.as(t.adminKey, { method: 'POST', url: '/api/v1/users', ...json({ name: 'Third' }) });
  expect(res.statusCode, res.body).toBe(201);
  thirdKey = res.json().data.api_key;
});
afterAll(async () => t.close());

const allowed = (host: string) => t.app.inject({ method: 'GET', url: `/domains/allowed?domain=${host}` });

function expect403Shared(res: LightMyRequestResponse): void {
  expect(res.statusCode, res.body).toBe(403);
  const message = 'The shared field can be set by the instance admin only.';
  expect(res.json()).toEqual({ message, errors: { shared: [message] }, status: 403 });
}

describe("the instance admin's domains", () => {
  it('are verified at once and take traffic without any DNS check', async () => {
    const d = await create(t, t.adminKey, 'domains', { name: 'admin.short.test' });
    expect(d).toMatchObject({ verified: true, shared: false, owned: true, last_checked_at: null });
    expect(d.verified_at).toBe(d.created_at);
    await createLink(t, t.adminKey, { url: 'https://admin.example/a', domain_id: d.id, alias: 'a' });
    expect((await visit(t, '/a', { headers: { host: 'admin.short.test' } })).headers.location).toBe('https://admin.example/a');
    expect((await allowed('admin.short.test')).statusCode).toBe(200);
  });

  it("are not another workspace's to use unless shared", async () => {
    const d = await create(t, t.adminKey, 'domains', { name: 'private.short.test' });
    const res = await t.as(t.userKey, { method: 'POST', url: '/api/v1/links', ...json({ url: 'https://x.example/', domain_id: d.id }) });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ domain_id: ['The domain_id field must be one of your domains.'] });
    expect((await get(t, t.userKey, '/api/v1/domains?per_page=100')).json().data.map((x: { id: number }) => x.id)).not.toContain(d.id);
  });

  it("a plain user's domain starts unverified", async () => {
    const d = await create(t, t.userKey, 'domains', { name: 'user.brand.test' });
    expect(d).toMatchObject({ verified: false, verified_at: null });
  });
});

describe('a shared domain', () => {
  let id = 0;

  it('is shared by the instance admin, and every workspace lists it, read-only, flagged shared', async () => {
    const d = await create(t, t.adminKey, 'domains', { name: 'shared.short.test', shared: 1 });
    id = d.id;
    expect(d).toMatchObject({ shared: true, owned: true, verified: true });
    for (const key of [t.userKey, thirdKey]) {
      const list = (await get(t, key, '/api/v1/domains?per_page=100')).json().data as { id: number }[];
      expect(list.find((x) => x.id === id)).toMatchObject({ name: 'shared.short.test', shared: true, owned: false, verified: true, links_count: 0 });
      expect((await get(t, key, `/api/v1/domains/${id}`)).json().data).toMatchObject({ shared: true, owned: false });
    }
  });

  it("every workspace's links may use it, and the redirect serves them; each sees its own links counted", async () => {
    const mine = await createLink(t, t.userKey, { url: 'https://user.example/s', domain_id: id, alias: 'from-user' });
    expect(mine).toMatchObject({ short_url: 'https://shared.short.test/from-user', domain: { id, name: 'shared.short.test' } });
    await createLink(t, thirdKey, { url: 'https://third.example/s', domain_id: id, alias: 'from-third' });
    expect((await visit(t, '/from-user', { headers: { host: 'shared.short.test' } })).headers.location).toBe('https://user.example/s');
    expect((await visit(t, '/from-third', { headers: { host: 'shared.short.test' } })).headers.location).toBe('https://third.example/s');
    expect((await get(t, t.userKey, `/api/v1/domains/${id}`)).json().data.links_count).toBe(1);
    expect((await get(t, t.adminKey, `/api/v1/domains/${id}`)).json().data.links_count).toBe(2);
    // An alias is still one per domain, across workspaces.
    const taken = await t.as(thirdKey, { method: 'POST', url: '/api/v1/links', ...json({ url: 'https://x.example/', domain_id: id, alias: 'from-user' }) });
    expect(taken.statusCode).toBe(422);
  });

  it("a workspace's `domain:` search term finds its own links on it (the list reads usable domains by the same rule)", async () => {
    const found = await get(t, t.userKey, `/api/v1/links?search_by=all&search=${encodeURIComponent('domain:shared.short')}`);
    expect(found.json().data.map((l: { alias: string }) => l.alias)).toEqual(['from-user']);
  });

  it('is read-only outside its workspace: 403 on update and delete, 404 on its DNS records', async () => {
    for (const method of ['PATCH', 'PUT'] as const) {
      const res = await t.as(t.userKey, { method, url: `/api/v1/domains/${id}`, ...json({ homepage_url: 'https://evil.example/' }) });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toMatch(/read-only outside its own workspace/);
    }
    expect((await t.as(t.userKey, { method: 'DELETE', url: `/api/v1/domains/${id}` })).statusCode).toBe(403);
    expect((await get(t, t.userKey, `/api/v1/domains/${id}/verification`)).statusCode).toBe(404);
    expect((await get(t, t.adminKey, `/api/v1/domains/${id}`)).json().data.homepage_url).toBeNull();
  });

  it('stops being offered when the instance admin unshares it; the links already on it keep working', async () => {
    const res = await t.as(t.adminKey, { method: 'PATCH', url: `/api/v1/domains/${id}`, ...json({ shared: 0 }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.shared).toBe(false);
    expect((await get(t, t.userKey, `/api/v1/domains/${id}`)).statusCode).toBe(404);
    const refused = await t.as(t.userKey, { method: 'POST', url: '/api/v1/links', ...json({ url: 'https://x.example/', domain_id: id }) });
    expect(refused.statusCode).toBe(422);
    expect((await visit(t, '/from-user', { headers: { host: 'shared.short.test' } })).headers.location).toBe('https://user.example/s');
  });
});

describe('`shared` is the instance admin\'s only', () => {
  it('a plain user sending shared 1 on create gets 403 naming the field, and nothing is created', async () => {
    expect403Shared(await t.as(t.userKey, { method: 'POST', url: '/api/v1/domains', ...json({ name: 'sneaky.brand.test', shared: 1 }) }));
    expect403Shared(await t.as(t.userKey, { method: 'POST', url: '/api/v1/domains', ...json({ name: 'sneaky.brand.test', shared: true }) }));
    const [row] = await t.query<{ n: number }>("SELECT count(*) AS n FROM domains WHERE name = 'sneaky.brand.test'");
    expect(row?.n).toBe(0);
  });

  it('a plain user changing shared on its own domain gets 403; repeating its value (a PUT of what GET answered) is fine', async () => {
    const d = await create(t, t.userKey, 'domains', { name: 'own.brand.test', shared: 0 });
    expect403Shared(await t.as(t.userKey, { method: 'PATCH', url: `/api/v1/domains/${d.id}`, ...json({ shared: 1 }) }));
    const put = await t.as(t.userKey, { method: 'PUT', url: `/api/v1/domains/${d.id}`, ...json({ ...d, homepage_url: 'https://own.example/' }) });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ shared: false, homepage_url: 'https://own.example/' });
  });

  it('a bad value is a 422 naming the field, for the instance admin too', async () => {
    const res = await t.as(t.adminKey, { method: 'POST', url: '/api/v1/domains', ...json({ name: 'bad-flag.short.test', shared: 2 }) });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['shared']);
  });
});
