// The click writer on its own: batches in both modes (a thread for a database file, this thread for an
// in-memory one), the string table across batches and after it starts anew, deleted links skipped.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type SqliteDb } from '../db/database';
import { ClickWriter } from './click-writer';
import type { ClickFields } from './click-tracking';

let db: SqliteDb;
let dir = '';
afterEach(async () => {
  await db.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const fields = (referrer: string | null, country: string | null = 'GB'): ClickFields => ({
  country,
  continent: country ? 'EU' : null,
  os: 'Windows',
  browser: 'Chrome',
  device: 'Desktop',
  language: 'en',
  referrer,
  target: null,
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  utm_term: null,
  utm_content: null,
  source: null,
  visitor: null,
});

async function seed(inMemory: boolean): Promise<void> {
  dir = inMemory ? '' : fs.mkdtempSync(path.join(os.tmpdir(), 'linkdeck-writer-'));
  db = await openDatabase(inMemory ? ':memory:' : path.join(dir, 'w.db'));
  db.sqlite.exec(`INSERT INTO users (id, name, role, api_key_hash, created_at, updated_at) VALUES (1, 'u', 'admin', 'h', 'x', 'x');
    INSERT INTO links (id, user_id, alias, url, created_at, updated_at) VALUES (1, 1, 'a', 'https://a.example/', 'x', 'x'), (2, 1, 'b', 'https://b.example/', 'x', 'x');`);
}

describe.each([
  ['a writer thread (database file)', false],
  ['this thread (in-memory database)', true],
])('ClickWriter on %s', (_name, inMemory) => {
  it('stores every field through several batches while the string table starts anew', async () => {
    await seed(inMemory);
    const writer = new ClickWriter(db.sqlite, { maxStrings: 3, flushEveryMs: 60_000 });
    const at = Date.parse('2026-03-04T05:06:07.089Z');
    const expected: (string | null)[] = [];
    for (let batch = 0; batch < 4; batch++) {
      for (let i = 0; i < 5; i++) {
        const referrer = i === 4 ? null : `ref${batch}-${i}.example`;
        writer.record(1 + (i % 2), at + batch * 10 + i, fields(referrer, i === 3 ? null : 'GB'));
        expected.push(referrer);
      }
      await writer.flush();
    }
    await writer.close();
    const rows = db.sqlite.prepare('SELECT link_id, clicked_at, country, continent, os, browser, device, language, referrer FROM click_events ORDER BY id').all() as Record<string, unknown>[];
    expect(rows.map((r) => r.referrer)).toEqual(expected);
    expect(rows[0]).toEqual({ link_id: 1, clicked_at: '2026-03-04T05:06:07.089Z', country: 'GB', continent: 'EU', os: 'Windows', browser: 'Chrome', device: 'Desktop', language: 'en', referrer: 'ref0-0.example' });
    expect(rows[3]).toMatchObject({ link_id: 2, country: null, continent: null });
    const clicks = db.sqlite.prepare('SELECT id, clicks FROM links ORDER BY id').all();
    expect(clicks).toEqual([{ id: 1, clicks: 12 }, { id: 2, clicks: 8 }]);
    const rollup = (dimension: string) =>
      db.sqlite.prepare("SELECT value, count FROM click_daily WHERE day = '2026-03-04' AND dimension = ? ORDER BY value, link_id").all(dimension);
    expect(rollup('clicks')).toEqual([{ value: '', count: 12 }, { value: '', count: 8 }]);
    expect(rollup('country')).toEqual([{ value: 'GB', count: 12 }, { value: 'GB', count: 4 }]);
    expect((rollup('referrer') as unknown[]).length).toBe(16);
  });

  it('skips the clicks of a link deleted before the batch is written', async () => {
    await seed(inMemory);
    const writer = new ClickWriter(db.sqlite, { flushEveryMs: 60_000 });
    writer.record(1, Date.now(), fields(null));
    writer.record(2, Date.now(), fields(null));
    db.sqlite.prepare('DELETE FROM links WHERE id = 2').run();
    await writer.close();
    expect(db.sqlite.prepare('SELECT link_id FROM click_events').pluck().all()).toEqual([1]);
    expect(db.sqlite.prepare('SELECT clicks FROM links WHERE id = 1').pluck().get()).toBe(1);
  });
});
