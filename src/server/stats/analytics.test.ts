// The analytics API over real visits (the redirect records, the writer rolls up): every group_by, the
// filters, compare, unique, interval, tz, 422s naming the field, and isolation between accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { create, expect404, expect422, get } from '../test-utils/api';
import { createLink, flush, SAFARI_IPHONE, visit } from '../redirect/test-helpers';
import type { AnalyticsBody } from '../../shared/analytics.schema';

let t: TestApp;
let spaceA: number;
let linkA: number;
let linkB: number;
let rotating: number;
let otherUserLink: number;
let otherKey: string;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  spaceA = (await create(t, t.userKey, 'spaces', { name: 'Campaign <A>' })).id;
  linkA = (await createLink(t, { url: 'https://a.example/?utm_source=dest', alias: 'a', title: 'Link A', space_id: spaceA })).id;
  linkB = (await createLink(t, { url: 'https://b.example/', alias: 'b' })).id;
  rotating = (await createLink(t, { url: 'https://r.example/', alias: 'r', targets_type: 'rotations', targets: [{ key: '1', value: 'https://r1.example/' }, { key: '1', value: 'https://r2.example/' }] })).id;
  // 3 visits of a from one visitor (GB, Chrome), 1 from an iPhone with UTM in the short URL, referrer news
  for (let i = 0; i < 3; i++) await visit(t, '/a', { headers: { referer: 'https://news.example/x' } });
  await visit(t, '/a?utm_source=mail&utm_campaign=spring', { remoteAddress: '2.3.4.5', headers: { 'user-agent': SAFARI_IPHONE } });
  for (let i = 0; i < 2; i++) await visit(t, '/b');
  for (let i = 0; i < 4; i++) await visit(t, '/r');
  await flush(t);
  const other = await t.as(t.adminKey, { method: 'POST', url: '/api/v1/users', payload: { name: 'Other', role: 'user' } });
  otherKey = other.json().data.api_key;
  const o = await t.as(otherKey, { method: 'POST', url: '/api/v1/links', payload: { url: 'https://o.example/', alias: 'o' } });
  otherUserLink = o.json().data.id;
  await visit(t, '/o');
  await flush(t);
});
afterAll(async () => t.close());

const ask = async (q: string, path = '/api/v1/stats', key = t.userKey): Promise<AnalyticsBody['data']> => {
  const res = await get(t, key, `${path}?${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as AnalyticsBody).data;
};

describe('GET /api/v1/stats', () => {
  it('totals and a daily series of the account over the last 30 days by default', async () => {
    const d = await ask('');
    expect(d.totals).toEqual({ clicks: 10, qr_scans: 0 });
    expect(d.series).toHaveLength(30);
    expect(d.series.at(-1)).toEqual({ start: `${today}T00:00:00+00:00`, clicks: 10, qr_scans: 0 });
    expect(d).toMatchObject({ interval: 'day', time_zone: 'UTC', group_by: null, from: expect.any(String), to: today });
  });

  it('groups by link, space, domain, target, utm and visitor dimensions, with labels', async () => {
    const byLink = await ask('group_by=link');
    expect(byLink.groups).toEqual([
      { value: String(linkA), label: 'Link A', short_url: 'http://short.test/a', title: 'Link A', clicks: 4 },
      { value: String(rotating), label: 'r', short_url: 'http://short.test/r', title: null, clicks: 4 },
      { value: String(linkB), label: 'b', short_url: 'http://short.test/b', title: null, clicks: 2 },
    ]);
    expect(byLink.others).toEqual({ clicks: 0 });
    expect((await ask('group_by=space')).groups).toEqual([
      { value: '0', label: 'No space', clicks: 6 },
      { value: String(spaceA), label: 'Campaign <A>', clicks: 4 },
    ]);
    expect((await ask('group_by=domain')).groups).toEqual([{ value: '0', label: 'short.test', clicks: 10 }]);
    expect((await ask('group_by=target')).groups).toEqual([
      { value: '0:1', label: 'Rule 1: 1', clicks: 2 },
      { value: '1:1', label: 'Rule 2: 1', clicks: 2 },
    ]);
    expect((await ask('group_by=utm_source')).groups).toEqual([
      { value: 'dest', clicks: 3 },
      { value: 'mail', clicks: 1 },
    ]);
    expect((await ask('group_by=utm_campaign')).groups).toEqual([{ value: 'spring', clicks: 1 }]);
    expect((await ask('group_by=referrer')).groups).toEqual([{ value: 'news.example', clicks: 3 }]);
    expect((await ask('group_by=device&limit=1')).groups).toEqual([{ value: 'Desktop', clicks: 9 }]);
    expect((await ask('group_by=device&limit=1')).others).toEqual({ clicks: 1 });
    for (const d of ['country', 'continent', 'browser', 'os', 'language', 'utm_medium', 'utm_term', 'utm_content']) {
      const res = await ask(`group_by=${d}`);
      expect(res.group_by).toBe(d);
      expect(Array.isArray(res.groups)).toBe(true);
    }
  });

  it('counts unique visitors per day', async () => {
    const d = await ask('unique=1&group_by=link');
    expect(d.totals).toEqual({ clicks: 10, uniques: 4, qr_scans: 0 }); // a: 2 visitors, b: 1, r: 1
    expect(d.groups?.find((g) => g.value === String(linkA))).toMatchObject({ clicks: 4, uniques: 2 });
    expect(d.series.at(-1)).toMatchObject({ clicks: 10, uniques: 4 });
  });

  it('filters by space, link, and dimensions (one from rollups, several from the events)', async () => {
    expect((await ask(`space_id=${spaceA}`)).totals.clicks).toBe(4);
    expect((await ask('space_id=0')).totals.clicks).toBe(6);
    expect((await ask(`link_id=${linkB}`)).totals.clicks).toBe(2);
    expect((await ask('utm_source=mail')).totals.clicks).toBe(1);
    expect((await ask('device=Desktop&utm_source=dest')).totals.clicks).toBe(3);
    expect((await ask('device=Desktop&group_by=link')).groups?.map((g) => [g.value, g.clicks])).toEqual([
      [String(rotating), 4],
      [String(linkA), 3],
      [String(linkB), 2],
    ]);
    expect((await ask(`space_id=${spaceA}&group_by=browser&unique=1`)).groups).toEqual([
      { value: 'Chrome', clicks: 3, uniques: 1 },
      { value: 'Safari', clicks: 1, uniques: 1 },
    ]);
  });

  it('compares with the previous period of the same length', async () => {
    const d = await ask(`from=${today}&to=${today}&compare=previous`);
    expect(d.previous).toMatchObject({ totals: { clicks: 0 }, series: [{ clicks: 0 }] });
    expect(d.previous?.to).toBe(new Date(Date.now() - 86_400_000).toISOString().slice(0, 10));
  });

  it('buckets by hour, week and month, in a time zone', async () => {
    const hours = await ask(`interval=hour&from=${today}&to=${today}`);
    expect(hours.series).toHaveLength(24);
    expect(hours.series.reduce((n, p) => n + p.clicks, 0)).toBe(10);
    expect((await ask('interval=month')).series.reduce((n, p) => n + p.clicks, 0)).toBe(10);
    expect((await ask('interval=week')).totals.clicks).toBe(10);
    const zoned = await ask('tz=Pacific/Kiritimati&interval=day&group_by=link');
    expect(zoned.time_zone).toBe('Pacific/Kiritimati');
    expect(zoned.series.at(-1)?.start).toMatch(/T00:00:00\+14:00$/);
    expect(zoned.totals.clicks).toBe(10);
  });

  it('names the field of a bad query (422)', async () => {
    expect422(await get(t, t.userKey, '/api/v1/stats?group_by=planet'), 'group_by');
    expect422(await get(t, t.userKey, '/api/v1/stats?interval=year'), 'interval');
    expect422(await get(t, t.userKey, '/api/v1/stats?compare=next'), 'compare');
    expect422(await get(t, t.userKey, '/api/v1/stats?unique=2'), 'unique');
    expect422(await get(t, t.userKey, '/api/v1/stats?from=2026-13-01'), 'from');
    expect422(await get(t, t.userKey, '/api/v1/stats?tz=Mars/Olympus'), 'tz');
    expect422(await get(t, t.userKey, '/api/v1/stats?limit=0'), 'limit');
    expect422(await get(t, t.userKey, '/api/v1/stats?interval=hour&from=2026-01-01&to=2026-03-01'), 'interval');
    expect422(await get(t, t.userKey, `/api/v1/stats/${linkA}?group_by=planet`), 'group_by');
  });

  it("keeps accounts apart: another account's link is a 404 in the path and matches nothing as a filter", async () => {
    expect404(await get(t, t.userKey, `/api/v1/stats/${otherUserLink}?group_by=country`));
    expect((await ask(`link_id=${otherUserLink}`)).totals.clicks).toBe(0);
    expect((await ask('', '/api/v1/stats', otherKey)).totals.clicks).toBe(1);
    expect((await ask(`space_id=${spaceA}`, '/api/v1/stats', otherKey)).totals.clicks).toBe(0);
    expect((await ask('group_by=link', '/api/v1/stats', otherKey)).groups).toEqual([{ value: String(otherUserLink), label: 'o', short_url: 'http://short.test/o', title: null, clicks: 1 }]);
  });
});

describe('GET /api/v1/stats/{link_id} with analytics parameters', () => {
  it('answers as GET /stats for that link; without them, the contract answer', async () => {
    const d = await ask('group_by=utm_source&unique=1', `/api/v1/stats/${linkA}`);
    expect(d.totals).toEqual({ clicks: 4, uniques: 2, qr_scans: 0 });
    expect(d.groups).toEqual([
      { value: 'dest', clicks: 3, uniques: 1 },
      { value: 'mail', clicks: 1, uniques: 1 },
    ]);
    expect((await ask('group_by=space', `/api/v1/stats/${linkA}`)).groups).toEqual([{ value: String(spaceA), label: 'Campaign <A>', clicks: 4 }]);
    expect((await ask(`group_by=target&interval=day`, `/api/v1/stats/${rotating}`)).groups?.map((g) => g.clicks)).toEqual([2, 2]);
    const plain = await get(t, t.userKey, `/api/v1/stats/${linkA}?name=referrer`);
    expect(plain.json()).toMatchObject({ data: [{ value: 'news.example', count: 3 }], totals: { clicks: 4, with_value: 3 } });
  });
});

describe('the top links from the most clicked down', () => {
  it('lists what summing every row lists, ties and all, and falls back to the sum past its candidates', async () => {
    const { AnalyticsRepo } = await import('./analytics.repo');
    const repo = new AnalyticsRepo(t.db.kysely, t.db.dialect === 'sqlite' ? async () => 0 : null);
    const u = await t.query<{ id: number }>("INSERT INTO users (name, role, api_key_hash, created_at, updated_at) VALUES ('top', 'user', 'top-key', 'x', 'x') RETURNING id");
    const userId = u[0]!.id;
    // 60 links; all-time clicks fall with the id, but the period's order differs (old clicks of 1-5 are outside it).
    for (let i = 1; i <= 60; i++) {
      const [l] = await t.query<{ id: number }>('INSERT INTO links (user_id, alias, url, clicks, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id', userId, `top${i}`, 'https://t.example/', 1000 - i * 10, 'x', 'x');
      const inPeriod = i <= 5 ? 1 : (i * 7) % 23; // ties among the others
      for (const [day, n] of [['2026-01-10', inPeriod], ['2025-06-01', 1000 - i * 10 - inPeriod]] as const) {
        if (n > 0) await t.query("INSERT INTO click_account_daily (user_id, space_id, domain_id, dimension, day, value, count, uniques) VALUES (?, -1, -1, 'link', ?, ?, ?, 0)", userId, day, String(l!.id), n);
      }
    }
    const scope = { kind: 'account' as const, userId, spaceId: -1, domainId: -1 };
    const full = await repo.top(scope, 'link', '2026-01-01', '2026-01-31', 10);
    const pruned = await repo.topLinks(scope, '2026-01-01', '2026-01-31', 10);
    expect(pruned.top).toEqual(full.top);
    expect(full.top).toHaveLength(10);
    expect((await repo.topLinks(scope, '2026-01-01', '2026-01-31', 10, 20)).top).toEqual(full.top);
  });
});
