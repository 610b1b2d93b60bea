import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, form, type TestApp } from '../test-utils/test-app';
import { create, createLink, expect404, expect422, get } from '../test-utils/api';
import { parseCsv, unescapeCell } from '../../shared/csv';
import { CLICK_EXPORT_COLUMNS, LINK_EXPORT_COLUMNS, LINK_EXPORT_OMITTED, linkExportQuerySchema } from '../../shared/export.schema';
import { finished, postCsv } from '../imports/import-test-helpers';
import { linkRowBatches } from './link-export';

let t: TestApp;
let ids: number[] = [];
let pixelId = 0;
let spaceId = 0;
let otherUserLink = 0;
beforeAll(async () => {
  t = await createTestApp();
  const space = await create(t, t.userKey, 'spaces', { name: 'Campaigns, 2026', color: 3 });
  const pixel = await create(t, t.userKey, 'pixels', { name: 'Meta', type: 'facebook', value: 'px-1' });
  const domain = await create(t, t.userKey, 'domains', { name: 'go.example.com' });
  spaceId = space.id;
  pixelId = pixel.id;
  const full = await t.as(t.userKey, {
    method: 'POST',
    url: '/api/v1/links',
    ...form([
      ['url', 'https://example.com/full?a=1&b=2'], ['alias', 'full'], ['title', 'Full, "quoted" title'], ['domain_id', domain.id],
      ['space_id', space.id], ['pixel_ids[]', pixel.id], ['targets_type', 'countries'], ['targets[0][key]', 'US'],
      ['targets[0][value]', 'https://example.com/us'], ['privacy', 2], ['password', 'secret'], ['redirect_password', 'gate'],
      ['clicks_limit', 100], ['active_period_end_at', '2030-01-01 00:00'], ['expiration_url', 'https://example.com/gone'], ['sensitive_content', 1],
      ['og_title', '+Card, headline'], ['og_description', 'Card text'], ['og_image', 'https://example.com/card.png'],
    ]),
  });
  expect(full.statusCode, full.body).toBe(201);
  ids.push(full.json().data.id);
  ids.push((await createLink(t, t.userKey, { url: 'https://example.com/formula', alias: '-minus', title: '=HYPERLINK("http://evil.example","click")' })).id);
  ids.push((await createLink(t, t.userKey, { url: 'https://example.com/off', alias: 'off-one', disabled: 1, title: 'Disabled newsletter' })).id);
  for (let i = 0; i < 9; i++) ids.push((await createLink(t, t.userKey, { url: `https://example.com/n/${i}`, alias: `news-${i}`, title: `Newsletter ${i}` })).id);
  otherUserLink = (await createLink(t, t.adminKey, { url: 'https://example.com/admin', alias: 'admins', title: 'Newsletter of the admin' })).id;
  ids = ids.sort((a, b) => a - b);
});
afterAll(async () => t.close());

const exportOf = (q = '', key = t.userKey) => get(t, key, `/api/v1/links/export?${q}`);
const csvRows = (text: string) => [...parseCsv(text)].map((r) => r.fields);
type L = Record<string, unknown> & { id: number };
const listed = async (q: string) => ((await get(t, t.userKey, `/api/v1/links?per_page=100&sort=asc&${q}`)).json().data as L[]);

describe('GET /api/v1/links/export', () => {
  it('JSON: every link of the account exactly as GET /links shows it, in id order, as a download', async () => {
    const res = await exportOf('format=json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="linkdeck-links-\d{4}-\d{2}-\d{2}\.json"$/);
    const body = res.json();
    expect(body.status).toBe(200);
    expect(body.data).toEqual(await listed(''));
    expect((body.data as L[]).map((l) => l.id)).toEqual(ids);
  });

  it('CSV: the documented columns, lists in one cell, quoting and the formula guard', async () => {
    const res = await exportOf();
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/filename="linkdeck-links-.*\.csv"/);
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual([...LINK_EXPORT_COLUMNS]);
    expect(rows.map((r) => Number(r[0]))).toEqual(ids);
    const full = Object.fromEntries(LINK_EXPORT_COLUMNS.map((c, i) => [c, rows[0]?.[i]]));
    expect(full).toMatchObject({
      alias: 'full', url: 'https://example.com/full?a=1&b=2', short_url: 'https://go.example.com/full', title: 'Full, "quoted" title',
      status: '1', disabled: '0', targets_type: 'countries', targets: '[{"key":"US","value":"https://example.com/us"}]',
      sensitive_content: '1', privacy: '2', password: '1', redirect_password: '1', active_period_start_at: '',
      active_period_end_at: '2030-01-01T00:00:00.000Z', clicks_limit: '100', expiration_url: 'https://example.com/gone', clicks: '0',
      space_id: String(spaceId), space_name: 'Campaigns, 2026', domain_name: 'go.example.com', pixel_ids: String(pixelId),
      og_title: "'+Card, headline", og_description: 'Card text', og_image: 'https://example.com/card.png', pixel_names: '["Meta"]',
    });
    expect(rows[1]?.[LINK_EXPORT_COLUMNS.indexOf('pixel_names')]).toBe('');
    expect(res.body).not.toContain('secret');
    const formula = rows[1] ?? [];
    expect(formula[1]).toBe("'-minus");
    expect(formula[4]).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(unescapeCell(formula[4] ?? '')).toBe('=HYPERLINK("http://evil.example","click")');
  });

  it('applies the list filters of GET /links (search, status, space, pixel) and nothing of another account', async () => {
    for (const q of ['search=newsletter', 'search=ne&search_by=alias', 'status=3', 'status=1', `space_id=${spaceId}`, 'space_id=0', `pixel_id=${pixelId}`, 'search=news&status=1']) {
      const exported = (await exportOf(`format=json&${q}`)).json().data as L[];
      expect(exported.map((l) => l.id), q).toEqual((await listed(q)).map((l) => l.id));
    }
    const all = (await exportOf('format=json')).json().data as L[];
    expect(all.map((l) => l.id)).not.toContain(otherUserLink);
    const empty = await exportOf('format=json&search=nothing-matches-this');
    expect(empty.json()).toEqual({ omitted: LINK_EXPORT_OMITTED, data: [], status: 200 });
    expect(csvRows((await exportOf('search=nothing-matches-this')).body)).toEqual([[...LINK_EXPORT_COLUMNS]]);
  });

  it('reads in keyset batches: batches of 2 give every matching link once, in order', async () => {
    const q = linkExportQuerySchema.parse({ search: 'newsletter' });
    const seen: number[] = [];
    let batches = 0;
    for await (const rows of linkRowBatches(t.db, t.userId, q, new Date().toISOString(), 2)) {
      batches++;
      expect(rows.length).toBeLessThanOrEqual(2);
      seen.push(...rows.map((r) => r.id));
    }
    const expected = (await listed('search=newsletter')).map((l) => l.id);
    expect(seen).toEqual(expected);
    expect(batches).toBe(Math.ceil(expected.length / 2));
  });

  it('422 naming a bad filter or format', async () => {
    expect422(await exportOf('format=xml'), 'format');
    expect422(await exportOf('status=9'), 'status');
    expect422(await exportOf('space_id=abc'), 'space_id');
  });

  it('round-trips: an export imported into another account gives the same links (aliases renamed on the shared domain)', async () => {
    const csv = (await exportOf('search=newsletter')).body;
    const job = await finished(t, t.adminKey, await postCsv(t, t.adminKey, csv, '?on_conflict=rename'));
    expect(job).toMatchObject({ status: 'completed', source: 'linkdeck', created: 10, failed: 0 });
    const mine = (await exportOf('format=json&search=newsletter')).json().data as L[];
    const theirs = ((await exportOf('format=json&search=newsletter', t.adminKey)).json().data as L[]).filter((l) => l.id !== otherUserLink);
    const strip = (l: L) => ({ url: l.url, title: l.title, disabled: l.disabled, targets: l.targets, created_at: l.created_at });
    expect(theirs.map(strip)).toEqual(mine.map(strip));
    expect(theirs.map((l) => l.alias)).toEqual(mine.map((l) => `${l.alias as string}-2`));
  });
});

describe('GET /api/v1/stats/export', () => {
  beforeAll(async () => {
    const events: [number, string, string | null, string | null][] = [
      [ids[0] as number, '2026-11-01T10:00:00.000Z', 'US', 'news.example'],
      [ids[1] as number, '2026-11-02T23:59:59.999Z', null, '=cmd|calc'],
      [ids[0] as number, '2026-11-03T00:00:00.000Z', 'DE', null],
      [otherUserLink, '2026-11-02T12:00:00.000Z', 'FR', null],
    ];
    for (const [link, at, country, referrer] of events) {
      await t.query('INSERT INTO click_events (link_id, clicked_at, country, continent, os, browser, device, language, referrer) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
        link, at, country, country ? 'EU' : null, 'Linux', 'Firefox', 'desktop', 'en', referrer);
    }
    // The first click: the rule that served it, its UTM parameters and a unique-visitor marker (never exported).
    await t.query("UPDATE click_events SET target = '0:US', utm_source = 'newsletter', utm_medium = 'email', utm_campaign = 'spring', visitor = 'marker-of-the-day' WHERE clicked_at = '2026-11-01T10:00:00.000Z'");
  });

  const clicks = (q = '', key = t.userKey) => get(t, key, `/api/v1/stats/export?${q}`);

  it("streams the account's raw clicks as CSV, by link and date range", async () => {
    const res = await clicks();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/filename="linkdeck-clicks-.*\.csv"/);
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual([...CLICK_EXPORT_COLUMNS]);
    const none = ['', '', '', '', '', ''];
    expect(rows).toEqual([
      [String(ids[0]), 'full', '2026-11-01T10:00:00.000Z', 'US', 'EU', 'Linux', 'Firefox', 'desktop', 'en', 'news.example', '0:US', 'newsletter', 'email', 'spring', '', ''],
      [String(ids[1]), "'-minus", '2026-11-02T23:59:59.999Z', '', '', 'Linux', 'Firefox', 'desktop', 'en', "'=cmd|calc", ...none],
      [String(ids[0]), 'full', '2026-11-03T00:00:00.000Z', 'DE', 'EU', 'Linux', 'Firefox', 'desktop', 'en', '', ...none],
    ]);
    expect(res.body).not.toContain('marker-of-the-day');
    const byLink = csvRows((await clicks(`link_id=${ids[0]}`)).body).slice(1);
    expect(byLink.map((r) => r[2])).toEqual(['2026-11-01T10:00:00.000Z', '2026-11-03T00:00:00.000Z']);
    const inRange = csvRows((await clicks('from=2026-11-02&to=2026-11-02')).body).slice(1);
    expect(inRange.map((r) => r[2])).toEqual(['2026-11-02T23:59:59.999Z']);
    const fromOnly = csvRows((await clicks('from=2026-11-03')).body).slice(1);
    expect(fromOnly).toHaveLength(1);
  });

  it("another account's link is a 404 (as in GET /stats/{link_id}); bad filters are 422s naming them", async () => {
    expect404(await clicks(`link_id=${otherUserLink}`));
    expect404(await clicks('link_id=999999'));
    expect422(await clicks('link_id=abc'), 'link_id');
    expect422(await clicks('from=2026-13-01'), 'from');
    expect422(await clicks('from=2026-11-05&to=2026-11-01'), 'to');
  });
});
