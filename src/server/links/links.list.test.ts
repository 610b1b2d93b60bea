// Link list: every filter of the seed, status 0-3 consistent with the computed status, pagination envelope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { create, createLink, expect422, get, ids, post } from '../test-utils/api';

let t: TestApp;
const L: Record<string, number> = {};
let spaceA: number;
let spaceB: number;
let domainId: number;
let pixelId: number;
let otherPixel: number;
const past = '2020-01-01T00:00:00';
const future = '2099-01-01T00:00:00';

beforeAll(async () => {
  t = await createTestApp();
  spaceA = (await create(t, t.userKey, 'spaces', { name: 'A' })).id;
  spaceB = (await create(t, t.userKey, 'spaces', { name: 'B' })).id;
  domainId = (await create(t, t.userKey, 'domains', { name: 'l.example.com' })).id;
  pixelId = (await create(t, t.userKey, 'pixels', { name: 'px', type: 'tiktok', value: 'T1' })).id;
  otherPixel = (await create(t, t.userKey, 'pixels', { name: 'px2', type: 'reddit', value: 'R1' })).id;
  const mk = async (name: string, fields: Record<string, string | number>) => {
    L[name] = (await createLink(t, t.userKey, { url: `https://example.com/${name}`, alias: name, ...fields })).id;
  };
  await mk('active', { title: 'Alpha Launch', space_id: spaceA });
  await mk('disabled', { title: 'beta launch', disabled: 1, space_id: spaceB });
  await mk('ended', { title: 'Gamma', active_period_end_at: past, domain_id: domainId });
  await mk('scheduled', { title: 'Delta', active_period_start_at: future });
  await mk('limited', { title: 'Epsilon', clicks_limit: 5, 'pixel_ids[]': pixelId });
  await mk('disabledEnded', { title: 'Zeta', disabled: 1, active_period_end_at: past });
  await mk('future-end', { title: 'Eta', active_period_end_at: future, clicks_limit: 10 });
  // Clicks are written by the redirect engine; set them directly for the status rule and the clicks sort.
  await t.query('UPDATE links SET clicks = ? WHERE id = ?', 5, L.limited);
  await t.query('UPDATE links SET clicks = ? WHERE id = ?', 3, L['future-end']);
  await t.query('UPDATE links SET clicks = ? WHERE id = ?', 7, L.active);
  await createLink(t, t.adminKey, { url: 'https://example.com/admin', title: 'Alpha admin launch' });
});
afterAll(async () => t.close());

const list = (q: string) => get(t, t.userKey, `/api/v1/links?${q}`);
const set = async (q: string) => new Set(ids(await list(`per_page=100&${q}`)));
const idsOf = (...names: string[]) => new Set(names.map((n) => L[n]));

describe('status', () => {
  it('computes status by the contract rule', async () => {
    const res = await list('per_page=100');
    const byId = new Map((res.json().data as { id: number; status: number }[]).map((l) => [l.id, l.status]));
    expect(byId.get(L.active!)).toBe(1);
    expect(byId.get(L.scheduled!)).toBe(1);
    expect(byId.get(L['future-end']!)).toBe(1);
    expect(byId.get(L.disabled!)).toBe(3);
    expect(byId.get(L.disabledEnded!)).toBe(3);
    expect(byId.get(L.ended!)).toBe(2);
    expect(byId.get(L.limited!)).toBe(2);
  });

  it('filters 0-3 with the same rule, totals included', async () => {
    expect(await set('status=1')).toEqual(idsOf('active', 'scheduled', 'future-end'));
    expect(await set('status=2')).toEqual(idsOf('ended', 'limited'));
    expect(await set('status=3')).toEqual(idsOf('disabled', 'disabledEnded'));
    expect((await set('status=0')).size).toBe(7);
    expect((await set(''))).toEqual(await set('status=0'));
    for (const status of [0, 1, 2, 3]) {
      const res = await list(`status=${status}&per_page=100`);
      const data = res.json().data as { status: number }[];
      expect(res.json().meta.total).toBe(data.length);
      if (status) expect(data.every((l) => l.status === status)).toBe(true);
    }
    expect((await list('status=2&space_id=0')).json().meta.total).toBe(2);
    expect((await list('status=1&search=alpha')).json().meta.total).toBe(1);
  });

  it('follows changes: clicks reaching the limit, enabling, updates', async () => {
    await t.query('UPDATE links SET clicks = 10 WHERE id = ?', L['future-end']);
    expect(await set('status=2')).toEqual(idsOf('ended', 'limited', 'future-end'));
    expect((await list('status=1')).json().meta.total).toBe(2);
    await t.as(t.userKey, { method: 'PATCH', url: `/api/v1/links/${L.disabled}`, payload: { disabled: 0 } });
    expect(await set('status=3')).toEqual(idsOf('disabledEnded'));
    expect((await list('status=1')).json().meta.total).toBe(3);
    await t.as(t.userKey, { method: 'PATCH', url: `/api/v1/links/${L.disabled}`, payload: { disabled: 1 } });
    await t.query('UPDATE links SET clicks = 3 WHERE id = ?', L['future-end']);
    expect((await list('status=1')).json().meta.total).toBe(3);
  });
});

describe('filters', () => {
  it('filters by space, space_id=0 meaning no space', async () => {
    expect(await set(`space_id=${spaceA}`)).toEqual(idsOf('active'));
    expect(await set(`space_id=${spaceB}`)).toEqual(idsOf('disabled'));
    expect(await set('space_id=0')).toEqual(idsOf('ended', 'scheduled', 'limited', 'disabledEnded', 'future-end'));
    expect((await list('space_id=0')).json().meta.total).toBe(5);
  });

  it('filters by domain and pixel', async () => {
    expect(await set(`domain_id=${domainId}`)).toEqual(idsOf('ended'));
    expect(await set(`pixel_id=${pixelId}`)).toEqual(idsOf('limited'));
    expect(await set(`pixel_id=${otherPixel}`)).toEqual(new Set());
    expect((await list(`pixel_id=${pixelId}`)).json().meta.total).toBe(1);
    expect(await set('space_id=999')).toEqual(new Set());
  });

  it('combines filters', async () => {
    expect(await set(`space_id=0&status=2&pixel_id=${pixelId}`)).toEqual(idsOf('limited'));
  });

  it('never shows another account\'s links', async () => {
    expect((await list('search=admin')).json().meta.total).toBe(0);
    expect((await list('search=launch')).json().meta.total).toBe(2);
  });

  it('refuses bad filter values with 422 naming the parameter', async () => {
    for (const [q, field] of [
      ['status=4', 'status'], ['status=-1', 'status'], ['status=active', 'status'], ['status=1&status=2', 'status'],
      ['space_id=-1', 'space_id'], ['space_id=x', 'space_id'], ['domain_id=1.5', 'domain_id'], ['pixel_id=0', 'pixel_id'],
      ['sort_by=updated_at', 'sort_by'], ['sort=random', 'sort'], ['search_by=description', 'search_by'],
      ['per_page=11', 'per_page'], ['per_page=1000', 'per_page'], ['page=-2', 'page'], ['search=a&search=b', 'search'],
      [`search=${'x'.repeat(256)}`, 'search'],
    ] as const) {
      const errors = expect422(await list(q), field);
      if (field === 'per_page') expect(errors.per_page?.[0]).toMatch(/10, 25, 50, 100/);
    }
  });
});

describe('sort', () => {
  const order = async (q: string) => ids(await list(`per_page=100&${q}`));
  const titles = async (q: string) => ((await list(`per_page=100&${q}`)).json().data as { title: string }[]).map((l) => l.title);

  it('defaults to newest first and sorts every key both ways', async () => {
    const desc = await order('');
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    expect(await order('sort_by=id&sort=asc')).toEqual([...desc].reverse());
    expect(await order('sort_by=id&sort=desc')).toEqual(desc);
    for (const key of ['clicks', 'title', 'alias', 'url'] as const) {
      const res = await list(`per_page=100&sort_by=${key}&sort=asc`);
      const rows = res.json().data as Record<string, string | number>[];
      const sorted = [...rows].sort((a, b) => (a[key]! < b[key]! ? -1 : a[key]! > b[key]! ? 1 : (a.id as number) - (b.id as number)));
      expect(rows.map((r) => r.id), key).toEqual(sorted.map((r) => r.id));
      expect(await order(`sort_by=${key}&sort=desc`), key).toEqual(rows.map((r) => r.id as number).reverse());
    }
    expect((await order('sort_by=clicks&sort=desc'))[0]).toBe(L.active);
    expect((await titles('sort_by=title&sort=asc'))[0]).toBe('Alpha Launch');
  });
});

describe('sort by title: untitled links last, in both directions', () => {
  let key: string;
  // 8 titled and 5 untitled links: page 1 of 10 ends with 2 untitled ones, page 2 holds only untitled ones.
  const names = ['Beta', null, 'alpha', null, 'Zulu', 'Ärger', null, 'b', 'a', null, 'Zz', 'Y', null];
  const made: { id: number; title: string | null }[] = [];
  beforeAll(async () => {
    key = (await post(t, t.adminKey, '/api/v1/users', { name: 'Titles' })).json().data.api_key;
    for (const [i, title] of names.entries()) {
      // Untitled: no title given, or one that is only blanks.
      const fields: Record<string, string> = title === null ? (i === 3 ? { title: '   ' } : {}) : { title };
      made.push({ id: (await createLink(t, key, { url: `https://example.com/t${i}`, ...fields })).id, title });
    }
  });
  const page = async (q: string) => (await get(t, key, `/api/v1/links?${q}`)).json() as { data: { id: number; title: string | null }[] };
  const untitled = () => made.filter((m) => m.title === null).map((m) => m.id);
  const TITLED_ASC = ['Beta', 'Y', 'Zulu', 'Zz', 'a', 'alpha', 'b', 'Ärger'];

  it('ascending: titles in byte order, then the untitled ones by id', async () => {
    const asc = (await page('sort_by=title&sort=asc&per_page=100')).data;
    expect(asc.map((l) => l.title)).toEqual([...TITLED_ASC, null, null, null, null, null]);
    expect(asc.slice(8).map((l) => l.id)).toEqual(untitled());
  });

  it('descending: titles reversed, the untitled ones still last (newest first)', async () => {
    const desc = (await page('sort_by=title&sort=desc&per_page=100')).data;
    expect(desc.map((l) => l.title)).toEqual([...[...TITLED_ASC].reverse(), null, null, null, null, null]);
    expect(desc.slice(8).map((l) => l.id)).toEqual([...untitled()].reverse());
  });

  it('pages agree with the whole list: one that straddles the titled links and one past them, also filtered', async () => {
    for (const filter of ['', '&space_id=0&status=1']) {
      const whole = (await page(`sort_by=title&sort=asc&per_page=100${filter}`)).data.map((l) => l.id);
      const p1 = (await page(`sort_by=title&sort=asc&per_page=10&page=1${filter}`)).data.map((l) => l.id);
      const p2 = (await page(`sort_by=title&sort=asc&per_page=10&page=2${filter}`)).data.map((l) => l.id);
      expect([...p1, ...p2]).toEqual(whole);
      expect(p2).toEqual(untitled().slice(2));
    }
  });
});
