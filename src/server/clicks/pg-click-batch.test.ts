// The PostgreSQL batch writer stores the same events, rollups and counts as the SQLite one for the same
// batch, skips deleted links, and resumes a half-written batch without writing twice. Runs when
// TEST_DATABASE_URL is set (see db/postgres).
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/schema';
import { openBoth, TEST_DATABASE_URL, type BothDatabases } from '../test-utils/both-databases';
import { chunkMarkers, makeBatchWriter, summarizeChunk, type ClickBatch } from './click-batch';
import { makePgBatchWriter } from './pg-click-batch';

const STRINGS = [null, 'DE', 'EU', 'Windows', 'Chrome', 'desktop', 'de', 'news.example', 'US', 'NA', 'iOS', 'Safari', 'mobile', 'en', '0:DE', 'mail', 'visitor-a', 'visitor-b', 'qr'];

/** 4,500 clicks over links 1-3 and a link (4) that does not exist, on two days, with varied fields; every fifth a QR scan. */
function batch(): ClickBatch {
  const count = 4500;
  const nums = new Float64Array(2 * count);
  const refs = new Uint32Array(15 * count);
  for (let i = 0; i < count; i++) {
    nums[2 * i] = (i % 4) + 1;
    nums[2 * i + 1] = Date.parse('2026-11-21T23:00:00Z') + i * 1000; // crosses midnight
    const german = i % 3 !== 0;
    refs.set(german ? [1, 2, 3, 4, 5, 6, i % 5 ? 7 : 0, 14, 15] : [8, 9, 10, 11, 12, 13, 0, 0, 0], 15 * i);
    refs[15 * i + 13] = i % 5 === 0 ? 18 : 0; // source
    refs[15 * i + 14] = i % 7 === 0 ? 0 : (i >> 2) % 2 ? 16 : 17; // two visitors a link and day, some clicks without a marker
  }
  return { count, nums, refs, strings: STRINGS };
}

async function seed(db: Kysely<Database>): Promise<void> {
  const at = '2026-01-01T00:00:00.000Z';
  await db.insertInto('users').values({ id: 1, name: 'u', role: 'user', api_key_hash: 'k', created_at: at, updated_at: at }).execute();
  await db.insertInto('links').values([1, 2, 3].map((id) => ({ id, user_id: 1, alias: `a${id}`, url: 'https://e.example/', targets: '[]', sensitive_content: 0, privacy: 0, disabled: 0, created_at: at, updated_at: at }))).execute();
}

async function stored(db: Kysely<Database>) {
  const events = await sql<Record<string, unknown>>`SELECT link_id, clicked_at, country, continent, os, browser, device, language, referrer,
    target, utm_source, utm_campaign, source, visitor
    FROM click_events ORDER BY link_id, clicked_at`.execute(db);
  const daily = await sql<Record<string, unknown>>`SELECT link_id, day, dimension, value, count, uniques, qr FROM click_daily
    ORDER BY link_id, day, dimension, value`.execute(db);
  const account = await sql<Record<string, unknown>>`SELECT user_id, space_id, domain_id, dimension, day, value, count, uniques, qr
    FROM click_account_daily ORDER BY user_id, space_id, domain_id, dimension, day, value`.execute(db);
  const hourly = await sql<Record<string, unknown>>`SELECT link_id AS scope, hour, count, uniques, qr FROM click_hourly
    UNION ALL SELECT space_id * 10 + domain_id, hour, count, uniques, qr FROM click_account_hourly ORDER BY 1, 2`.execute(db);
  const clicks = await sql<{ id: number; clicks: number }>`SELECT id, clicks FROM links ORDER BY id`.execute(db);
  const numbers = (rows: Record<string, unknown>[]) => rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && /^-?\d+$/.test(v) && k !== 'value' ? Number(v) : v])));
  return { events: events.rows, daily: numbers(daily.rows), account: numbers(account.rows), hourly: numbers(hourly.rows), clicks: clicks.rows };
}

describe.skipIf(!TEST_DATABASE_URL)('click batches on PostgreSQL', () => {
  let both: BothDatabases;
  beforeAll(async () => {
    both = await openBoth(seed);
  });
  afterAll(async () => {
    await both?.close();
  });

  it('stores what SQLite stores, and resumes a failed batch from where it stopped', async () => {
    const { lite, pg: pgdb } = both;
    makeBatchWriter(lite.sqlite)(batch());
    const pgBatch = batch();
    const write = makePgBatchWriter(pgdb.pool, 2000, summarizeChunk, chunkMarkers);
    // Fail the third chunk (of 2,000) once, as a lost connection would.
    await pgdb.pool.query(`CREATE FUNCTION fail_once() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF (SELECT count(*) FROM click_events) >= 3000 THEN RAISE EXCEPTION 'connection lost'; END IF; RETURN NEW; END $$`);
    await pgdb.pool.query('CREATE TRIGGER fail_once BEFORE INSERT ON click_events FOR EACH STATEMENT EXECUTE FUNCTION fail_once()');
    await expect(write(pgBatch)).rejects.toThrow('connection lost');
    expect(pgBatch.done).toBe(4000);
    await pgdb.pool.query('DROP TRIGGER fail_once ON click_events');
    await write(pgBatch);
    const [a, b] = await Promise.all([stored(lite.kysely), stored(pgdb.kysely)]);
    expect(b.clicks.map((r) => ({ id: Number(r.id), clicks: Number(r.clicks) }))).toEqual(a.clicks);
    expect(a.clicks.map((r) => r.clicks)).toEqual([1125, 1125, 1125]); // link 4 does not exist: skipped
    expect(b.events).toEqual(a.events);
    expect(b.daily).toEqual(a.daily);
    expect(b.account).toEqual(a.account);
    expect(b.hourly).toEqual(a.hourly);
    expect(a.daily.length).toBeGreaterThan(30);
    // Per link and day: two visitors, so two uniques; the account's any/any row sums the three links.
    expect(a.daily.filter((r) => r.dimension === 'clicks').map((r) => r.uniques)).toEqual([2, 2, 2, 2, 2, 2]);
    expect(a.account.filter((r) => r.dimension === 'clicks' && r.space_id === -1 && r.domain_id === -1).map((r) => r.uniques)).toEqual([6, 6]);
    expect(a.account.filter((r) => r.dimension === 'target').length).toBeGreaterThan(0);
    // Every fifth click a QR scan: the events say so, and each rollup counts them (675 of the 3,375 clicks of links 1-3).
    expect(a.events.filter((e) => e.source === 'qr')).toHaveLength(675);
    const qr = (rows: Record<string, unknown>[]) => rows.reduce((n, r) => n + Number(r.qr), 0);
    expect(qr(a.daily.filter((r) => r.dimension === 'clicks'))).toBe(675);
    expect(qr(a.account.filter((r) => r.dimension === 'clicks' && r.space_id === -1 && r.domain_id === -1))).toBe(675);
    expect(qr(a.hourly.filter((r) => r.scope === -11))).toBe(675);
  });
});
