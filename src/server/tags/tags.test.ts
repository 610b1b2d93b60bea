// Tags: CRUD with links_count, a link's tags (names in, objects out, created on the fly), the list
// filters tag= (any, all) with exact totals that follow every change (the count cache), isolation and 422s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, form, type TestApp } from '../test-utils/test-app';
import { create, createLink, expect404, expect422, get, ids, json, post } from '../test-utils/api';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const names = (link: { tags: { name: string }[] }) => link.tags.map((x) => x.name);
const linkJson = (key: string, body: unknown) => t.as(key, { method: 'POST', url: '/api/v1/links', ...json(body) });
const total = async (key: string, query: string) => {
  const res = await get(t, key, `/api/v1/links?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().meta.total as number;
};

describe('tags', () => {
  it('creates, lists with links_count, renames, recolours and deletes; names are unique ignoring case', async () => {
    const res = await post(t, t.userKey, '/api/v1/tags', { name: 'Spring', color: 3 });
    expect(res.statusCode).toBe(201);
    const tag = res.json().data;
    expect(Object.keys(tag).sort()).toEqual(['color', 'created_at', 'id', 'links_count', 'name', 'updated_at']);
    expect(tag).toMatchObject({ name: 'Spring', color: 3, links_count: 0 });
    expect422(await post(t, t.userKey, '/api/v1/tags', { name: 'SPRING' }), 'name');
    await createLink(t, t.userKey, [['url', 'https://e.com/1'], ['tags[]', 'spring']]);
    expect((await get(t, t.userKey, `/api/v1/tags/${tag.id}`)).json().data).toMatchObject({ links_count: 1, name: 'Spring' });
    const patch = await t.as(t.userKey, { method: 'PATCH', url: `/api/v1/tags/${tag.id}`, ...json({ name: 'Spring 26', color: 5 }) });
    expect(patch.json().data).toMatchObject({ name: 'Spring 26', color: 5, links_count: 1 });
    const list = (await get(t, t.userKey, '/api/v1/tags?search=spring&sort_by=name&sort=asc')).json();
    expect(list.data.map((x: { name: string }) => x.name)).toEqual(['Spring 26']);
    const del = await t.as(t.userKey, { method: 'DELETE', url: `/api/v1/tags/${tag.id}` });
    expect(del.json()).toEqual({ id: tag.id, object: 'tag', deleted: true, status: 200, operation: expect.objectContaining({ type: 'delete', object: 'tag', object_id: tag.id, undoable: true }) });
    expect404(await get(t, t.userKey, `/api/v1/tags/${tag.id}`));
  });

  it('takes tags[] on links (form and JSON), creates unknown names, returns them sorted by name, clears with an empty value', async () => {
    const link = await createLink(t, t.userKey, [['url', 'https://e.com/a'], ['tags[]', ' zeta '], ['tags[]', 'Alpha'], ['tags[]', 'alpha']]);
    expect(names(link as never)).toEqual(['Alpha', 'zeta']);
    const tags = link.tags as { id: number; name: string; color: number }[];
    expect(tags.every((x) => x.id > 0 && x.color >= 1 && x.color <= 6)).toBe(true);
    const upd = await t.as(t.userKey, { method: 'PATCH', url: `/api/v1/links/${link.id}`, ...json({ tags: ['beta', 'ZETA'] }) });
    expect(names(upd.json().data)).toEqual(['beta', 'zeta']); // the existing tag keeps its spelling
    const kept = await t.as(t.userKey, { method: 'PATCH', url: `/api/v1/links/${link.id}`, ...json({ title: 'x' }) });
    expect(names(kept.json().data)).toEqual(['beta', 'zeta']);
    const cleared = await t.as(t.userKey, { method: 'PUT', url: `/api/v1/links/${link.id}`, ...form({ tags: '' }) });
    expect(cleared.json().data.tags).toEqual([]);
  });

  it('refuses bad tag names and too many tags with the entry named', async () => {
    const long = expect422(await linkJson(t.userKey, { url: 'https://e.com', tags: ['a', 'b', 'c', 'x'.repeat(41)] }), 'tags.3');
    expect(long['tags.3']?.[0]).toMatch(/40 characters/);
    expect422(await linkJson(t.userKey, { url: 'https://e.com', tags: ['ok', '  '] }), 'tags.1');
    expect422(await linkJson(t.userKey, { url: 'https://e.com', tags: ['a,b'] }), 'tags.0');
    expect422(await linkJson(t.userKey, { url: 'https://e.com', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }), 'tags');
    expect422(await linkJson(t.userKey, { url: 'https://e.com', tags: [{ name: 'x' }] }), 'tags.0');
    expect422(await post(t, t.userKey, '/api/v1/tags', { name: '' }), 'name');
    expect422(await post(t, t.userKey, '/api/v1/tags', { name: 'n', color: 7 }), 'color');
    expect422(await get(t, t.userKey, `/api/v1/links?tag=ok,${'y'.repeat(41)}`), 'tag.1');
    expect422(await get(t, t.userKey, '/api/v1/links?tag=a&tag_mode=some'), 'tag_mode');
  });

  it('filters by tag (any, all; comma-separated or repeated) with exact totals that follow tag changes', async () => {
    const key = t.adminKey;
    const a = await linkJson(key, { url: 'https://f.com/1', tags: ['red', 'blue'] });
    const b = await linkJson(key, { url: 'https://f.com/2', tags: ['red'] });
    const c = await linkJson(key, { url: 'https://f.com/3', tags: ['blue', 'green'] });
    await linkJson(key, { url: 'https://f.com/4' });
    const [ia, ib, ic] = [a, b, c].map((r) => r.json().data.id as number);
    expect(await total(key, 'tag=red')).toBe(2);
    expect(ids(await get(t, key, '/api/v1/links?tag=RED'))).toEqual([ib, ia]);
    expect(await total(key, 'tag=red,blue')).toBe(3);
    expect(await total(key, 'tag=red&tag=green')).toBe(3);
    expect(await total(key, 'tag[]=green&tag[]=red&tag_mode=all')).toBe(0);
    expect(ids(await get(t, key, '/api/v1/links?tag=red,blue&tag_mode=all'))).toEqual([ia]);
    expect(await total(key, 'tag=nope')).toBe(0);
    expect(await total(key, 'tag=blue&tag_mode=all')).toBe(2);
    expect(await total(key, 'tag=red,nope')).toBe(2);
    expect(await total(key, 'tag=red,nope&tag_mode=all')).toBe(0);
    expect(await total(key, 'tag=red&status=1')).toBe(2);
    // The cached totals follow a link's new tags, a deleted link, a renamed tag and a deleted tag.
    await t.as(key, { method: 'PATCH', url: `/api/v1/links/${ic}`, ...json({ tags: ['red'] }) });
    expect(await total(key, 'tag=red')).toBe(3);
    expect(await total(key, 'tag=red,blue&tag_mode=all')).toBe(1);
    await t.as(key, { method: 'DELETE', url: `/api/v1/links/${ib}` });
    expect(await total(key, 'tag=red')).toBe(2);
    const red = (await get(t, key, '/api/v1/tags?search=red')).json().data[0];
    expect(await total(key, 'tag=crimson')).toBe(0);
    await t.as(key, { method: 'PATCH', url: `/api/v1/tags/${red.id}`, ...json({ name: 'crimson' }) });
    expect(await total(key, 'tag=crimson')).toBe(2);
    expect(await total(key, 'tag=red')).toBe(0);
    await t.as(key, { method: 'DELETE', url: `/api/v1/tags/${red.id}` });
    expect(await total(key, 'tag=crimson')).toBe(0);
    expect((await get(t, key, `/api/v1/links/${ia}`)).json().data.tags.map((x: { name: string }) => x.name)).toEqual(['blue']);
  });

  it('keeps tags per account: another account\'s tag id is a 404 and its names are just names', async () => {
    const theirs = await create(t, t.adminKey, 'tags', { name: 'private-theirs' });
    await linkJson(t.adminKey, { url: 'https://g.com/1', tags: ['private-theirs'] });
    expect404(await get(t, t.userKey, `/api/v1/tags/${theirs.id}`));
    expect404(await t.as(t.userKey, { method: 'PATCH', url: `/api/v1/tags/${theirs.id}`, ...json({ name: 'mine now' }) }));
    expect404(await t.as(t.userKey, { method: 'DELETE', url: `/api/v1/tags/${theirs.id}` }));
    expect(await total(t.userKey, 'tag=private-theirs')).toBe(0);
    const mine = (await linkJson(t.userKey, { url: 'https://g.com/2', tags: ['private-theirs'] })).json().data;
    expect(mine.tags[0].id).not.toBe(theirs.id);
    expect(await total(t.userKey, 'tag=private-theirs')).toBe(1);
    expect(await total(t.adminKey, 'tag=private-theirs')).toBe(1);
    expect((await get(t, t.adminKey, `/api/v1/tags/${theirs.id}`)).json().data.links_count).toBe(1);
  });

  it('a tag on few of many links (under 1 %: PostgreSQL collects them first) and every-tag filters page and count alike', async () => {
    const key = (await post(t, t.adminKey, '/api/v1/users', { name: 'Many links' })).json().data.api_key as string;
    const rows = Array.from({ length: 250 }, (_, i) => ({ url: `https://e.com/many/${i}`, alias: `many-${i}`, tags: i % 2 ? ['odd'] : ['even'] }));
    rows[7]!.tags = ['odd', 'seldom'];
    rows[200]!.tags = ['even', 'seldom'];
    const made = await t.as(key, { method: 'POST', url: '/api/v1/links/bulk', ...json({ links: rows }) });
    expect(made.statusCode, made.body).toBe(201);
    const idOf = (alias: string) => (made.json().data as { id: number; alias: string }[]).find((l) => l.alias === alias)!.id;
    expect(ids(await get(t, key, '/api/v1/links?tag=seldom'))).toEqual([idOf('many-200'), idOf('many-7')]);
    expect(await total(key, 'tag=seldom')).toBe(2);
    expect(ids(await get(t, key, '/api/v1/links?tag=seldom&sort_by=alias&sort=asc'))).toEqual([idOf('many-200'), idOf('many-7')]);
    expect(ids(await get(t, key, '/api/v1/links?tag=seldom,odd&tag_mode=all'))).toEqual([idOf('many-7')]);
    expect(await total(key, 'tag=odd,even&tag_mode=all')).toBe(0);
    expect(await total(key, 'tag=odd,seldom')).toBe(126);
    const page2 = (await get(t, key, '/api/v1/links?tag=odd&tag_mode=all&per_page=100&page=2')).json();
    expect(page2.meta).toMatchObject({ total: 125, from: 101, to: 125 });
    expect(page2.data.every((l: { tags: { name: string }[] }) => names(l).includes('odd'))).toBe(true);
  });
});
