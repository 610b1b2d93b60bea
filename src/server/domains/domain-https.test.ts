// The per-domain `https` choice: the domain's url, its links' short_url (show and list), defaults,
// validation, and domains made before migration 005 (NULL), which keep the scheme of BASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, form, type TestApp } from '../test-utils/test-app';
import { create, createLink, expect404, expect422, get, json } from '../test-utils/api';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(); // BASE_URL http://short.test
});
afterAll(async () => t.close());

const patch = (id: number, body: Record<string, string | number>) => t.as(t.userKey, { method: 'PATCH', url: `/api/v1/domains/${id}`, ...form(body) });
const shortUrls = async (domainId: number) =>
  ((await get(t, t.userKey, `/api/v1/links?domain_id=${domainId}&sort_by=alias&sort=asc`)).json().data as { short_url: string }[]).map((l) => l.short_url);

describe('domain https', () => {
  it('is 1 for a new domain when not sent, even though BASE_URL is http; its links are https', async () => {
    const d = await create(t, t.userKey, 'domains', { name: 'secure.example.com' });
    expect(d).toMatchObject({ https: 1, url: 'https://secure.example.com' });
    const link = await createLink(t, t.userKey, { url: 'https://example.com/a', domain_id: d.id, alias: 'a1' });
    expect(link).toMatchObject({ short_url: 'https://secure.example.com/a1', domain: { id: d.id, name: 'secure.example.com', url: 'https://secure.example.com' } });
    // Links without a domain keep BASE_URL as it is.
    expect((await createLink(t, t.userKey, { url: 'https://example.com/b', alias: 'b1' })).short_url).toBe('http://short.test/b1');
  });

  it('0 makes the domain and its links http, in show and in the list', async () => {
    const d = await create(t, t.userKey, 'domains', { name: 'plain.example.com', https: '0' });
    expect(d).toMatchObject({ https: 0, url: 'http://plain.example.com' });
    const link = await createLink(t, t.userKey, { url: 'https://example.com/p', domain_id: d.id, alias: 'p1' });
    expect(link.short_url).toBe('http://plain.example.com/p1');
    expect((await get(t, t.userKey, `/api/v1/links/${link.id}`)).json().data.short_url).toBe('http://plain.example.com/p1');
    expect(await shortUrls(d.id)).toEqual(['http://plain.example.com/p1']);
    expect((await get(t, t.userKey, `/api/v1/domains?search=plain`)).json().data[0]).toMatchObject({ https: 0, url: 'http://plain.example.com' });
  });

  it('is updatable with PUT and PATCH; its links follow at once; an update without it keeps it', async () => {
    const d = await create(t, t.userKey, 'domains', { name: 'switch.example.com', https: 0 });
    await createLink(t, t.userKey, { url: 'https://example.com/s', domain_id: d.id, alias: 's1' });
    await createLink(t, t.userKey, { url: 'https://example.com/s', domain_id: d.id, alias: 's2' });
    const on = await patch(d.id, { https: 1 });
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toMatchObject({ https: 1, url: 'https://switch.example.com' });
    expect(await shortUrls(d.id)).toEqual(['https://switch.example.com/s1', 'https://switch.example.com/s2']);
    const other = await patch(d.id, { homepage_url: 'https://example.com/home' });
    expect(other.json().data).toMatchObject({ https: 1, homepage_url: 'https://example.com/home' });
    const put = await t.as(t.userKey, { method: 'PUT', url: `/api/v1/domains/${d.id}`, ...json({ https: false }) });
    expect(put.json().data).toMatchObject({ https: 0, url: 'http://switch.example.com' });
    expect(await shortUrls(d.id)).toEqual(['http://switch.example.com/s1', 'http://switch.example.com/s2']);
  });

  it('accepts 0/1 and true/false in form and JSON bodies, and refuses anything else with 422 on https', async () => {
    const j = await t.as(t.userKey, { method: 'POST', url: '/api/v1/domains', ...json({ name: 'json-https.example.com', https: false }) });
    expect(j.json().data).toMatchObject({ https: 0 });
    const d = j.json().data as { id: number };
    for (const bad of ['2', 'yes', '', '-1', 'https']) {
      expect422(await t.as(t.userKey, { method: 'POST', url: '/api/v1/domains', ...form({ name: 'bad-https.example.com', https: bad }) }), 'https');
      expect422(await patch(d.id, { https: bad }), 'https');
    }
    expect422(await t.as(t.userKey, { method: 'POST', url: '/api/v1/domains', ...json({ name: 'bad-https.example.com', https: [1] }) }), 'https');
    expect((await get(t, t.userKey, `/api/v1/domains/${d.id}`)).json().data.https).toBe(0);
  });

  it('another account\'s domain stays a 404, with or without https', async () => {
    const d = await create(t, t.userKey, 'domains', { name: 'mine-https.example.com' });
    expect404(await t.as(t.adminKey, { method: 'PATCH', url: `/api/v1/domains/${d.id}`, ...form({ https: 0 }) }));
    expect((await get(t, t.userKey, `/api/v1/domains/${d.id}`)).json().data.https).toBe(1);
  });

  it('a domain from before migration 005 (NULL) keeps the scheme of BASE_URL until https is chosen', async () => {
    const d = await create(t, t.userKey, 'domains', { name: 'legacy.example.com' });
    await createLink(t, t.userKey, { url: 'https://example.com/l', domain_id: d.id, alias: 'l1' });
    await t.query('UPDATE domains SET https = NULL WHERE id = ?', d.id);
    expect((await get(t, t.userKey, `/api/v1/domains/${d.id}`)).json().data).toMatchObject({ https: 0, url: 'http://legacy.example.com' });
    expect(await shortUrls(d.id)).toEqual(['http://legacy.example.com/l1']);
    // Still NULL after an update that does not name it; chosen once it is sent.
    await patch(d.id, { not_found_url: 'https://example.com/404' });
    expect(await t.query('SELECT https FROM domains WHERE id = ?', d.id)).toEqual([{ https: null }]);
    expect((await patch(d.id, { https: 1 })).json().data).toMatchObject({ https: 1, url: 'https://legacy.example.com' });
    expect(await shortUrls(d.id)).toEqual(['https://legacy.example.com/l1']);
  });
});

describe('domain https under an https BASE_URL', () => {
  let ts: TestApp;
  beforeAll(async () => {
    ts = await createTestApp({ baseUrl: 'https://s.example' });
  });
  afterAll(async () => ts.close());

  it('an older domain (NULL) is https, as it was before; 0 still makes a domain http', async () => {
    const old = await create(ts, ts.userKey, 'domains', { name: 'old.example.org' });
    await ts.query('UPDATE domains SET https = NULL WHERE id = ?', old.id);
    expect((await get(ts, ts.userKey, `/api/v1/domains/${old.id}`)).json().data).toMatchObject({ https: 1, url: 'https://old.example.org' });
    const plain = await create(ts, ts.userKey, 'domains', { name: 'plain.example.org', https: 0 });
    expect((await createLink(ts, ts.userKey, { url: 'https://example.com/x', domain_id: plain.id, alias: 'x' })).short_url).toBe('http://plain.example.org/x');
  });

  it('GET /account tells the dashboard BASE_URL', async () => {
    expect((await get(ts, ts.userKey, '/api/v1/account')).json().data.base_url).toBe('https://s.example');
  });
});
