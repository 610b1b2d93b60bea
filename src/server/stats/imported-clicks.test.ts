// Clicks imported from another shortener (links.imported_clicks and imported_at, set here in the database as an
// import sets them): part of the link's `clicks` (and so of its clicks limit), shown apart by every stats
// answer (`imported`), within the same link, space and domain filters, never in counted totals or series.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { create, get, json } from '../test-utils/api';
import { createLink, flush, visit } from '../redirect/test-helpers';
import type { AnalyticsBody } from '../../shared/analytics.schema';

const JAN = '2026-01-10T09:00:00.000Z';
const FEB = '2026-02-01T00:00:00.000Z';

let t: TestApp;
let space: number;
let domain: number;
let spaced: number; // in the space, default domain: 1000 imported, 2 counted
let onDomain: number; // no space, on the domain: 200 imported
let plain: number; // nothing imported, 1 counted
let otherKey: string;

const imports = (id: number, n: number, at: string) => t.query('UPDATE links SET clicks = clicks + ?, imported_clicks = ?, imported_at = ? WHERE id = ?', n, n, at, id);
const link = async (id: number, key = t.userKey) => (await get(t, key, `/api/v1/links/${id}`)).json().data as Record<string, unknown>;
const analytics = async (q: string, path = '/api/v1/stats', key = t.userKey): Promise<AnalyticsBody['data']> => {
  const res = await get(t, key, `${path}?${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as AnalyticsBody).data;
};

beforeAll(async () => {
  t = await createTestApp();
  space = (await create(t, t.userKey, 'spaces', { name: 'Imported' })).id;
  domain = (await create(t, t.userKey, 'domains', { name: 'old.example.org' })).id;
  spaced = (await createLink(t, { url: 'https://a.example/', alias: 'imp-a', space_id: space })).id;
  onDomain = (await createLink(t, { url: 'https://b.example/', alias: 'imp-b', domain_id: domain })).id;
  plain = (await createLink(t, { url: 'https://c.example/', alias: 'imp-c' })).id;
  await imports(spaced, 1000, JAN);
  await imports(onDomain, 200, FEB);
  const other = await t.as(t.adminKey, { method: 'POST', url: '/api/v1/users', payload: { name: 'Other', role: 'user' } });
  otherKey = other.json().data.api_key;
  const o = await t.as(otherKey, { method: 'POST', url: '/api/v1/links', payload: { url: 'https://o.example/', alias: 'imp-o' } });
  await imports(o.json().data.id, 5000, FEB);
  await visit(t, '/imp-a');
  await visit(t, '/imp-a');
  await visit(t, '/imp-c');
  await flush(t);
});
afterAll(async () => t.close());

describe('imported clicks', () => {
  it('the link object: clicks is the total, imported_clicks and imported_at the imported part; 0 and null when none', async () => {
    expect(await link(spaced)).toMatchObject({ clicks: 1002, imported_clicks: 1000, imported_at: JAN });
    expect(await link(onDomain)).toMatchObject({ clicks: 200, imported_clicks: 200, imported_at: FEB });
    expect(await link(plain)).toMatchObject({ clicks: 1, imported_clicks: 0, imported_at: null });
    const list = (await get(t, t.userKey, '/api/v1/links?sort_by=id&sort=asc')).json().data as Record<string, unknown>[];
    expect(list.map((l) => [l.id, l.clicks, l.imported_clicks, l.imported_at])).toEqual([
      [spaced, 1002, 1000, JAN],
      [onDomain, 200, 200, FEB],
      [plain, 1, 0, null],
    ]);
  });

  it("a link's name= answers: counted clicks per day, the imported ones apart", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const perDay = (await get(t, t.userKey, `/api/v1/stats/${spaced}?name=clicks&from=2020-01-01&to=${today}`)).json();
    expect(perDay.data.reduce((s: number, d: { count: number }) => s + d.count, 0)).toBe(2);
    expect(perDay.imported).toEqual({ clicks: 1000, before: JAN });
    const countries = (await get(t, t.userKey, `/api/v1/stats/${spaced}?name=country&from=${today}&to=${today}`)).json();
    expect(countries.totals.clicks).toBe(2);
    expect(countries.imported).toEqual({ clicks: 1000, before: JAN });
    // A link without imported clicks answers as before: no `imported` at all.
    const none = (await get(t, t.userKey, `/api/v1/stats/${plain}?name=clicks`)).json();
    expect(Object.keys(none)).toEqual(['data', 'time_zone', 'status']);
    expect('imported' in (await get(t, t.userKey, `/api/v1/stats/${plain}?name=referrer`)).json()).toBe(false);
  });

  it("a link's analytics: `imported` beside the counted totals, never in the series, groups or previous period", async () => {
    const d = await analytics('compare=previous&group_by=country', `/api/v1/stats/${spaced}`);
    expect(d.totals).toEqual({ clicks: 2, qr_scans: 0 });
    expect(d.series.reduce((s, p) => s + p.clicks, 0)).toBe(2);
    expect(d.imported).toEqual({ clicks: 1000, before: JAN });
    expect(d.previous).not.toHaveProperty('imported');
    expect((d.groups ?? []).reduce((s, g) => s + g.clicks, 0) + (d.others?.clicks ?? 0)).toBe(2);
    expect(await analytics('interval=day', `/api/v1/stats/${plain}`)).not.toHaveProperty('imported');
    // The link outside the asked space matches nothing, imported clicks included.
    expect(await analytics(`interval=day&space_id=0`, `/api/v1/stats/${spaced}`)).not.toHaveProperty('imported');
  });

  it('the account: its links summed, the latest import as `before`, within link_id, space_id and domain_id', async () => {
    const all = await analytics('');
    expect(all.totals).toEqual({ clicks: 3, qr_scans: 0 });
    expect(all.imported).toEqual({ clicks: 1200, before: FEB });
    expect((await analytics(`space_id=${space}`)).imported).toEqual({ clicks: 1000, before: JAN });
    expect((await analytics('space_id=0')).imported).toEqual({ clicks: 200, before: FEB });
    expect((await analytics(`domain_id=${domain}`)).imported).toEqual({ clicks: 200, before: FEB });
    expect((await analytics('domain_id=0')).imported).toEqual({ clicks: 1000, before: JAN });
    expect((await analytics(`domain_id=${domain}&space_id=${space}`)).imported).toBeUndefined();
    expect((await analytics(`link_id=${onDomain}`)).imported).toEqual({ clicks: 200, before: FEB });
    expect((await analytics(`link_id=${plain}`)).imported).toBeUndefined();
    // They have no visitor details: a visitor filter leaves them out.
    expect((await analytics('country=GB')).imported).toBeUndefined();
    // Another account's: its own only; its ids as filters match nothing.
    expect((await analytics('', '/api/v1/stats', otherKey)).imported).toEqual({ clicks: 5000, before: FEB });
    expect((await analytics(`link_id=${spaced}`, '/api/v1/stats', otherKey)).imported).toBeUndefined();
  });

  it('counted clicks add to clicks while imported_clicks stays, and a clicks limit counts the imported clicks', async () => {
    const limited = (await createLink(t, { url: 'https://l.example/', alias: 'imp-limit', clicks_limit: 3 })).id;
    await imports(limited, 2, FEB);
    expect((await visit(t, '/imp-limit')).statusCode).toBe(302);
    expect((await visit(t, '/imp-limit')).statusCode).toBe(410);
    await flush(t);
    expect(await link(limited)).toMatchObject({ clicks: 3, imported_clicks: 2, imported_at: FEB, status: 2 }); // 2: expired
    expect((await analytics(`link_id=${limited}`)).totals).toEqual({ clicks: 1, qr_scans: 0 });
  });

  it('an undone bulk delete brings the imported clicks back; a dry-run preview has none', async () => {
    const before = await link(onDomain);
    const account = (await analytics('')).imported?.clicks ?? 0;
    const del = await t.as(t.userKey, { method: 'DELETE', url: '/api/v1/links/bulk', ...json({ ids: [onDomain] }) });
    expect(del.statusCode, del.body).toBe(200);
    expect((await analytics('')).imported?.clicks).toBe(account - 200);
    expect((await analytics(`domain_id=${domain}`)).imported).toBeUndefined();
    const op = del.json().data.operation as { id: number };
    expect((await t.as(t.userKey, { method: 'POST', url: `/api/v1/operations/${op.id}/undo` })).statusCode).toBe(200);
    expect(await link(onDomain)).toMatchObject({ clicks: before.clicks, imported_clicks: 200, imported_at: FEB });
    expect((await analytics('')).imported?.clicks).toBe(account);
    const dry = await t.as(t.userKey, { method: 'POST', url: '/api/v1/links/bulk?dry_run=1', ...json({ links: [{ url: 'https://d.example/' }] }) });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data[0]).toMatchObject({ clicks: 0, imported_clicks: 0, imported_at: null });
  });
});
