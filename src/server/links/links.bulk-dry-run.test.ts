// PATCH /api/v1/links/bulk?dry_run=1 says what a bulk edit would change: how many links, and which
// selected links could not take the change and why, by the same checks the write makes; partial=1 then leaves
// those links as they are and changes the others.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { create, expect422, get, json, post } from '../test-utils/api';

let t: TestApp;
let n = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A fresh account with `count` links (aliases "d<n>-<i>"), oldest first. */
async function account(count: number) {
  const res = await post(t, t.adminKey, '/api/v1/users', { name: `Dry ${++n}` });
  const key = res.json().data.api_key as string;
  const links = Array.from({ length: count }, (_, i) => ({ url: `https://d.example/${n}/${i}`, alias: `d${n}-${i}` }));
  if (!count) return { key, ids: [] as number[] };
  const made = await t.as(key, { method: 'POST', url: '/api/v1/links/bulk', ...json({ links }) });
  if (made.statusCode !== 201) throw new Error(made.body);
  return { key, ids: (made.json().data as { id: number }[]).map((l) => l.id) };
}

const patch = (key: string, body: unknown, query = '') => t.as(key, { method: 'PATCH', url: `/api/v1/links/bulk${query}`, ...json(body) });
const edit = (key: string, id: number | undefined, body: unknown) => t.as(key, { method: 'PATCH', url: `/api/v1/links/${id}`, ...json(body) });
const link = async (key: string, id: number | undefined) => (await get(t, key, `/api/v1/links/${id}`)).json().data;
const operations = async (key: string) => (await get(t, key, '/api/v1/operations')).json().data as unknown[];
const revisions = async (key: string, id: number | undefined) => (await get(t, key, `/api/v1/links/${id}/revisions`)).json().meta.total as number;

describe('PATCH /links/bulk?dry_run=1', () => {
  it('counts the links that would change, names those that could not take the change with why, and changes nothing', async () => {
    const a = await account(4);
    const [first, late, same, last] = a.ids;
    // One starts after the end date asked for; one already has the clicks limit and end asked for.
    expect((await edit(a.key, late, { active_period_start_at: '2031-06-01T00:00:00Z' })).statusCode).toBe(200);
    expect((await edit(a.key, same, { clicks_limit: 50, active_period_end_at: '2031-01-01T00:00:00Z' })).statusCode).toBe(200);
    const set = { active_period_end_at: '2031-01-01T00:00:00Z', clicks_limit: 50, expiration_url: null };
    const res = await patch(a.key, { all: 1, set }, '?dry_run=1');
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ count: 4, dry_run: true, changed: 2, invalid_count: 1 });
    expect(data.links.map((l: { id: number }) => l.id)).toEqual([last, same, late, first]);
    expect(data.invalid).toEqual([
      {
        id: late,
        alias: `d${n}-1`,
        short_url: `http://short.test/d${n}-1`,
        errors: { 'set.active_period_end_at': ["must be a date after the link's active_period_start_at."] },
      },
    ]);
    // Nothing changed, nothing recorded.
    expect(await link(a.key, first)).toMatchObject({ clicks_limit: null, active_period_end_at: null });
    expect(await operations(a.key)).toEqual([]);
    expect(await revisions(a.key, first)).toBe(1);
  });

  it('reports more tags than a link may carry, creates no tag, and counts a clear as a change', async () => {
    const a = await account(3);
    const [full, limited, plain] = a.ids;
    expect((await edit(a.key, full, { tags: Array.from({ length: 19 }, (_, i) => `t${i}`) })).statusCode).toBe(200);
    expect((await edit(a.key, limited, { clicks_limit: 9 })).statusCode).toBe(200);
    // Adding t0 again and a new one gives the full link 20 tags: fine; two new ones give it 21.
    const fine = (await patch(a.key, { ids: [full], set: { add_tags: ['T0', 'fresh'] } }, '?dry_run=1')).json().data;
    expect(fine).toMatchObject({ count: 1, changed: 1, invalid_count: 0, invalid: [] });
    const over = (await patch(a.key, { ids: a.ids, set: { add_tags: ['fresh', 'newer'], remove_tags: ['nothing-such'] } }, '?dry_run=1')).json().data;
    expect(over).toMatchObject({ count: 3, changed: 2, invalid_count: 1, invalid: [{ id: full, errors: { 'set.add_tags': ['would give the link more than 20 tags.'] } }] });
    // Taking one off makes room.
    const room = (await patch(a.key, { ids: a.ids, set: { add_tags: ['fresh', 'newer'], remove_tags: ['t3'] } }, '?dry_run=1')).json().data;
    expect(room).toMatchObject({ changed: 3, invalid_count: 0 });
    expect((await get(t, a.key, '/api/v1/tags?search=fresh')).json().data).toEqual([]);
    // Clearing the clicks limit changes the one link that has one.
    expect((await patch(a.key, { ids: [limited, plain], set: { clicks_limit: '' } }, '?dry_run=1')).json().data).toMatchObject({ count: 2, changed: 1 });
  });

  it('refuses bad values and references like the write, with the field named', async () => {
    const a = await account(1);
    const theirs = await account(0);
    const pixel = (await create(t, theirs.key, 'pixels', { name: 'T', type: 'bing', value: 't' })).id;
    expect422(await patch(a.key, { ids: a.ids, set: { clicks_limit: 0.5 } }, '?dry_run=1'), 'set.clicks_limit');
    expect422(await patch(a.key, { ids: a.ids, set: { expiration_url: 'ftp://x.example' } }, '?dry_run=1'), 'set.expiration_url');
    expect422(await patch(a.key, { ids: a.ids, set: { pixel_ids: [pixel] } }, '?dry_run=1'), 'set.pixel_ids.0');
    expect422(await patch(a.key, { ids: a.ids, set: { disabled: 1 } }, '?partial=maybe'), 'partial');
    expect422(await patch(a.key, { set: { disabled: 1 } }, '?dry_run=1'), 'ids');
  });
});

describe('PATCH /links/bulk?partial=1', () => {
  it('leaves the links that cannot take the change as they are, changes the others, and undo puts them back', async () => {
    const a = await account(3);
    const [first, late, last] = a.ids;
    expect((await edit(a.key, late, { active_period_start_at: '2031-06-01T00:00:00Z' })).statusCode).toBe(200);
    const set = { active_period_end_at: '2031-01-01T00:00:00Z', clicks_limit: 7 };
    // Without partial=1 the change is refused whole, naming the link and the way out.
    const refused = expect422(await patch(a.key, { all: 1, set }), 'set.active_period_end_at')['set.active_period_end_at']?.[0];
    expect(refused).toContain(`ids ${late}`);
    expect(refused).toContain('partial=1');
    const res = await patch(a.key, { all: 1, set }, '?partial=1');
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ count: 2, skipped: 1, operation: { type: 'update', count: 2 } });
    for (const id of [first, last]) expect(await link(a.key, id)).toMatchObject({ clicks_limit: 7, active_period_end_at: '2031-01-01T00:00:00.000Z' });
    expect(await link(a.key, late)).toMatchObject({ clicks_limit: null, active_period_end_at: null });
    expect((await t.as(a.key, { method: 'POST', url: `/api/v1/operations/${data.operation.id}/undo` })).statusCode).toBe(200);
    expect(await link(a.key, first)).toMatchObject({ clicks_limit: null, active_period_end_at: null });
  });

  it('answers skipped 0 when every link takes the change, and no operation when none can', async () => {
    const a = await account(2);
    expect((await patch(a.key, { all: 1, set: { disabled: 1 } }, '?partial=1')).json().data).toMatchObject({ count: 2, skipped: 0 });
    for (const id of a.ids) expect((await edit(a.key, id, { active_period_start_at: '2032-01-01T00:00:00Z' })).statusCode).toBe(200);
    const none = await patch(a.key, { all: 1, set: { active_period_end_at: '2031-01-01T00:00:00Z' } }, '?partial=1');
    expect(none.json().data).toEqual({ count: 0, operation: null, skipped: 2 });
    expect((await link(a.key, a.ids[0])).active_period_end_at).toBeNull();
  });
});
