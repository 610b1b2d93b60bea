// Tags in bulk: PATCH /links/bulk set.add_tags / set.remove_tags by ids and by a tag filter, undo
// that puts each link's tags back (also of links a bulk DELETE removed), the 20-per-link limit, and the CSV
// export's tags column read back by the import (Linkdeck format) and Bitly's Tags column.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { create, expect422, get, json } from '../test-utils/api';
import { fixture, finished, postCsv } from '../imports/import-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const newLink = async (key: string, url: string, tags: string[]) => {
  const res = await t.as(key, { method: 'POST', url: '/api/v1/links', ...json({ url, tags }) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
};
const tagsOf = async (key: string, id: number) => ((await get(t, key, `/api/v1/links/${id}`)).json().data.tags as { name: string }[]).map((x) => x.name);
const bulk = (key: string, method: 'PATCH' | 'DELETE', body: unknown, query = '') => t.as(key, { method, url: `/api/v1/links/bulk${query}`, ...json(body) });
const undo = (key: string, op: number) => t.as(key, { method: 'POST', url: `/api/v1/operations/${op}/undo` });
const total = async (key: string, q: string) => (await get(t, key, `/api/v1/links?${q}`)).json().meta.total as number;

describe('tags in bulk', () => {
  it('adds and removes tags over ids and over a tag filter, with exact totals, and undo puts every link\'s tags back', async () => {
    const key = t.userKey;
    const a = await newLink(key, 'https://b.example/1', ['old', 'keep']);
    const b = await newLink(key, 'https://b.example/2', ['old']);
    const c = await newLink(key, 'https://b.example/3', []);
    const added = await bulk(key, 'PATCH', { ids: [a, b, c], set: { add_tags: ['Fresh', 'keep'] } });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.count).toBe(3);
    expect(await tagsOf(key, a)).toEqual(['Fresh', 'keep', 'old']);
    expect(await tagsOf(key, c)).toEqual(['Fresh', 'keep']);
    expect(await total(key, 'tag=fresh')).toBe(3);
    // By filter: every link tagged "old" loses it; a dry run counts them first.
    const dry = await bulk(key, 'PATCH', { tag: ['old'], set: { remove_tags: ['old', 'nope'] } }, '?dry_run=1');
    expect(dry.json().data).toMatchObject({ count: 2, dry_run: true });
    const removed = await bulk(key, 'PATCH', { tag: 'old', set: { remove_tags: ['OLD'] } });
    expect(removed.json().data.count).toBe(2);
    expect(await tagsOf(key, a)).toEqual(['Fresh', 'keep']);
    expect(await total(key, 'tag=old')).toBe(0);
    expect(await total(key, 'tag=fresh,keep&tag_mode=all')).toBe(3);
    // Undo, newest first: each link's own tags come back exactly.
    expect((await undo(key, removed.json().data.operation.id)).statusCode).toBe(200);
    expect(await total(key, 'tag=old')).toBe(2);
    expect((await undo(key, added.json().data.operation.id)).statusCode).toBe(200);
    expect(await tagsOf(key, a)).toEqual(['keep', 'old']);
    expect(await tagsOf(key, b)).toEqual(['old']);
    expect(await tagsOf(key, c)).toEqual([]);
    expect(await total(key, 'tag=fresh')).toBe(0);
  });

  it('an undo of add_tags deletes the tags it created, unless a link carries them since or they were renamed', async () => {
    const key = t.userKey;
    const names = async () => ((await get(t, key, '/api/v1/tags?search=u-&per_page=100')).json().data as { id: number; name: string }[]).map((x) => x.name).sort();
    const a = await newLink(key, 'https://u.example/1', ['u-existing']);
    const b = await newLink(key, 'https://u.example/2', []);
    const added = await bulk(key, 'PATCH', { ids: [a, b], set: { add_tags: ['u-new-1', 'u-new-2', 'u-new-3', 'U-EXISTING'] } });
    expect(added.statusCode, added.body).toBe(200);
    expect(await names()).toEqual(['u-existing', 'u-new-1', 'u-new-2', 'u-new-3']);
    // Meanwhile another link gets u-new-2, and u-new-3 is renamed: both are the user's own now.
    const other = await newLink(key, 'https://u.example/3', ['u-new-2']);
    const tags = (await get(t, key, '/api/v1/tags?search=u-new-3')).json().data as { id: number }[];
    const renamed = await t.as(key, { method: 'PATCH', url: `/api/v1/tags/${tags[0]!.id}`, ...json({ name: 'u-renamed' }) });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await undo(key, added.json().data.operation.id)).statusCode).toBe(200);
    expect(await names()).toEqual(['u-existing', 'u-new-2', 'u-renamed']);
    expect(await tagsOf(key, a)).toEqual(['u-existing']);
    expect(await tagsOf(key, b)).toEqual([]);
    expect(await tagsOf(key, other)).toEqual(['u-new-2']);
  });

  it('brings deleted links back with their tags; refuses more than 20 tags per link and bad names with the field named', async () => {
    const key = t.adminKey;
    const a = await newLink(key, 'https://d.example/1', ['gone-soon', 'beta']);
    const del = await bulk(key, 'DELETE', { tag: ['gone-soon'] });
    expect(del.json().data.count).toBe(1);
    expect(await total(key, 'tag=beta')).toBe(0);
    expect((await undo(key, del.json().data.operation.id)).statusCode).toBe(200);
    expect(await tagsOf(key, a)).toEqual(['beta', 'gone-soon']);
    expect(await total(key, 'tag=beta')).toBe(1);

    const full = await newLink(key, 'https://d.example/2', Array.from({ length: 19 }, (_, i) => `n${i}`));
    const over = await bulk(key, 'PATCH', { ids: [full, a], set: { add_tags: ['x1', 'x2'] } });
    expect422(over, 'set.add_tags');
    expect(over.json().message).toContain(String(full));
    expect((await tagsOf(key, full)).length).toBe(19); // nothing changed
    expect422(await bulk(key, 'PATCH', { ids: [a], set: { add_tags: ['ok', 'a,b'] } }), 'set.add_tags.1');
  });

  it('exports tags in the CSV and imports them back; Bitly files bring their tags', async () => {
    const key = t.userKey;
    await newLink(key, 'https://rt.example/1', ['Round trip', 'csv']);
    const csv = (await get(t, key, '/api/v1/links/export?format=csv&tag=round%20trip')).body;
    const [header, row] = csv.trim().split('\r\n');
    expect(header?.split(',')).toContain('tags');
    expect(row).toContain('"csv, Round trip"');
    // Into another account: the tags are created there.
    const job = await finished(t, t.adminKey, await postCsv(t, t.adminKey, csv, '?on_conflict=rename'));
    expect(job, JSON.stringify(job)).toMatchObject({ status: 'completed', created: 1 });
    const imported = (await get(t, t.adminKey, '/api/v1/links?tag=round%20trip')).json().data;
    expect(imported.map((l: { tags: { name: string }[] }) => l.tags.map((x) => x.name))).toEqual([['csv', 'Round trip']]);

    // Bitly's older export; its custom bitlink's host is matched with the account's domains.
    await create(t, t.adminKey, 'domains', { name: 'go.example.org' });
    const bitly = await finished(t, t.adminKey, await postCsv(t, t.adminKey, fixture('bitly-legacy.csv'), '?partial=1'));
    expect(bitly.created).toBeGreaterThan(0);
    expect(await total(t.adminKey, 'tag=finance,reports&tag_mode=all')).toBe(1);
    expect(await total(t.adminKey, 'tag=marketing')).toBe(1);
  });
});
