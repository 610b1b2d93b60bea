import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, form, type TestApp } from '../test-utils/test-app';
import { create, createLink, expect404, expect422, get, ids, json, post } from '../test-utils/api';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('spaces', () => {
  it('stores, shows, updates (PUT and PATCH) and lists with links_count', async () => {
    const res = await post(t, t.userKey, '/api/v1/spaces', { name: 'Campaigns', color: 4 });
    expect(res.statusCode).toBe(201);
    const space = res.json().data;
    expect(Object.keys(space).sort()).toEqual(['color', 'created_at', 'id', 'links_count', 'name', 'updated_at']);
    expect(space).toMatchObject({ name: 'Campaigns', color: 4, links_count: 0 });
    await createLink(t, t.userKey, { url: 'https://e.com', space_id: space.id });
    expect((await get(t, t.userKey, `/api/v1/spaces/${space.id}`)).json()).toMatchObject({ data: { links_count: 1 }, status: 200 });
    const put = await t.as(t.userKey, { method: 'PUT', url: `/api/v1/spaces/${space.id}`, ...form({ color: 2 }) });
    expect(put.json().data).toMatchObject({ name: 'Campaigns', color: 2 });
    const patch = await t.as(t.userKey, { method: 'PATCH', url: `/api/v1/spaces/${space.id}`, ...json({ name: 'Renamed' }) });
    expect(patch.json().data).toMatchObject({ name: 'Renamed', color: 2 });
  });

  it('defaults color to 1 and validates name and color', async () => {
    expect((await create(t, t.userKey, 'spaces', { name: 'Plain' })).color).toBe(1);
    expect422(await post(t, t.userKey, '/api/v1/spaces', {}), 'name');
    expect422(await post(t, t.userKey, '/api/v1/spaces', { name: 'x'.repeat(33) }), 'name');
    for (const color of [0, 7, 'red', 1.5]) expect422(await post(t, t.userKey, '/api/v1/spaces', { name: `c${color}`, color }), 'color');
  });

  it('keeps names unique per account only', async () => {
    await create(t, t.userKey, 'spaces', { name: 'Unique' });
    expect422(await post(t, t.userKey, '/api/v1/spaces', { name: 'Unique' }), 'name');
    await create(t, t.adminKey, 'spaces', { name: 'Unique' });
    const other = await create(t, t.userKey, 'spaces', { name: 'Other' });
    expect422(await t.as(t.userKey, { method: 'PATCH', url: `/api/v1/spaces/${other.id}`, ...form({ name: 'Unique', color: 5 }) }), 'name');
    expect((await get(t, t.userKey, `/api/v1/spaces/${other.id}`)).json().data).toMatchObject({ name: 'Other', color: 1 });
  });

  it('delete leaves its links, with no space', async () => {
    const space = await create(t, t.userKey, 'spaces', { name: 'Temp' });
    const link = await createLink(t, t.userKey, { url: 'https://e.com', space_id: space.id });
    const res = await t.as(t.userKey, { method: 'DELETE', url: `/api/v1/spaces/${space.id}` });
    expect(res.json()).toEqual({ id: space.id, object: 'space', deleted: true, status: 200, operation: expect.objectContaining({ type: 'delete', object: 'space', object_id: space.id, undoable: true }) });
    expect((await get(t, t.userKey, `/api/v1/links/${link.id}`)).json().data.space).toBeNull();
    expect404(await get(t, t.userKey, `/api/v1/spaces/${space.id}`));
    expect(ids(await get(t, t.userKey, '/api/v1/links?space_id=0&per_page=100'))).toContain(link.id);
  });
});

describe('space list', () => {
  let tl: TestApp;
  beforeAll(async () => {
    tl = await createTestApp();
    for (const name of ['Beta', 'alpha', 'Gamma', 'Alphabet']) await create(tl, tl.userKey, 'spaces', { name });
    await create(tl, tl.adminKey, 'spaces', { name: 'alpha admin' });
  });
  afterAll(async () => tl.close());
  const names = async (q: string) => ((await get(tl, tl.userKey, `/api/v1/spaces?${q}`)).json().data as { name: string }[]).map((s) => s.name);

  it('lists own spaces, searches case-insensitively, sorts both ways, pages', async () => {
    expect(await names('')).toEqual(['Alphabet', 'Gamma', 'alpha', 'Beta']);
    expect(await names('sort_by=id&sort=asc')).toEqual(['Beta', 'alpha', 'Gamma', 'Alphabet']);
    // Names sort by code point (binary), like the indexes.
    expect(await names('sort_by=name&sort=asc')).toEqual(['Alphabet', 'Beta', 'Gamma', 'alpha']);
    expect(await names('sort_by=name&sort=desc')).toEqual(['alpha', 'Gamma', 'Beta', 'Alphabet']);
    expect((await names('search=ALPHA&sort_by=id&sort=asc'))).toEqual(['alpha', 'Alphabet']);
    const res = await get(tl, tl.userKey, '/api/v1/spaces?per_page=10&page=2');
    expect(res.json().data).toEqual([]);
    expect(res.json().meta).toMatchObject({ from: null, to: null, total: 4, current_page: 2, last_page: 1 });
    expect422(await get(tl, tl.userKey, '/api/v1/spaces?sort_by=color'), 'sort_by');
    expect422(await get(tl, tl.userKey, '/api/v1/spaces?per_page=5'), 'per_page');
  });
});
