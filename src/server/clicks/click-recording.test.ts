// What a click records: the rule that served it (targets and rotations), UTM parameters (the short URL's,
// else the destination's), the unique-visitor marker (exact per day, another one the next day, salts
// shared through the database and dropped after their day), and the privacy switches.
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { createLink, flush, SAFARI_IPHONE, visit } from '../redirect/test-helpers';
import { VisitorSalts } from './visitor-marker';
import { referrerSite, utmOf } from './click-tracking';
import type { Config } from '../config';
import { loadConfig } from '../config';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

type Row = Record<string, string | number | null>;
const events = (app: TestApp, linkId: number) =>
  app.query<Row>('SELECT target, referrer, language, country, utm_source, utm_medium, utm_campaign, visitor FROM click_events WHERE link_id = ? ORDER BY id', linkId);
const daily = (app: TestApp, linkId: number, dimension: string) =>
  app.query<Row>('SELECT day, value, count, uniques FROM click_daily WHERE link_id = ? AND dimension = ? ORDER BY day, value', linkId, dimension);

async function app(overrides: Partial<Config> = {}): Promise<TestApp> {
  t = await createTestApp(overrides);
  return t;
}

describe('what a click records', () => {
  it('the rule that served it: a targeting rule or the default url, and each rotation variant', async () => {
    const a = await app();
    const geo = await createLink(a, { url: 'https://world.example/', alias: 'geo', targets_type: 'countries', targets: [{ key: 'US', value: 'https://us.example/' }, { key: 'GB', value: 'https://gb.example/' }] });
    const rot = await createLink(a, { url: 'https://r.example/', alias: 'rot', targets_type: 'rotations', targets: [{ key: '3', value: 'https://r1.example/' }, { key: '1', value: 'https://r2.example/' }] });
    const plain = await createLink(a, { url: 'https://p.example/', alias: 'plain' });
    await visit(a, '/geo'); // 81.2.69.142: GB
    await visit(a, '/geo', { remoteAddress: '127.0.0.1' }); // no country: the link's url
    for (let i = 0; i < 4; i++) await visit(a, '/rot');
    await visit(a, '/plain');
    await flush(a);
    expect((await events(a, geo.id)).map((e) => e.target)).toEqual(['1:GB', 'default']);
    expect((await events(a, rot.id)).map((e) => e.target).sort()).toEqual(['0:3', '0:3', '0:3', '1:1']);
    expect((await events(a, plain.id)).map((e) => e.target)).toEqual([null]);
    expect(await daily(a, rot.id, 'target')).toEqual([
      { day: expect.any(String), value: '0:3', count: 3, uniques: 1 },
      { day: expect.any(String), value: '1:1', count: 1, uniques: 0 },
    ]);
  });

  it("UTM parameters from the short URL's query, else from the destination's", async () => {
    const a = await app();
    const l = await createLink(a, { url: 'https://d.example/?utm_source=newsletter&utm_medium=email', alias: 'u' });
    await visit(a, '/u');
    await visit(a, '/u?utm_source=twitter&utm_campaign=Spring%20sale');
    await flush(a);
    expect((await events(a, l.id)).map((e) => [e.utm_source, e.utm_medium, e.utm_campaign])).toEqual([
      ['newsletter', 'email', null],
      ['twitter', 'email', 'Spring sale'],
    ]);
    expect(utmOf('/x?utm_source=%01a%0A', 'https://d.example/')).toMatchObject({ utm_source: 'a' });
    expect(utmOf('/x?utm_source=' + 'y'.repeat(300), 'https://d.example/').utm_source).toHaveLength(255);
    expect(utmOf('/x', 'not a url?utm_term=z#frag').utm_term).toBe('z');
  });

  it('a visitor is one unique per link and day, whatever the batches; others are others', async () => {
    const a = await app();
    const l = await createLink(a, { url: 'https://d.example/', alias: 'v' });
    const other = await createLink(a, { url: 'https://d.example/', alias: 'w' });
    await visit(a, '/v');
    await flush(a);
    await visit(a, '/v'); // same visitor, a later batch
    await visit(a, '/v', { remoteAddress: '2.3.4.5' }); // another address
    await visit(a, '/v', { headers: { 'user-agent': SAFARI_IPHONE } }); // another browser
    await visit(a, '/w'); // same visitor, another link
    await flush(a);
    const markers = (await events(a, l.id)).map((e) => e.visitor);
    expect(markers[0]).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(markers[1]).toBe(markers[0]);
    expect(new Set(markers).size).toBe(3);
    expect((await events(a, other.id))[0]?.visitor).not.toBe(markers[0]);
    expect(await daily(a, l.id, 'clicks')).toEqual([{ day: expect.any(String), value: '', count: 4, uniques: 3 }]);
    const [hour] = await a.query<Row>('SELECT count, uniques FROM click_hourly WHERE link_id = ?', l.id);
    expect(hour).toEqual({ count: 4, uniques: 3 });
    const [account] = await a.query<Row>("SELECT count, uniques FROM click_account_daily WHERE space_id = -1 AND domain_id = -1 AND dimension = 'clicks'");
    expect(account).toEqual({ count: 5, uniques: 4 });
  });

  it('markers change at midnight UTC; salts are shared through the database and dropped after their day', async () => {
    const a = await app();
    const salts = new VisitorSalts(a.db.kysely);
    const before = Date.parse('2026-05-01T23:59:59Z');
    const after = Date.parse('2026-05-02T00:00:01Z');
    await salts.ensure(before);
    const m1 = salts.marker(before, '1.2.3.4', 'UA', 7);
    const m2 = salts.marker(before - 3_600_000, '1.2.3.4', 'UA', 7);
    const m3 = salts.marker(after, '1.2.3.4', 'UA', 7);
    expect(m1).toBe(m2);
    expect(m3).not.toBe(m1);
    expect(m3).not.toBeNull();
    // Another instance on the same database agrees.
    const twin = new VisitorSalts(a.db.kysely);
    await twin.ensure(after);
    expect(twin.marker(after, '1.2.3.4', 'UA', 7)).toBe(m3);
    expect(twin.marker(after, '1.2.3.4', 'UA', 8)).not.toBe(m3);
    // Two days on, the salt of May 1st is gone from the database: its markers cannot be recomputed.
    await salts.ensure(Date.parse('2026-05-03T12:00:00Z'));
    const keys = (await a.query<{ key: string }>("SELECT key FROM settings WHERE key LIKE 'visitor_salt:%' ORDER BY key")).map((r) => r.key);
    expect(keys).not.toContain('visitor_salt:2026-05-01');
    expect(keys).toContain('visitor_salt:2026-05-03');
    expect(salts.marker(before, '1.2.3.4', 'UA', 7)).toBeNull();
  });

  it('the writer counts a visitor once per day across the day boundary', async () => {
    const a = await app();
    const l = await createLink(a, { url: 'https://d.example/', alias: 'n' });
    const writer = a.app.redirectEngine.writer;
    const none = { country: null, continent: null, os: null, browser: null, device: null, language: null, referrer: null, target: null, utm_source: null, utm_medium: null, utm_campaign: null, utm_term: null, utm_content: null, source: null };
    const at = [Date.parse('2026-05-01T23:59:58Z'), Date.parse('2026-05-01T23:59:59Z'), Date.parse('2026-05-02T00:00:01Z')];
    writer.record(l.id, at[0]!, { ...none, visitor: 'day1marker' });
    writer.record(l.id, at[1]!, { ...none, visitor: 'day1marker' });
    writer.record(l.id, at[2]!, { ...none, visitor: 'day2marker' });
    await writer.flush();
    writer.record(l.id, at[2]! + 1000, { ...none, visitor: 'day2marker' });
    await writer.flush();
    expect(await daily(a, l.id, 'clicks')).toEqual([
      { day: '2026-05-01', value: '', count: 2, uniques: 1 },
      { day: '2026-05-02', value: '', count: 2, uniques: 1 },
    ]);
  });
});

describe('privacy switches', () => {
  it('DNT: 1 or Sec-GPC: 1 count the click without dimensions; RESPECT_DNT=0 ignores them', async () => {
    const a = await app();
    const l = await createLink(a, { url: 'https://d.example/?utm_source=x', alias: 'd' });
    await visit(a, '/d', { headers: { dnt: '1', referer: 'https://news.example/' } });
    await visit(a, '/d', { headers: { 'sec-gpc': '1' } });
    await flush(a);
    expect(await events(a, l.id)).toEqual([
      { target: null, referrer: null, language: null, country: null, utm_source: null, utm_medium: null, utm_campaign: null, visitor: null },
      { target: null, referrer: null, language: null, country: null, utm_source: null, utm_medium: null, utm_campaign: null, visitor: null },
    ]);
    expect(await daily(a, l.id, 'clicks')).toEqual([{ day: expect.any(String), value: '', count: 2, uniques: 0 }]);
    await a.close();
    const b = await app({ respectDnt: false });
    const m = await createLink(b, { url: 'https://d.example/', alias: 'd' });
    await visit(b, '/d', { headers: { dnt: '1' } });
    await flush(b);
    expect((await events(b, m.id))[0]?.country).toBe('GB');
  });

  it('TRACKING=anonymous: no marker, the referrer cut to its site; off: counts only', async () => {
    const a = await app({ tracking: 'anonymous' });
    const l = await createLink(a, { url: 'https://d.example/', alias: 'an' });
    await visit(a, '/an?utm_source=s', { headers: { referer: 'https://mail.google.co.uk/x', 'accept-language': 'de-DE' } });
    await flush(a);
    expect(await events(a, l.id)).toEqual([{ target: null, referrer: 'google.co.uk', language: 'de', country: 'GB', utm_source: 's', utm_medium: null, utm_campaign: null, visitor: null }]);
    await a.close();
    const b = await app({ tracking: 'off' });
    const m = await createLink(b, { url: 'https://d.example/', alias: 'off' });
    await visit(b, '/off?utm_source=s');
    await flush(b);
    expect((await events(b, m.id))[0]).toMatchObject({ country: null, utm_source: null, visitor: null });
    expect(await daily(b, m.id, 'clicks')).toEqual([{ day: expect.any(String), value: '', count: 1, uniques: 0 }]);
  });

  it('reads TRACKING and RESPECT_DNT from the environment', () => {
    expect(loadConfig({})).toMatchObject({ tracking: 'full', respectDnt: true });
    expect(loadConfig({ TRACKING: 'Anonymous', RESPECT_DNT: '0' })).toMatchObject({ tracking: 'anonymous', respectDnt: false });
    expect(() => loadConfig({ TRACKING: 'some' })).toThrow('TRACKING must be full, anonymous or off');
    expect(referrerSite('a.b.news.example')).toBe('news.example');
    expect(referrerSite('example.com')).toBe('example.com');
    expect(referrerSite('[::1]')).toBe('[::1]');
  });
});
