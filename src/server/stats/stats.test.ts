import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { createLink, expect404, expect422, get } from '../test-utils/api';
import { StatsRepo } from './stats.repo';

let t: TestApp;
let linkId: number;
let otherLink: number;
beforeAll(async () => {
  t = await createTestApp();
  linkId = (await createLink(t, t.userKey, { url: 'https://e.com' })).id;
  otherLink = (await createLink(t, t.userKey, { url: 'https://e.com/2' })).id;
  const rows: [number, string, string, string, number][] = [];
  const add = { run: (...row: [number, string, string, string, number]) => rows.push(row) };
  for (const [day, n] of [['2026-03-01', 3], ['2026-03-03', 5], ['2026-02-28', 1]] as const) add.run(linkId, day, 'clicks', '', n);
  add.run(otherLink, '2026-03-02', 'clicks', '', 100);
  for (const [value, n] of [['US', 4], ['DE', 6], ['FR', 1]] as const) add.run(linkId, '2026-03-01', 'country', value, n);
  add.run(linkId, '2026-03-03', 'country', 'US', 3);
  add.run(linkId, '2026-04-01', 'country', 'JP', 50);
  add.run(linkId, '2026-03-02', 'browser', 'Firefox', 2);
  add.run(linkId, '2026-03-02', 'os', 'Linux', 2);
  for (const row of rows) await t.query('INSERT INTO click_daily (link_id, day, dimension, value, count) VALUES (?, ?, ?, ?, ?)', ...row);
});
afterAll(async () => t.close());

const stats = (q: string, id = linkId) => get(t, t.userKey, `/api/v1/stats/${id}?${q}`);

describe('stats', () => {
  it('clicks per day, zero days included, inside the range only', async () => {
    const res = await stats('name=clicks&from=2026-03-01&to=2026-03-04');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        { date: '2026-03-01', count: 3 },
        { date: '2026-03-02', count: 0 },
        { date: '2026-03-03', count: 5 },
        { date: '2026-03-04', count: 0 },
      ],
      time_zone: 'UTC',
      status: 200,
    });
  });

  it('defaults to clicks over the last 30 days', async () => {
    const data = (await stats('')).json().data as { date: string; count: number }[];
    expect(data).toHaveLength(30);
    expect(data.at(-1)?.date).toBe(new Date().toISOString().slice(0, 10));
  });

  it('top lists: paginated {value, count}, most first, summed over the range', async () => {
    const res = await stats('name=country&from=2026-03-01&to=2026-03-31');
    const body = res.json();
    expect(body.data).toEqual([
      { value: 'US', count: 7 },
      { value: 'DE', count: 6 },
      { value: 'FR', count: 1 },
    ]);
    expect(body.meta).toMatchObject({ total: 3, current_page: 1, per_page: 10, from: 1, to: 3 });
    expect(body.links.first).toContain('name=country');
    // Totals over the same days: all clicks (3 + 5) and those with a country (4 + 6 + 1 + 3).
    expect(body.totals).toEqual({ clicks: 8, with_value: 14 });
    expect((await stats('name=browser&from=2026-03-01&to=2026-03-31')).json().data).toEqual([{ value: 'Firefox', count: 2 }]);
    expect((await stats('name=operating_system&from=2026-03-01&to=2026-03-31')).json().data).toEqual([{ value: 'Linux', count: 2 }]);
    for (const name of ['continent', 'device', 'language', 'referrer']) {
      const empty = await stats(`name=${name}&from=2026-03-01&to=2026-03-31`);
      expect(empty.json()).toMatchObject({ data: [], meta: { total: 0, from: null, to: null }, status: 200 });
    }
  });

  it('top lists carry the totals of their days: clicks without a value (direct visits) are the difference', async () => {
    const id = (await createLink(t, t.userKey, { url: 'https://e.com/3' })).id;
    const rows: [string, string, string, number][] = [
      ['2026-03-01', 'clicks', '', 6],
      ['2026-03-02', 'clicks', '', 4],
      ['2026-03-01', 'referrer', 'a.example', 3],
      ['2026-03-02', 'referrer', 'a.example', 1],
      ['2026-03-02', 'referrer', 'b.example', 2],
      ['2026-03-05', 'referrer', 'c.example', 9],
    ];
    for (const row of rows) await t.query('INSERT INTO click_daily (link_id, day, dimension, value, count) VALUES (?, ?, ?, ?, ?)', id, ...row);
    const body = (await stats('name=referrer&from=2026-03-01&to=2026-03-03&per_page=10', id)).json();
    expect(body.data).toEqual([{ value: 'a.example', count: 4 }, { value: 'b.example', count: 2 }]);
    expect(body.totals).toEqual({ clicks: 10, with_value: 6 });
    expect((await stats('name=language&from=2026-03-01&to=2026-03-03', id)).json().totals).toEqual({ clicks: 10, with_value: 0 });
  });

  it('tz: the days of the clicks are the zone\'s days, from the raw events', async () => {
    const id = (await createLink(t, t.userKey, { url: 'https://e.com/4' })).id;
    const day = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    const next = new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10);
    const prev = new Date(Date.parse(day) - 86_400_000).toISOString().slice(0, 10);
    // Kolkata is UTC+5:30: 18:20Z is 23:50 that day, 18:40Z is 00:10 the next (a 15-minute bucket apart).
    for (const at of [`${day}T18:20:00.000Z`, `${day}T18:40:00.000Z`, `${day}T18:44:59.999Z`, `${day}T02:00:00.000Z`]) {
      await t.query('INSERT INTO click_events (link_id, clicked_at) VALUES (?, ?)', id, at);
    }
    const q = (tz: string) => stats(`name=clicks&from=${prev}&to=${next}&tz=${encodeURIComponent(tz)}`, id);
    expect((await q('Asia/Kolkata')).json()).toEqual({
      data: [
        { date: prev, count: 0 },
        { date: day, count: 2 },
        { date: next, count: 2 },
      ],
      time_zone: 'Asia/Kolkata',
      status: 200,
    });
    // Los Angeles (UTC-8 or -7): 02:00Z is the evening before.
    expect((await q('America/Los_Angeles')).json().data).toEqual([
      { date: prev, count: 1 },
      { date: day, count: 3 },
      { date: next, count: 0 },
    ]);
  });

  it('tz: a range older than the kept raw events is answered in UTC days, and says so', async () => {
    const body = (await stats('name=clicks&from=2020-03-01&to=2020-03-02&tz=Europe/Berlin')).json();
    expect(body).toEqual({ data: [{ date: '2020-03-01', count: 0 }, { date: '2020-03-02', count: 0 }], time_zone: 'UTC', status: 200 });
    // The default range ends today in the zone.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date());
    expect((await stats('name=clicks&tz=Pacific/Kiritimati')).json().data.at(-1).date).toBe(today);
  });

  it('finds the first event of a time by id (events are written in time order)', async () => {
    const id = (await createLink(t, t.userKey, { url: 'https://e.com/5' })).id;
    const ids: number[] = [];
    for (const at of ['2099-01-01T10:00:00.000Z', '2099-01-02T00:00:00.000Z', '2099-01-02T00:00:00.000Z', '2099-01-03T09:00:00.000Z']) {
      await t.query('INSERT INTO click_events (link_id, clicked_at) VALUES (?, ?)', id, at);
      ids.push(Number((await t.query<{ id: number }>('SELECT max(id) AS id FROM click_events'))[0]?.id));
    }
    const repo = new StatsRepo(t.db.kysely);
    expect(await repo.firstEventIdFrom('2099-01-01T00:00:00.000Z')).toBeLessThanOrEqual(ids[0] as number);
    expect(await repo.firstEventIdFrom('2099-01-01T10:00:00.001Z')).toBe(ids[1]);
    expect(await repo.firstEventIdFrom('2099-01-02T00:00:00.000Z')).toBe(ids[1]);
    expect(await repo.firstEventIdFrom('2099-01-03T09:00:00.000Z')).toBe(ids[3]);
    expect(await repo.firstEventIdFrom('2100-01-01T00:00:00.000Z')).toBe((ids[3] as number) + 1);
  });

  it('validates the query', async () => {
    expect422(await stats('name=clicks&tz=Mars/Olympus'), 'tz');
    expect422(await stats('name=clicks&tz=%2B05:30'), 'tz');
    expect422(await stats(`name=clicks&tz=${'A'.repeat(80)}`), 'tz');
    expect422(await stats('name=cities'), 'name');
    expect422(await stats('from=2026-02-30'), 'from');
    expect422(await stats('to=yesterday'), 'to');
    expect422(await stats('from=2026-03-05&to=2026-03-01'), 'to');
    expect422(await stats('per_page=3&name=country'), 'per_page');
  });

  it('another account\'s link or an unknown one is 404', async () => {
    expect404(await get(t, t.adminKey, `/api/v1/stats/${linkId}?name=clicks`));
    expect404(await stats('name=clicks', 99999));
    expect404(await get(t, t.userKey, '/api/v1/stats/abc'));
  });
});
