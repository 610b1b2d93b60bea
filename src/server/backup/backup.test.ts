// A backup taken while API writes and redirects run, restored into a fresh directory: every link, click
// count and setting is there (counts, and a checksum of the links table), and the restored file serves.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { databaseChecksum, tableChecksum } from '../test-utils/db-checksum';
import { openDatabase } from '../db/database';
import { startBackup } from './backup-job';
import { listBackups } from './backup-files';
import { restoreBackup } from './restore';

const SEEDED = 10_000;
let t: TestApp;
let base = '';
const dirs: string[] = [];

function tempDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'linkdeck-backup-'));
  dirs.push(d);
  return d;
}

beforeAll(async () => {
  t = await createTestApp();
  const insert = t.sqlite.prepare("INSERT INTO links (user_id, alias, url, title, created_at, updated_at) VALUES (?, ?, ?, ?, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')");
  t.sqlite.transaction(() => {
    for (let i = 0; i < SEEDED; i++) insert.run(t.userId, `seed-${i}`, `https://example.com/seed/${i}?q=${'x'.repeat(i % 50)}`, `Seeded link ${i}`);
  })();
  t.sqlite.prepare("INSERT INTO settings (key, value) VALUES ('backup-test', 'a setting')").run();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const visit = (alias: string) => fetch(`${base}/${alias}`, { redirect: 'manual', headers: { 'user-agent': CHROME } });
const linksWithoutClicks = (s: SQLite.Database, maxId: number) =>
  s.prepare('SELECT id, user_id, domain_id, alias, url, title, targets, disabled, created_at, updated_at FROM links WHERE id <= ? ORDER BY id').raw().all(maxId);
const settingsOf = (s: SQLite.Database) => Object.fromEntries(s.prepare("SELECT key, value FROM settings WHERE key <> 'limit_journal_offset' ORDER BY key").raw().all() as [string, string][]);

describe('backup and restore', () => {
  it('backs up while API writes and redirects run; the restored copy has every link, click and setting', { timeout: 90_000 }, async () => {
    // Clicks before the backup, written to the database.
    for (let i = 0; i < 20; i++) expect((await visit(`seed-${i % 5}`)).status).toBe(302);
    await t.app.redirectEngine.writer.flush();
    const clicksBefore = t.sqlite.prepare('SELECT sum(clicks) FROM links').pluck().get() as number;
    expect(clicksBefore).toBe(20);
    const idsBefore = t.sqlite.prepare('SELECT max(id) FROM links').pluck().get() as number;

    const backupDir = tempDir();
    const backup = startBackup({ dbFile: t.sqlite.name, backupDir, keep: 5 });
    let finished = false;
    void backup.result.finally(() => (finished = true)).catch(() => undefined);
    let created = 0;
    let visits = 0;
    // The load runs until the backup is done, one write and a few visits at a time.
    while (!finished) {
      const res = await t.as(t.userKey, { method: 'POST', url: '/api/v1/links', payload: { url: `https://example.com/during/${created}`, alias: `during-${created}` } });
      expect(res.statusCode).toBe(201);
      created++;
      for (let i = 0; i < 3; i++) {
        expect((await visit(`seed-${(visits + i) % 7}`)).status).toBe(302);
      }
      visits += 3;
    }
    const result = await backup.result;
    expect(created).toBeGreaterThan(0);
    expect(result.links).toBeGreaterThanOrEqual(idsBefore);
    await t.app.redirectEngine.writer.flush();

    const fresh = path.join(tempDir(), 'linkdeck.db');
    const restored = await restoreBackup(result.file, fresh);
    expect(restored).toEqual({ links: result.links, aside: null });
    const r = new SQLite(fresh, { readonly: true });
    try {
      const maxId = r.prepare('SELECT max(id) FROM links').pluck().get() as number;
      expect(r.prepare('SELECT count(*) FROM links').pluck().get()).toBe(maxId); // no gap: a prefix of the writes
      expect(maxId).toBeGreaterThanOrEqual(idsBefore);
      // Every link as the server has it (clicks apart: the server kept counting after the snapshot).
      expect(linksWithoutClicks(r, maxId)).toEqual(linksWithoutClicks(t.sqlite, maxId));
      const restoredClicks = r.prepare('SELECT sum(clicks) FROM links').pluck().get() as number;
      expect(restoredClicks).toBeGreaterThanOrEqual(clicksBefore);
      expect(restoredClicks).toBeLessThanOrEqual(clicksBefore + visits);
      expect(settingsOf(r)).toEqual(settingsOf(t.sqlite));
    } finally {
      r.close();
    }
  });

  it('a backup of the resting database restores exactly: same counts, same links checksum, same rows everywhere', { timeout: 90_000 }, async () => {
    await t.app.redirectEngine.writer.flush();
    const backupDir = tempDir();
    const result = await startBackup({ dbFile: t.sqlite.name, backupDir, keep: 5 }).result;
    expect(listBackups(backupDir).map((b) => b.file)).toEqual([result.file]);
    const fresh = path.join(tempDir(), 'linkdeck.db');
    await restoreBackup(result.file, fresh);
    const r = new SQLite(fresh, { readonly: true });
    const live = databaseChecksum(t.sqlite);
    const copy = databaseChecksum(r);
    expect(tableChecksum(r, 'links')).toBe(tableChecksum(t.sqlite, 'links'));
    for (const table of ['links', 'users', 'settings', 'click_events']) {
      expect(r.prepare(`SELECT count(*) FROM ${table}`).pluck().get(), table).toBe(t.sqlite.prepare(`SELECT count(*) FROM ${table}`).pluck().get());
    }
    expect(r.prepare('SELECT sum(clicks) FROM links').pluck().get()).toBe(t.sqlite.prepare('SELECT sum(clicks) FROM links').pluck().get());
    r.close();
    expect(copy.schema).toEqual(live.schema);
    // Every table's rows; the limit journal's offset is reset by the restore (no journal comes with it).
    expect({ ...copy.tables, settings: '' }).toEqual({ ...live.tables, settings: '' });
    expect(settingsOf(new SQLite(fresh, { readonly: true }))).toEqual(settingsOf(t.sqlite));
    // The server starts on it: nothing to migrate, and a link of the backup redirects.
    const db = await openDatabase(fresh);
    expect(db.sqlite.prepare("SELECT url FROM links WHERE alias = 'during-0'").pluck().get()).toBe('https://example.com/during/0');
    await db.close();
  });
});
