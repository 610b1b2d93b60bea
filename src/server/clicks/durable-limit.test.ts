// Limited links' clicks go to the limit journal before the redirect; after a crash its replay restores
// links.clicks exactly. The batch writer records how far the journal is applied, chunk by chunk.
import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { createLink, dbClicks, eventCount, flush, updateLink, visit } from '../redirect/test-helpers';
import { CLICK_FIELDS, makeBatchWriter } from './click-batch';
import { JOURNAL_OFFSET_KEY, LimitJournal } from './limit-journal';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const journalOf = (t: TestApp) => t.app.redirectEngine.journal as LimitJournal;
const offset = (t: TestApp) => Number(t.sqlite.prepare('SELECT value FROM settings WHERE key = ?').pluck().get(JOURNAL_OFFSET_KEY));
const records = (file: string) => [...new Uint32Array(new Uint8Array(fs.readFileSync(file)).buffer)];

describe('limit journal', () => {
  it('holds each passed click of a limited link (not of others) until the batch is written, then starts anew', async () => {
    const limited = await createLink(t, { url: 'https://example.com/', alias: 'lim', clicks_limit: 5 });
    await createLink(t, { url: 'https://example.com/', alias: 'free' });
    const journal = journalOf(t);
    for (let i = 0; i < 3; i++) {
      expect((await visit(t, '/lim')).statusCode).toBe(302);
      expect((await visit(t, '/free')).statusCode).toBe(302);
    }
    expect(records(journal.file)).toEqual([limited.id, limited.id, limited.id]);
    await flush(t);
    expect(await dbClicks(t, limited.id)).toBe(3);
    expect(await eventCount(t, limited.id)).toBe(3);
    expect(fs.statSync(journal.file).size).toBe(0);
    expect(offset(t)).toBe(0);
    for (let i = 0; i < 2; i++) await visit(t, '/lim');
    expect((await visit(t, '/lim')).statusCode).toBe(410); // refused visits are not journaled
    expect(records(journal.file)).toEqual([limited.id, limited.id]);
  });

  it('a replay adds exactly the records past the stored offset (a crash between write and batch)', async () => {
    const a = await createLink(t, { url: 'https://example.com/', alias: 'a', clicks_limit: 100 });
    const b = await createLink(t, { url: 'https://example.com/', alias: 'b', clicks_limit: 100 });
    const file = `${t.dir}/replay.journal`;
    // Six records; the database says the first two were written already.
    fs.writeFileSync(file, Buffer.from(new Uint32Array([a.id, b.id, a.id, a.id, b.id, a.id]).buffer));
    t.sqlite.prepare('UPDATE settings SET value = ? WHERE key = ?').run('8', JOURNAL_OFFSET_KEY);
    const before = [await dbClicks(t, a.id), await dbClicks(t, b.id)];
    const journal = new LimitJournal(file, t.sqlite);
    expect(journal.replayed).toBe(4);
    expect([(await dbClicks(t, a.id)) - before[0]!, (await dbClicks(t, b.id)) - before[1]!]).toEqual([3, 1]);
    expect(fs.statSync(file).size).toBe(0);
    expect(offset(t)).toBe(0);
    journal.close();
  });

  it('an offset past the end (truncated, then a crash before the reset) and a torn last record replay nothing twice', async () => {
    const a = await createLink(t, { url: 'https://example.com/', alias: 'a', clicks_limit: 100 });
    const file = `${t.dir}/torn.journal`;
    fs.writeFileSync(file, Buffer.alloc(0));
    t.sqlite.prepare('UPDATE settings SET value = ? WHERE key = ?').run('400', JOURNAL_OFFSET_KEY);
    expect(new LimitJournal(file, t.sqlite).replayed).toBe(0);
    fs.writeFileSync(file, Buffer.concat([Buffer.from(new Uint32Array([a.id]).buffer), Buffer.from([1, 2])]));
    const j = new LimitJournal(file, t.sqlite);
    expect(j.replayed).toBe(1);
    expect(await dbClicks(t, a.id)).toBe(1);
    j.close();
  });

  it('a limit set on a link with clicks still queued counts them too', async () => {
    const l = await createLink(t, { url: 'https://example.com/', alias: 'late' });
    for (let i = 0; i < 5; i++) await visit(t, '/late'); // queued, not yet in links.clicks
    await updateLink(t, l.id, { clicks_limit: 7 });
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await visit(t, '/late')).statusCode);
    expect(codes).toEqual([302, 302, 410, 410, 410]);
    await flush(t);
    expect(await dbClicks(t, l.id)).toBe(7);
  });
});

describe('batch writer', () => {
  it('writes a batch larger than a chunk in several transactions, moving the journal offset with each, and resumes after a failure without writing twice', async () => {
    const l = await createLink(t, { url: 'https://example.com/', alias: 'many' });
    const count = 4500;
    const nums = new Float64Array(2 * count);
    for (let i = 0; i < count; i++) {
      nums[2 * i] = i % 2 ? -l.id : l.id; // every other click journaled
      nums[2 * i + 1] = Date.now();
    }
    const batch = { count, nums, refs: new Uint32Array(CLICK_FIELDS.length * count), strings: [null], journalStart: 40 };
    const write = makeBatchWriter(t.sqlite);
    // Fail the third chunk once: the first two stay written, the retry goes on from there.
    t.sqlite.exec(`CREATE TEMP TRIGGER fail_once BEFORE INSERT ON click_events
      WHEN (SELECT count(*) FROM click_events) = 4000 BEGIN SELECT RAISE(ABORT, 'disk full'); END`);
    expect(() => write(batch)).toThrow('disk full');
    expect(batch).toMatchObject({ done: 4000, journaled: 2000 });
    expect(offset(t)).toBe(40 + 4 * 2000);
    t.sqlite.exec('DROP TRIGGER fail_once');
    write(batch);
    expect(await eventCount(t, l.id)).toBe(count);
    expect(await dbClicks(t, l.id)).toBe(count);
    expect(offset(t)).toBe(40 + 4 * 2250);
  });
});
