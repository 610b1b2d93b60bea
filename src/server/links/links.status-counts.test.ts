// A status over filters (tag, space, search, pixel, domain): its total is the cached filtered total minus its
// cached disabled links minus its expired links counted live (link-list.repo.ts, pg-link-list.repo.ts). Each
// total must equal the rows the list itself returns for that status (counted by another path, the page
// query), follow the clock and the clicks with no write in between, and follow writes. All three parts are
// cached (the expired one also until the next end date), so these also test what invalidates the cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, rawQuery, type TestApp } from '../test-utils/test-app';
import { create, createLink, get, json } from '../test-utils/api';

let t: TestApp;
let key: string;
const PAST = '2020-01-01T00:00:00Z';
const FUTURE = '2099-01-01T00:00:00Z';

beforeAll(async () => {
  t = await createTestApp();
  key = t.userKey;
});
afterAll(async () => t.close());

const page = async (q: string) => {
  const res = await get(t, key, `/api/v1/links?per_page=100&${q}`);
  expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
  return res.json() as { data: { id: number }[]; meta: { total: number } };
};
const setClicks = (id: number, clicks: number) => rawQuery(t.db, 'UPDATE links SET clicks = ? WHERE id = ?', [clicks, id]);
/** A PATCH (a body) or DELETE (none) of link `id` as the current account, which must succeed. */
async function write(id: number, body?: Record<string, unknown>): Promise<void> {
  const res = await t.as(key, { method: body ? 'PATCH' : 'DELETE', url: `/api/v1/links/${id}`, ...(body ? json(body) : {}) });
  expect(res.statusCode, res.body).toBe(200);
}

/** For each status, the total equals the rows listed; and the three statuses add up to the filtered total. */
async function expectExact(filter: string): Promise<number[]> {
  const totals: number[] = [];
  for (const status of [0, 1, 2, 3]) {
    const p = await page(`${filter}&status=${status}`);
    expect(p.meta.total, `${filter} status=${status}`).toBe(p.data.length);
    totals.push(p.meta.total);
  }
  expect(totals[1]! + totals[2]! + totals[3]!, filter).toBe(totals[0]);
  return totals;
}

describe('status totals over filters', () => {
  let space: number;
  let pixel: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    space = (await create(t, key, 'spaces', { name: 'Counted' })).id;
    pixel = (await create(t, key, 'pixels', { name: 'Counted', type: 'x', value: 'c' })).id;
    // Two expired links outside every filter: the account's expiry candidates are not only the filtered ones.
    for (const name of ['outside-ended', 'outside-limited']) {
      const link = await createLink(t, key, { url: `https://e.com/${name}`, ...(name === 'outside-ended' ? { active_period_end_at: PAST } : { clicks_limit: 1 }) });
      ids[name] = link.id;
    }
    await setClicks(ids['outside-limited']!, 1);
    const kinds: [string, Record<string, unknown>][] = [
      ['active', {}],
      ['scheduled', { active_period_start_at: FUTURE }],
      ['disabled', { disabled: 1 }],
      ['ended', { active_period_end_at: PAST }],
      ['limited', { clicks_limit: 3 }],
      ['disabledEnded', { disabled: 1, active_period_end_at: PAST }],
      ['limitedEndsLater', { clicks_limit: 1, active_period_end_at: FUTURE }],
    ];
    for (const [name, extra] of kinds) {
      const link = await createLink(t, key, {
        url: `https://e.com/${name}`,
        title: `counted campaign ${name}`,
        space_id: space,
        'pixel_ids[]': pixel,
        'tags[0]': 'common',
        'tags[1]': 'campaign',
        ...extra,
      });
      ids[name] = link.id;
    }
    await setClicks(ids.limited!, 3);
    await setClicks(ids.limitedEndsLater!, 5);
    // A rare tag on two of them.
    for (const name of ['ended', 'active']) await write(ids[name]!, { tags: ['common', 'campaign', 'rare'] });
  });

  const broad = [`space_id=${0}`, `pixel_id=${0}`, 'tag=common', 'tag=common,nosuch', 'tag=common,campaign&tag_mode=all', 'search=counted', 'search=co', 'search=campaign&search_by=title', 'domain_id=0&search=counted'];
  const filters = () => broad.map((f) => f.replace('space_id=0', `space_id=${space}`).replace('pixel_id=0', `pixel_id=${pixel}`));

  it('equal the rows listed, for every filter and status, from either side', async () => {
    // Seven links under each broad filter: 1 active + 1 scheduled, 2 disabled, 3 expired (date, clicks, both).
    // The account has 5 expiry candidates: the expired ones are found from the expired rule's indexes.
    for (const filter of filters()) expect(await expectExact(filter), filter).toEqual([7, 2, 3, 2]);
    expect(await expectExact('tag=rare')).toEqual([2, 1, 1, 0]);
    // Many expired links outside the filters: now the filters' side is the smaller one.
    for (let i = 0; i < 12; i++) await createLink(t, key, { url: `https://e.com/old${i}`, active_period_end_at: PAST });
    for (const filter of filters()) expect(await expectExact(filter), filter).toEqual([7, 2, 3, 2]);
    expect(await expectExact('tag=rare')).toEqual([2, 1, 1, 0]);
    expect(await expectExact('tag=rare,common&tag_mode=all')).toEqual([2, 1, 1, 0]);
    expect(await expectExact('tag=common,nosuch&tag_mode=all')).toEqual([0, 0, 0, 0]);
    expect(await expectExact('space_id=0')).toEqual([14, 0, 14, 0]);
    // Twice: the second answer comes from the cache and is the same.
    expect(await expectExact('tag=common')).toEqual([7, 2, 3, 2]);
  });

  it('follow the clock and the clicks with no write, and follow writes', async () => {
    // An account of its own, where the tag's 2 links outnumber the expired ones until the clock catches up.
    key = (await create<{ api_key: string }>(t, t.adminKey, 'users', { name: 'Clock' })).api_key;
    await createLink(t, key, { url: 'https://e.com/over', active_period_end_at: PAST });
    const soon = await createLink(t, key, { url: 'https://e.com/soon', 'tags[]': 'clock', active_period_end_at: new Date(Date.now() + 1500).toISOString() });
    const capped = await createLink(t, key, { url: 'https://e.com/capped', 'tags[]': 'clock', clicks_limit: 2 });
    expect(await expectExact('tag=clock')).toEqual([2, 2, 0, 0]);
    await setClicks(capped.id, 2); // a click reaching the limit changes no version
    expect(await expectExact('tag=clock')).toEqual([2, 1, 1, 0]);
    await new Promise((r) => setTimeout(r, 1600));
    expect(await expectExact('tag=clock')).toEqual([2, 0, 2, 0]);
    // An end date or a clicks limit changed by an update: the cached totals follow at once.
    await write(soon.id, { active_period_end_at: FUTURE });
    expect(await expectExact('tag=clock')).toEqual([2, 1, 1, 0]);
    await write(capped.id, { clicks_limit: 10 });
    expect(await expectExact('tag=clock')).toEqual([2, 2, 0, 0]);
    await setClicks(capped.id, 10);
    expect(await expectExact('tag=clock')).toEqual([2, 1, 1, 0]);
    await write(soon.id, { active_period_end_at: PAST });
    expect(await expectExact('tag=clock')).toEqual([2, 0, 2, 0]);
    await write(soon.id, { disabled: 1 });
    expect(await expectExact('tag=clock')).toEqual([2, 0, 1, 1]);
    await write(capped.id, { tags: ['elsewhere'] });
    expect(await expectExact('tag=clock')).toEqual([1, 0, 0, 1]);
    await write(soon.id);
    expect(await expectExact('tag=clock')).toEqual([0, 0, 0, 0]);
    // Another account's links never count.
    const other = await createLink(t, t.adminKey, { url: 'https://e.com/admin', 'tags[]': 'clock', disabled: 1 });
    expect(other.id).toBeGreaterThan(0);
    expect(await expectExact('tag=clock')).toEqual([0, 0, 0, 0]);
  });
});
