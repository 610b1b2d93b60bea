// The list's fast totals (per-account counters, partial indexes, the cached search counts) always equal a
// plain COUNT(*), also after writes that reach links through cascades (space, pixel, domain, user deletes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { create, createLink, get, post } from '../test-utils/api';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const total = async (key: string, q: string) => (await get(t, key, `/api/v1/links?${q}`)).json().meta.total as number;
const counters = (userId: number) => t.sqlite.prepare('SELECT total, disabled FROM link_counters WHERE user_id = ?').get(userId);
const brute = (userId: number) =>
  t.sqlite.prepare('SELECT count(*) AS total, coalesce(sum(disabled = 1), 0) AS disabled FROM links WHERE user_id = ?').get(userId);

describe('list totals stay exact', () => {
  it('follow creates, updates and deletes of links', async () => {
    const a = await createLink(t, t.userKey, { url: 'https://e.com/a', title: 'counted alpha' });
    await createLink(t, t.userKey, { url: 'https://e.com/b', title: 'counted beta', disabled: 1 });
    expect(await total(t.userKey, 'search=counted')).toBe(2);
    expect(await total(t.userKey, '')).toBe(2);
    expect(await total(t.userKey, 'status=3')).toBe(1);
    expect(counters(t.userId)).toEqual(brute(t.userId));
    await t.as(t.userKey, { method: 'PATCH', url: `/api/v1/links/${a.id}`, payload: { title: 'renamed', disabled: 1 } });
    expect(await total(t.userKey, 'search=counted')).toBe(1);
    expect(await total(t.userKey, 'status=3')).toBe(2);
    expect(await total(t.userKey, 'status=1')).toBe(0);
    await t.as(t.userKey, { method: 'DELETE', url: `/api/v1/links/${a.id}` });
    expect(await total(t.userKey, 'status=3')).toBe(1);
    expect(await total(t.userKey, '')).toBe(1);
    expect(counters(t.userId)).toEqual(brute(t.userId));
  });

  it('follow space, pixel and domain deletes (cascades)', async () => {
    const space = await create(t, t.userKey, 'spaces', { name: 'Cascade' });
    const pixel = await create(t, t.userKey, 'pixels', { name: 'Cascade', type: 'x', value: 'c' });
    const domain = await create(t, t.userKey, 'domains', { name: 'cascade.example.com' });
    await createLink(t, t.userKey, { url: 'https://e.com/c', title: 'cascade one', space_id: space.id, 'pixel_ids[]': pixel.id, domain_id: domain.id });
    await createLink(t, t.userKey, { url: 'https://e.com/d', title: 'cascade two', space_id: space.id });
    expect(await total(t.userKey, `space_id=${space.id}`)).toBe(2);
    expect(await total(t.userKey, `pixel_id=${pixel.id}`)).toBe(1);
    expect(await total(t.userKey, `domain_id=${domain.id}`)).toBe(1);
    expect(await total(t.userKey, 'space_id=0')).toBe(1);
    expect(await total(t.userKey, 'search=cascade')).toBe(2);
    await t.as(t.userKey, { method: 'DELETE', url: `/api/v1/pixels/${pixel.id}` });
    expect(await total(t.userKey, `pixel_id=${pixel.id}`)).toBe(0);
    await t.as(t.userKey, { method: 'DELETE', url: `/api/v1/spaces/${space.id}` });
    expect(await total(t.userKey, `space_id=${space.id}`)).toBe(0);
    expect(await total(t.userKey, 'space_id=0')).toBe(3);
    await t.as(t.userKey, { method: 'DELETE', url: `/api/v1/domains/${domain.id}` });
    expect(await total(t.userKey, `domain_id=${domain.id}`)).toBe(0);
    expect(await total(t.userKey, 'search=cascade')).toBe(1);
    expect(await total(t.userKey, '')).toBe(2);
    expect(counters(t.userId)).toEqual(brute(t.userId));
  });

  it('keep accounts apart, and a deleted account takes its counters along', async () => {
    const u = (await post(t, t.adminKey, '/api/v1/users', { name: 'Temp' })).json().data;
    for (let i = 0; i < 3; i++) await createLink(t, u.api_key, { url: 'https://e.com', title: `cascade temp ${i}`, disabled: i % 2 });
    expect(await total(u.api_key, 'search=cascade')).toBe(3);
    expect(await total(t.userKey, 'search=cascade')).toBe(1);
    expect(await total(u.api_key, 'status=3')).toBe(1);
    expect(await total(u.api_key, 'status=1')).toBe(2);
    await t.as(t.adminKey, { method: 'DELETE', url: `/api/v1/users/${u.id}` });
    expect(t.sqlite.prepare('SELECT count(*) n FROM link_counters WHERE user_id = ?').get(u.id)).toEqual({ n: 0 });
    expect(await total(t.userKey, 'search=cascade')).toBe(1);
    const all = t.sqlite.prepare('SELECT user_id, total, disabled FROM link_counters ORDER BY user_id').all();
    const expected = t.sqlite.prepare('SELECT user_id, count(*) total, sum(disabled = 1) disabled FROM links GROUP BY user_id ORDER BY user_id').all();
    expect(all.filter((r) => (r as { total: number }).total > 0)).toEqual(expected);
  });

  it('expired totals follow the clock and clicks', async () => {
    const soon = new Date(Date.now() + 1500).toISOString();
    const link = await createLink(t, t.userKey, { url: 'https://e.com/soon', active_period_end_at: soon, clicks_limit: 2 });
    const before = await total(t.userKey, 'status=2');
    t.sqlite.prepare('UPDATE links SET clicks = 2 WHERE id = ?').run(link.id);
    expect(await total(t.userKey, 'status=2')).toBe(before + 1);
    t.sqlite.prepare('UPDATE links SET clicks = 0 WHERE id = ?').run(link.id);
    expect(await total(t.userKey, 'status=2')).toBe(before);
    await new Promise((r) => setTimeout(r, 1600));
    expect(await total(t.userKey, 'status=2')).toBe(before + 1);
    t.sqlite.prepare('UPDATE links SET clicks = 2 WHERE id = ?').run(link.id);
    expect(await total(t.userKey, 'status=2')).toBe(before + 1);
    expect(await total(t.userKey, 'status=1') + await total(t.userKey, 'status=2') + await total(t.userKey, 'status=3')).toBe(await total(t.userKey, ''));
  });
});
