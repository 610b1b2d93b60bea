// QR scans apart from clicks: a visit by the QR code's URL (`?qr=1`) is recorded with source 'qr' and
// counted in every rollup's `qr`; the marker never reaches the destination (plain redirect, targeting, the
// password and consent pages, pixels), and a QR scan is a click like any other for the clicks limit.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, form, type TestApp } from '../test-utils/test-app';
import { CHROME_WIN, cookieOf, createLink, createPixel, dbClicks, flush, visit } from './test-helpers';
import { mergeQuery } from './destination';
import { fastPathOf } from './fast-path';
import { isQrVisit, qrUrl, withoutQrMarker } from '../../shared/qr-marker';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const sources = async (linkId: number) =>
  (await t.query<{ source: string | null }>('SELECT source FROM click_events WHERE link_id = ? ORDER BY id', linkId)).map((r) => r.source);

describe('the QR marker', () => {
  it('is read from the query and dropped from it, whatever else the query holds', () => {
    expect(qrUrl('https://go.example.com/spring')).toBe('https://go.example.com/spring?qr=1');
    expect(isQrVisit('/spring?qr=1')).toBe(true);
    expect(isQrVisit('/spring?utm_source=x&qr=1#top')).toBe(true);
    expect(isQrVisit('/spring?q%72=1')).toBe(true); // percent-encoded: as URLSearchParams reads it
    for (const plain of ['/spring', '/spring?qr=2', '/spring?xqr=1', '/spring?qr=10', '/qr=1']) expect(isQrVisit(plain), plain).toBe(false);
    expect(withoutQrMarker(new URLSearchParams('a=1&qr=1&qr=2&b=2')).toString()).toBe('a=1&qr=2&b=2');
    expect(mergeQuery('https://d.example/p?x=1', '/a?qr=1')).toBe('https://d.example/p?x=1');
    expect(mergeQuery('https://d.example/p?qr=1', '/a?qr=1')).toBe('https://d.example/p?qr=1'); // the destination's own stays
    expect(mergeQuery('https://d.example/p', '/a?qr=1&utm_source=poster')).toBe('https://d.example/p?utm_source=poster');
    expect(mergeQuery('https://d.example/p', '/a?qr=2')).toBe('https://d.example/p?qr=2');
  });
});

describe('a visit by the QR code', () => {
  it('goes to the destination without the marker and is recorded as a QR scan, in the events and every rollup', async () => {
    const l = await createLink(t, { url: 'https://example.com/page?ref=site', alias: 'go' });
    const qr = await visit(t, '/go?qr=1');
    expect(qr.statusCode).toBe(302);
    expect(qr.headers.location).toBe('https://example.com/page?ref=site');
    expect((await visit(t, '/go?qr=1&utm_source=poster')).headers.location).toBe('https://example.com/page?ref=site&utm_source=poster');
    expect((await visit(t, '/go')).headers.location).toBe('https://example.com/page?ref=site');
    expect((await visit(t, '/go?qr=2')).headers.location).toBe('https://example.com/page?ref=site&qr=2');
    await flush(t);
    expect(await sources(l.id)).toEqual(['qr', 'qr', null, null]);
    expect(await dbClicks(t, l.id)).toBe(4);
    const [daily] = await t.query("SELECT count, qr FROM click_daily WHERE link_id = ? AND dimension = 'clicks'", l.id);
    expect(daily).toEqual({ count: 4, qr: 2 });
    const [country] = await t.query("SELECT value, count, qr FROM click_daily WHERE link_id = ? AND dimension = 'country'", l.id);
    expect(country).toEqual({ value: 'GB', count: 4, qr: 2 });
    const [utm] = await t.query("SELECT value, count, qr FROM click_daily WHERE link_id = ? AND dimension = 'utm_source'", l.id);
    expect(utm).toEqual({ value: 'poster', count: 1, qr: 1 });
    expect(await t.query('SELECT count, qr FROM click_hourly WHERE link_id = ?', l.id)).toEqual([{ count: 4, qr: 2 }]);
    const account = await t.query("SELECT space_id, domain_id, count, qr FROM click_account_daily WHERE dimension = 'clicks' ORDER BY space_id, domain_id");
    expect(account).toEqual([
      { space_id: -1, domain_id: -1, count: 4, qr: 2 },
      { space_id: -1, domain_id: 0, count: 4, qr: 2 },
      { space_id: 0, domain_id: -1, count: 4, qr: 2 },
      { space_id: 0, domain_id: 0, count: 4, qr: 2 },
    ]);
    expect(await t.query('SELECT sum(count) AS n, sum(qr) AS q FROM click_account_hourly WHERE space_id = -1 AND domain_id = -1')).toEqual([{ n: 4, q: 2 }]);
  });

  it('follows the targeting rules like any visit, the marker dropped from the rule destination', async () => {
    const l = await createLink(t, {
      url: 'https://world.example/',
      alias: 'geo',
      targets_type: 'countries',
      targets: [{ key: 'GB', value: 'https://gb.example/shop?lang=en' }],
    });
    expect((await visit(t, '/geo?qr=1')).headers.location).toBe('https://gb.example/shop?lang=en');
    expect((await visit(t, '/geo?qr=1', { remoteAddress: '127.0.0.1' })).headers.location).toBe('https://world.example/');
    await flush(t);
    expect(await t.query('SELECT target, source FROM click_events WHERE link_id = ? ORDER BY id', l.id)).toEqual([
      { target: '0:GB', source: 'qr' },
      { target: 'default', source: 'qr' },
    ]);
  });

  it('keeps the marker through the password page: the form posts back with it, the scan counts once, the destination never sees it', async () => {
    const l = await createLink(t, { url: 'https://secret.example/doc', alias: 'pw', redirect_password: 'open sesame' });
    const page = await visit(t, '/pw?qr=1');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('action="/pw?qr=1"');
    const wrong = await visit(t, '/pw?qr=1', { method: 'POST', ...form({ password: 'nope' }) });
    expect(wrong.statusCode).toBe(401);
    const ok = await visit(t, '/pw?qr=1', { method: 'POST', ...form({ password: 'open sesame' }) });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('https://secret.example/doc');
    // With the grant cookie, the next scan goes straight through.
    const again = await visit(t, '/pw?qr=1', { headers: { cookie: cookieOf(ok) } });
    expect(again.headers.location).toBe('https://secret.example/doc');
    await flush(t);
    expect(await sources(l.id)).toEqual(['qr', 'qr']);
  });

  it('keeps the marker through the consent page of a sensitive link', async () => {
    const l = await createLink(t, { url: 'https://adult.example/', alias: 'warn', sensitive_content: 1 });
    const page = await visit(t, '/warn?qr=1');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('action="/warn?qr=1"');
    const ok = await visit(t, '/warn?qr=1', { method: 'POST', ...form({ consent: '1' }) });
    expect(ok.headers.location).toBe('https://adult.example/');
    await flush(t);
    expect(await sources(l.id)).toEqual(['qr']);
  });

  it('sends the pixels page on to the destination without the marker', async () => {
    const pixel = await createPixel(t, 'google-tag-manager', 'GTM-ABC123');
    const l = await createLink(t, { url: 'https://shop.example/p', alias: 'px', pixel_ids: [pixel] });
    const res = await visit(t, '/px?qr=1&utm_medium=print');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('https://shop.example/p?utm_medium=print');
    expect(res.body).not.toContain('qr=1');
    await flush(t);
    expect(await sources(l.id)).toEqual(['qr']);
  });

  it('counts toward the clicks limit like any click', async () => {
    const l = await createLink(t, { url: 'https://limited.example/', alias: 'lim', clicks_limit: 2, expiration_url: 'https://over.example/' });
    expect((await visit(t, '/lim?qr=1')).headers.location).toBe('https://limited.example/');
    expect((await visit(t, '/lim')).headers.location).toBe('https://limited.example/');
    expect((await visit(t, '/lim?qr=1')).headers.location).toBe('https://over.example/');
    await flush(t);
    expect(await dbClicks(t, l.id)).toBe(2);
    expect(await sources(l.id)).toEqual(['qr', null]);
  });

  it('is recorded as a QR scan even when the visitor asks not to be tracked (it tells nothing of them)', async () => {
    const l = await createLink(t, { url: 'https://d.example/', alias: 'dnt' });
    await visit(t, '/dnt?qr=1', { headers: { dnt: '1' } });
    await flush(t);
    expect(await t.query('SELECT country, visitor, source FROM click_events WHERE link_id = ?', l.id)).toEqual([{ country: null, visitor: null, source: 'qr' }]);
  });

  it('stays a QR scan through a bulk delete and its undo (events and rollups come back with it)', async () => {
    const l = await createLink(t, { url: 'https://d.example/', alias: 'undo' });
    await visit(t, '/undo?qr=1');
    await visit(t, '/undo');
    await flush(t);
    const stored = async () => ({
      events: await sources(l.id),
      daily: await t.query("SELECT count, qr FROM click_daily WHERE link_id = ? AND dimension = 'clicks'", l.id),
      hourly: await t.query('SELECT count, qr FROM click_hourly WHERE link_id = ?', l.id),
    });
    const before = await stored();
    expect(before).toEqual({ events: ['qr', null], daily: [{ count: 2, qr: 1 }], hourly: [{ count: 2, qr: 1 }] });
    const del = await t.as(t.userKey, { method: 'DELETE', url: '/api/v1/links/bulk', payload: { ids: [l.id] } });
    expect(del.statusCode, del.body).toBe(200);
    expect((await stored()).events).toEqual([]);
    const undo = await t.as(t.userKey, { method: 'POST', url: `/api/v1/operations/${del.json().data.operation.id}/undo` });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await stored()).toEqual(before);
  });

  it('is not counted for a bot, as no other visit is', async () => {
    const l = await createLink(t, { url: 'https://d.example/', alias: 'bot' });
    const res = await visit(t, '/bot?qr=1', { headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' } });
    expect(res.headers.location).toBe('https://d.example/');
    await flush(t);
    expect(await sources(l.id)).toEqual([]);
  });
});

describe('the fast path', () => {
  const get = (port: number, path: string) =>
    new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path, headers: { host: 'short.test', 'user-agent': CHROME_WIN } }, (res) => resolve(res.resume()));
      req.on('error', reject);
    });

  it('answers a QR scan of a plain link itself, with the same destination and source as the route', async () => {
    const l = await createLink(t, { url: 'https://example.com/fast', alias: 'fast' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    await get(port, '/fast'); // on PostgreSQL the first visit loads the link (the route answers it)
    const before = fastPathOf(t.app.server)?.served ?? 0;
    const res = await get(port, '/fast?qr=1&utm_source=flyer');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://example.com/fast?utm_source=flyer');
    expect((fastPathOf(t.app.server)?.served ?? 0) - before).toBe(1);
    await flush(t);
    expect(await sources(l.id)).toEqual([null, 'qr']);
    expect(await dbClicks(t, l.id)).toBe(2);
  });
});
