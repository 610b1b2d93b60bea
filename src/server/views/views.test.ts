// Saved views: CRUD in the contract's style, the query checked by the links list's own schema and
// stored normalised, names unique per account ignoring case, another account's view a 404. Both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { create, createLink, expect404, expect422, get, ids, json, post } from '../test-utils/api';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const put = (key: string, id: number, body: object) => t.as(key, { method: 'PUT', url: `/api/v1/views/${id}`, ...json(body) });

describe('saved views', () => {
  it('creates with the query normalised, shows its links, renames, changes the query and deletes', async () => {
    const v = await create(t, t.userKey, 'views', { name: 'Expired in Launch', query: '?sort=desc&sort_by=clicks&page=3&space_id=5&status=2&per_page=10' });
    expect(v).toEqual({
      id: v.id,
      name: 'Expired in Launch',
      query: 'status=2&space_id=5&sort_by=clicks',
      url: 'http://short.test/dashboard/links?status=2&space_id=5&sort_by=clicks',
      api_url: '/api/v1/links?status=2&space_id=5&sort_by=clicks',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await get(t, t.userKey, `/api/v1/views/${v.id}`)).json()).toEqual({ data: v, status: 200 });

    const renamed = await put(t.userKey, v.id, { name: 'Launch, expired' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Launch, expired', query: 'status=2&space_id=5&sort_by=clicks' });
    const requery = await put(t.userKey, v.id, { query: 'sort=asc&tag=spring&tag=Summer,spring' });
    expect(requery.json().data).toMatchObject({ name: 'Launch, expired', query: 'tag=spring,Summer&sort=asc', url: 'http://short.test/dashboard/links?tag=spring,Summer&sort=asc' });

    const del = await t.as(t.userKey, { method: 'DELETE', url: `/api/v1/views/${v.id}` });
    expect(del.json()).toEqual({ id: v.id, object: 'view', deleted: true, status: 200 });
    expect404(await get(t, t.userKey, `/api/v1/views/${v.id}`));
  });

  it('writes equal lists as equal text: defaults and page left out, one order, readable values', async () => {
    const a = await create(t, t.userKey, 'views', { name: 'Order A', query: 'search=spring sale&search_by=alias&tag[]=x&tag_mode=all' });
    const b = await create(t, t.userKey, 'views', { name: 'Order B', query: 'tag_mode=all&tag=x&search_by=alias&page=2&search=spring+sale&status=0' });
    expect(a.query).toBe('search=spring+sale&search_by=alias&tag=x&tag_mode=all');
    expect(b.query).toBe(a.query);
    const all = await create(t, t.userKey, 'views', { name: 'Everything', query: 'page=4&sort=desc' });
    expect(all).toMatchObject({ query: '', url: 'http://short.test/dashboard/links', api_url: '/api/v1/links' });
    const odd = await create(t, t.userKey, 'views', { name: 'Odd', query: 'search=a%26b%3Dc%2Bd' });
    expect(odd.query).toBe('search=a%26b%3Dc%2Bd');
    // The stored text is what the links list reads: it answers the same as the query sent.
    await createLink(t, t.userKey, { url: 'https://e.example/x', alias: 'spring-sale-1' });
    const fromView = await get(t, t.userKey, a.api_url as string);
    expect(fromView.statusCode, fromView.body).toBe(200);
    expect(ids(fromView)).toEqual(ids(await get(t, t.userKey, '/api/v1/links?tag_mode=all&tag=x&search_by=alias&search=spring+sale')));
  });

  it('lists newest first by default, by name ignoring case, searched by name, paginated', async () => {
    const key = await freshKey('Lister');
    for (const name of ['beta', 'Alpha', 'gamma']) await create(t, key, 'views', { name, query: 'status=1' });
    const names = async (q: string) => ((await get(t, key, `/api/v1/views${q}`)).json().data as { name: string }[]).map((v) => v.name);
    expect(await names('')).toEqual(['gamma', 'Alpha', 'beta']);
    expect(await names('?sort_by=name&sort=asc')).toEqual(['Alpha', 'beta', 'gamma']);
    expect(await names('?search=AM')).toEqual(['gamma']);
    const page = (await get(t, key, '/api/v1/views?per_page=10&page=2&sort_by=name')).json();
    expect(page.data).toEqual([]);
    expect(page.meta).toMatchObject({ total: 3, current_page: 2, last_page: 1 });
    expect422(await get(t, key, '/api/v1/views?sort_by=query'), 'sort_by');
  });

  it('422 naming the field: no name, an empty or too long one, one taken (ignoring case), no query, a bad query', async () => {
    await create(t, t.userKey, 'views', { name: 'Taken', query: '' });
    expect422(await post(t, t.userKey, '/api/v1/views', { query: 'status=1' }), 'name');
    expect422(await post(t, t.userKey, '/api/v1/views', { name: '   ', query: 'status=1' }), 'name');
    expect422(await post(t, t.userKey, '/api/v1/views', { name: 'x'.repeat(65), query: 'status=1' }), 'name');
    expect422(await post(t, t.userKey, '/api/v1/views', { name: 'a\u202eb', query: 'status=1' }), 'name');
    const taken = expect422(await post(t, t.userKey, '/api/v1/views', { name: ' tAKEN ', query: 'status=1' }), 'name');
    expect(taken.name).toEqual(['The name field has already been taken.']);
    expect422(await post(t, t.userKey, '/api/v1/views', { name: 'No query' }), 'query');
    expect422(await post(t, t.userKey, '/api/v1/views', { name: 'Long', query: `search=${'x'.repeat(2048)}` }), 'query');

    const bad = async (query: string) => expect422(await post(t, t.userKey, '/api/v1/views', { name: 'Bad', query }), 'query').query?.[0];
    expect(await bad('status=9')).toBe('The query field has an invalid status parameter: must be one of: 0, 1, 2, 3.');
    expect(await bad('sort_by=clicks&per_page=7')).toMatch(/^The query field has an invalid per_page parameter: must be one of: 10, 25, 50, 100\.$/);
    expect(await bad('space_id=abc')).toBe('The query field has an invalid space_id parameter: must be an integer.');
    expect(await bad('status=1&status=2')).toMatch(/^The query field has an invalid status parameter/);
    expect(await bad('stauts=3')).toMatch(/^The query field has an unknown parameter "stauts": the links list takes search, search_by, status, /);
    expect(await bad('page=0')).toMatch(/^The query field has an invalid page parameter/);
    // Nothing was stored by the refused writes.
    expect((await get(t, t.userKey, '/api/v1/views?search=bad')).json().meta.total).toBe(0);
  });

  it('an update is checked the same way and keeps the view as it was when refused', async () => {
    const v = await create(t, t.userKey, 'views', { name: 'Keep me', query: 'status=1' });
    await create(t, t.userKey, 'views', { name: 'Other name', query: 'status=2' });
    expect422(await put(t.userKey, v.id, { query: 'sort_by=nope' }), 'query');
    expect422(await put(t.userKey, v.id, { name: 'OTHER NAME' }), 'name');
    expect422(await put(t.userKey, v.id, { name: '' }), 'name');
    expect422(await put(t.userKey, v.id, { created_at: '2001-02-03T04:05:06Z' }), 'created_at');
    // The links are made from the query: a value sent for them is ignored, as an unknown field is.
    const links = (await put(t.userKey, v.id, { url: 'https://elsewhere.example/', api_url: '/x' })).json().data;
    expect(links).toMatchObject({ url: 'http://short.test/dashboard/links?status=1', api_url: '/api/v1/links?status=1' });
    // Its own name in another case is no conflict.
    expect((await put(t.userKey, v.id, { name: 'KEEP ME' })).json().data).toMatchObject({ name: 'KEEP ME', query: 'status=1' });
  });

  it("another account's view is a 404 and stays as it was; the same name is free in another account", async () => {
    const theirs = await create(t, t.adminKey, 'views', { name: 'Taken', query: 'status=3' });
    expect404(await get(t, t.userKey, `/api/v1/views/${theirs.id}`));
    expect404(await put(t.userKey, theirs.id, { name: 'Mine' }));
    expect404(await t.as(t.userKey, { method: 'PATCH', url: `/api/v1/views/${theirs.id}`, ...json({ query: '' }) }));
    expect404(await t.as(t.userKey, { method: 'DELETE', url: `/api/v1/views/${theirs.id}` }));
    expect((await get(t, t.adminKey, `/api/v1/views/${theirs.id}`)).json().data).toMatchObject({ name: 'Taken', query: 'status=3' });
    expect((await get(t, t.userKey, '/api/v1/views?per_page=100')).json().data.map((v: { id: number }) => v.id)).not.toContain(theirs.id);
  });

  it('goes with its account', async () => {
    const key = await freshKey('Leaving');
    const mine = await create(t, key, 'views', { name: 'Mine', query: 'status=1' });
    const account = (await get(t, key, '/api/v1/account')).json().data;
    expect((await t.as(t.adminKey, { method: 'DELETE', url: `/api/v1/users/${account.id}` })).statusCode).toBe(200);
    expect(await t.query('SELECT id FROM saved_views WHERE id = ?', mine.id)).toEqual([]);
  });
});

async function freshKey(name: string): Promise<string> {
  return (await t.as(t.adminKey, { method: 'POST', url: '/api/v1/users', ...json({ name }) })).json().data.api_key as string;
}
