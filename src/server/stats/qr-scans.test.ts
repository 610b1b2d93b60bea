// The analytics answers over real visits: QR scans apart (`qr_scans` in the totals and the series,
// from every kind of read: daily and hourly rollups, one filter, the raw events), the clicks without a value
// beside a top list (`without_value`: the referrer's direct visits), and links named by short URL and title.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { get } from '../test-utils/api';
import { createLink, flush, SAFARI_IPHONE, visit } from '../redirect/test-helpers';
import { verifyDomain } from '../test-utils/dns-server';
import type { AnalyticsBody } from '../../shared/analytics.schema';

let t: TestApp;
let spring: number;
let plain: number;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  const domain = await t.as(t.userKey, { method: 'POST', url: '/api/v1/domains', payload: { name: 'go.example.com', https: 1 } });
  expect(domain.statusCode, domain.body).toBe(201);
  await verifyDomain(t, domain.json().data.id);
  spring = (await createLink(t, { url: 'https://shop.example/spring', alias: 'spring', title: 'Spring sale', domain_id: domain.json().data.id })).id;
  plain = (await createLink(t, { url: 'https://b.example/', alias: 'b' })).id;
  const onBrand = { headers: { host: 'go.example.com' } };
  // spring: 2 QR scans (one from an address without a country), 1 click from a news site; b: 1 click, 1 QR scan from
  // an iPhone elsewhere. From GB: the first scan, the news click and b's click.
  await visit(t, '/spring?qr=1', onBrand);
  await visit(t, '/spring?qr=1', { ...onBrand, remoteAddress: '127.0.0.1' });
  await visit(t, '/spring', { headers: { host: 'go.example.com', referer: 'https://news.example/story' } });
  await visit(t, '/b');
  await visit(t, '/b?qr=1', { remoteAddress: '2.3.4.5', headers: { 'user-agent': SAFARI_IPHONE } });
  await flush(t);
});
afterAll(async () => t.close());

const ask = async (q: string, path = '/api/v1/stats'): Promise<AnalyticsBody['data']> => {
  const res = await get(t, t.userKey, `${path}?${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as AnalyticsBody).data;
};

describe('QR scans apart from clicks', () => {
  it('are part of the totals and of each bucket, from the daily rollups', async () => {
    const d = await ask('');
    expect(d.totals).toEqual({ clicks: 5, qr_scans: 3 });
    expect(d.series.at(-1)).toEqual({ start: `${today}T00:00:00+00:00`, clicks: 5, qr_scans: 3 });
    expect(d.series.slice(0, -1).every((p) => p.clicks === 0 && p.qr_scans === 0)).toBe(true);
    expect((await ask('unique=1')).totals).toEqual({ clicks: 5, uniques: 4, qr_scans: 3 });
  });

  it('from the hourly rollups (by hour, or days of another zone), the same', async () => {
    const hours = await ask(`interval=hour&from=${today}&to=${today}`);
    expect(hours.totals).toEqual({ clicks: 5, qr_scans: 3 });
    expect(hours.series.reduce((n, p) => n + p.qr_scans, 0)).toBe(3);
    expect((await ask('tz=Pacific/Kiritimati&interval=week')).totals).toEqual({ clicks: 5, qr_scans: 3 });
  });

  it('for one link, one filter (rollups) or several (raw events), and the previous period', async () => {
    expect((await ask(`link_id=${spring}`)).totals).toEqual({ clicks: 3, qr_scans: 2 });
    expect((await ask('interval=day', `/api/v1/stats/${plain}`)).totals).toEqual({ clicks: 2, qr_scans: 1 });
    expect((await ask('country=GB')).totals).toEqual({ clicks: 3, qr_scans: 1 });
    expect((await ask('referrer=news.example')).totals).toEqual({ clicks: 1, qr_scans: 0 });
    expect((await ask('device=Mobile&browser=Safari')).totals).toEqual({ clicks: 1, qr_scans: 1 });
    expect((await ask(`country=GB&interval=hour&from=${today}&to=${today}`)).totals).toEqual({ clicks: 3, qr_scans: 1 });
    const compared = await ask(`from=${today}&to=${today}&compare=previous`);
    expect(compared.previous?.totals).toEqual({ clicks: 0, qr_scans: 0 });
  });
});

describe('the clicks without a value beside a top list', () => {
  it('are the direct visits of the referrers: groups, others and they make every click', async () => {
    const d = await ask('group_by=referrer&unique=1');
    // The news visit is the first QR scanner's second click of the day: no unique of its own.
    expect(d.groups).toEqual([{ value: 'news.example', clicks: 1, uniques: 0 }]);
    expect(d.others).toEqual({ clicks: 0, uniques: 0 });
    expect(d.without_value).toEqual({ clicks: 4, uniques: 4 });
  });

  it('add up with a filter, from the raw events, and in another zone (the UTC days the list counts)', async () => {
    expect((await ask('group_by=country&limit=1')).without_value).toEqual({ clicks: 1 });
    expect((await ask('group_by=country&limit=1')).others).toEqual({ clicks: 1 });
    expect((await ask('group_by=referrer&country=GB')).without_value).toEqual({ clicks: 2 });
    expect((await ask('group_by=referrer&referrer=news.example')).without_value).toEqual({ clicks: 0 });
    expect((await ask('group_by=target')).without_value).toEqual({ clicks: 5 }); // no link has rules
    const berlin = await ask('group_by=referrer&tz=Europe/Berlin');
    const listed = (berlin.groups ?? []).reduce((n, g) => n + g.clicks, 0) + (berlin.others?.clicks ?? 0) + (berlin.without_value?.clicks ?? 0);
    expect(listed).toBe(5);
  });

  it('are not given for links, spaces and domains (every click has one)', async () => {
    for (const d of ['link', 'space', 'domain']) expect((await ask(`group_by=${d}`)).without_value, d).toBeUndefined();
    expect((await ask('')).without_value).toBeUndefined();
  });
});

describe('links in a top list', () => {
  it('carry their short URL (on their own domain) and title beside the label', async () => {
    expect((await ask('group_by=link')).groups).toEqual([
      { value: String(spring), label: 'Spring sale', short_url: 'https://go.example.com/spring', title: 'Spring sale', clicks: 3 },
      { value: String(plain), label: 'b', short_url: 'http://short.test/b', title: null, clicks: 2 },
    ]);
    expect((await ask('group_by=link', `/api/v1/stats/${plain}`)).groups).toEqual([
      { value: String(plain), label: 'b', short_url: 'http://short.test/b', title: null, clicks: 2 },
    ]);
  });

  it('a deleted one leaves the list, its clicks and QR scans stay in the account totals', async () => {
    const gone = (await createLink(t, { url: 'https://gone.example/', alias: 'gone' })).id;
    await visit(t, '/gone?qr=1');
    await flush(t);
    expect((await t.as(t.userKey, { method: 'DELETE', url: `/api/v1/links/${gone}` })).statusCode).toBe(200);
    const d = await ask('group_by=link');
    expect(d.totals).toEqual({ clicks: 6, qr_scans: 4 });
    expect(d.groups?.map((g) => g.value)).toEqual([String(spring), String(plain)]);
  });
});
