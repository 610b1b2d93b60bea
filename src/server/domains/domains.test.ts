import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, form, type TestApp } from '../test-utils/test-app';
import { create, createLink, expect404, expect422, get, ids, json } from '../test-utils/api';

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
    expect(Object.keys(body.data).sort()).toEqual([
      'created_at', 'homepage_url', 'https', 'id', 'last_checked_at', 'links_count', 'name', 'not_found_url', 'owned', 'shared', 'updated_at', 'url', 'verified', 'verified_at',
    ]);
    expect(body.data).toMatchObject({ name: 'go.example.com', url: 'https://go.example.com', https: 1, homepage_url: 'https://example.com', not_found_url: null, links_count: 0 });
    // A plain user's domain waits for its DNS records (dns-verification.test.ts).
    expect(body.data).toMatchObject({ shared: false, owned: true, verified: false, verified_at: null, last_checked_at: null });
    expect(body.data.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('refuses a name the workspace has, and a verified one of another account, with 422 naming the field', async () => {
    const twice = await t.as(t.userKey, { method: 'POST', url: '/api/v1/domains', ...form({ name: 'go.example.com' }) });
    expect(expect422(twice, 'name').name?.[0]).toMatch(/already been taken/);
    // The user's domain is an unverified claim: the admin's (verified at once) takes the name; then it is taken for the user.
    const admins = await t.as(t.adminKey, { method: 'POST', url: '/api/v1/domains', ...form({ name: 'taken.example.com' }) });
    expect(admins.statusCode).toBe(201);
    const res = await t.as(t.userKey, { method: 'POST', url: '/api/v1/domains', ...form({ name: 'taken.example.com' }) });
    expect(expect422(res, 'name').name?.[0]).toMatch(/already been taken/);
  });

  it('hides another account\'s domain as 404', async () => {
    const res = await t.as(t.adminKey, { method: 'GET', url: '/api/v1/domains/1' });
    expect404(res);
  });

  it('refuses bad names and URLs', async () => {
    for (const name of ['', 'not a host', 'http://', 'a..b', '-x.com', '1.2.3.4', 'x'.repeat(300)]) {
      expect422(await t.as(t.userKey, { method: 'POST', url: '/api/v1/domains', ...form({ name }) }), 'name');
    }
    expect422(await t.as(t.userKey, { method: 'POST', url: '/api/v1/domains', ...form({}) }), 'name');
    for (const url of ['javascript:alert(1)', 'ftp://x.com', 'data:text/html,x', 'example.com', `https://x.com/${'a'.repeat(2048)}`]) {
      const res = await t.as(t.userKey, { method: 'POST', url: '/api/v1/domains', ...form({ name: 'ok.example.org', homepage_url: url }) });
      expect422(res, 'homepage_url');
      expect422(await t.as(t.userKey, { method: 'POST', url: '/api/v1/domains', ...form({ name: 'ok.example.org', not_found_url: url }) }), 'not_found_url');
    }
  });

  it('accepts JSON bodies', async () => {
    const res = await t.as(t.userKey, { method: 'POST', url: '/api/v1/domains', ...json({ name: 'json.example.net', not_found_url: 'https://example.net/404' }) });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'json.example.net', not_found_url: 'https://example.net/404', homepage_url: null });
  });

  it('updates with PUT and PATCH, changing only what is sent; name is not updatable; empty clears', async () => {
    const d = await create(t, t.userKey, 'domains', { name: 'upd.example.com', homepage_url: 'https://h.example', not_found_url: 'https://n.example' });
    const renamed = await t.as(t.userKey, { method: 'PUT', url: `/api/v1/domains/${d.id}`, ...form({ homepage_url: 'https://h2.example', name: 'other.example.com' }) });
    expect(expect422(renamed, 'name').name).toEqual(['The name field cannot be changed: a domain keeps the name it was created with; add a new domain for another name.']);
    // Its own name, in any spelling of the host, is accepted.
    const put = await t.as(t.userKey, { method: 'PUT', url: `/api/v1/domains/${d.id}`, ...form({ homepage_url: 'https://h2.example', name: 'UPD.example.com.' }) });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({ name: 'upd.example.com', homepage_url: 'https://h2.example', not_found_url: 'https://n.example' });
    const patch = await t.as(t.userKey, { method: 'PATCH', url: `/api/v1/domains/${d.id}`, ...form({ not_found_url: '' }) });
    expect(patch.json().data).toMatchObject({ homepage_url: 'https://h2.example', not_found_url: null });
    const bad = await t.as(t.userKey, { method: 'PATCH', url: `/api/v1/domains/${d.id}`, ...form({ homepage_url: 'https://ok.example', not_found_url: 'javascript:x' }) });
    expect422(bad, 'not_found_url');
    expect((await get(t, t.userKey, `/api/v1/domains/${d.id}`)).json().data.homepage_url).toBe('https://h2.example');
  });

  it('deletes a domain with its links', async () => {
    const d = await create(t, t.userKey, 'domains', { name: 'del.example.com' });
    const link = await createLink(t, t.userKey, { url: 'https://example.com', domain_id: d.id });
    expect((await get(t, t.userKey, `/api/v1/domains/${d.id}`)).json().data.links_count).toBe(1);
    const res = await t.as(t.userKey, { method: 'DELETE', url: `/api/v1/domains/${d.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: d.id, object: 'domain', deleted: true, status: 200, operation: expect.objectContaining({ type: 'delete', object: 'domain', object_id: d.id, undoable: true }) });
    expect404(await get(t, t.userKey, `/api/v1/domains/${d.id}`));
    expect404(await get(t, t.userKey, `/api/v1/links/${link.id}`));
    expect404(await t.as(t.userKey, { method: 'DELETE', url: `/api/v1/domains/${d.id}` }));
  });

  it('answers 404 for ids that are not positive integers', async () => {
    for (const id of ['0', '-1', 'abc', '1.5', '99999999999']) expect404(await get(t, t.userKey, `/api/v1/domains/${id}`));
  });
});

describe('domain list', () => {
  let tl: TestApp;
  beforeAll(async () => {
    tl = await createTestApp();
    for (const n of ['bravo', 'alpha', 'charlie', 'delta-alpha']) await create(tl, tl.userKey, 'domains', { name: `${n}.example.com` });
    await create(tl, tl.adminKey, 'domains', { name: 'alpha-admin.example.com' });
  });
  afterAll(async () => tl.close());

  const list = (q = '') => get(tl, tl.userKey, `/api/v1/domains${q}`);
  const names = async (q: string) => ((await list(q)).json().data as { name: string }[]).map((d) => d.name);

  it('lists only the caller\'s domains, newest first by default', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toMatchObject({ total: 4, per_page: 10, current_page: 1, from: 1, to: 4, last_page: 1 });
    expect(ids(res)).toEqual([...ids(res)].sort((a, b) => b - a));
  });

  it('sorts by id and name in both directions', async () => {
    expect(await names('?sort_by=name&sort=asc')).toEqual(['alpha.example.com', 'bravo.example.com', 'charlie.example.com', 'delta-alpha.example.com']);
    expect(await names('?sort_by=name&sort=desc')).toEqual(['delta-alpha.example.com', 'charlie.example.com', 'bravo.example.com', 'alpha.example.com']);
    const asc = ids(await list('?sort_by=id&sort=asc'));
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
  });

  it('searches by name, case-insensitively', async () => {
    expect((await names('?search=ALPHA&search_by=name&sort_by=name&sort=asc'))).toEqual(['alpha.example.com', 'delta-alpha.example.com']);
    expect(await names('?search=nothing-like-this')).toEqual([]);
  });

  it('refuses out-of-list parameters with 422', async () => {
    expect422(await list('?per_page=7'), 'per_page');
    expect422(await list('?sort_by=url'), 'sort_by');
    expect422(await list('?sort=up'), 'sort');
    expect422(await list('?search_by=url'), 'search_by');
    expect422(await list('?page=0'), 'page');
    expect422(await list('?page=abc'), 'page');
  });
});
