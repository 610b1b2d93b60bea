// Limited links are counted in the database before the visitor is sent on; unlimited ones in batches.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { createLink, dbClicks, eventCount, flush, updateLink, visit } from '../redirect/test-helpers';
import { makeBatchWriter } from './click-batch';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('durable clicks_limit', () => {
  it('a limited link has each passed click in links.clicks when the redirect is answered; the batch does not add it again', async () => {
    const limited = await createLink(t, { url: 'https://example.com/', alias: 'lim', clicks_limit: 5 });
    const free = await createLink(t, { url: 'https://example.com/', alias: 'free' });
    for (let i = 1; i <= 3; i++) {
      expect((await visit(t, '/lim')).statusCode).toBe(302);
      expect(dbClicks(t, limited.id)).toBe(i); // already stored, no flush needed
      expect((await visit(t, '/free')).statusCode).toBe(302);
    }
    expect(dbClicks(t, free.id)).toBe(0); // batched
    await flush(t);
    expect(dbClicks(t, limited.id)).toBe(3);
    expect(eventCount(t, limited.id)).toBe(3);
    expect(dbClicks(t, free.id)).toBe(3);
    for (let i = 0; i < 4; i++) await visit(t, '/lim');
    expect(dbClicks(t, limited.id)).toBe(5);
    expect((await visit(t, '/lim')).statusCode).toBe(410);
    await flush(t);
    expect(dbClicks(t, limited.id)).toBe(5);
    expect(eventCount(t, limited.id)).toBe(5);
  });

  it('a limit set on a link with clicks still queued counts them too', async () => {
    const l = await createLink(t, { url: 'https://example.com/', alias: 'late' });
    for (let i = 0; i < 5; i++) await visit(t, '/late'); // queued, not yet in links.clicks
    await updateLink(t, l.id, { clicks_limit: 7 });
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await visit(t, '/late')).statusCode);
    expect(codes).toEqual([302, 302, 410, 410, 410]);
    await flush(t);
    expect(dbClicks(t, l.id)).toBe(7);
  });

  it('refuses when the stored count already reached the limit (another writer, or a restart)', async () => {
    const l = await createLink(t, { url: 'https://example.com/', alias: 'full', clicks_limit: 10 });
    expect((await visit(t, '/full')).statusCode).toBe(302);
    t.db.sqlite.prepare('UPDATE links SET clicks = 10 WHERE id = ?').run(l.id);
    expect((await visit(t, '/full')).statusCode).toBe(410);
    expect(dbClicks(t, l.id)).toBe(10);
  });
});

describe('batch writer', () => {
  it('writes a batch larger than a chunk in several transactions, and resumes after a failure without writing twice', async () => {
    const l = await createLink(t, { url: 'https://example.com/', alias: 'many' });
    const count = 4500;
    const nums = new Float64Array(2 * count);
    for (let i = 0; i < count; i++) {
      nums[2 * i] = l.id;
      nums[2 * i + 1] = Date.now();
    }
    const batch = { count, nums, refs: new Uint32Array(7 * count), strings: [null] };
    const write = makeBatchWriter(t.db.sqlite);
    // Fail the third chunk once: the first two stay written, the retry goes on from there.
    t.db.sqlite.exec(`CREATE TEMP TRIGGER fail_once BEFORE INSERT ON click_events
      WHEN (SELECT count(*) FROM click_events) = 4000 BEGIN SELECT RAISE(ABORT, 'disk full'); END`);
    expect(() => write(batch)).toThrow('disk full');
    expect(batch).toMatchObject({ done: 4000 });
    t.db.sqlite.exec('DROP TRIGGER fail_once');
    write(batch);
    expect(eventCount(t, l.id)).toBe(count);
    expect(dbClicks(t, l.id)).toBe(count);
  });
});
