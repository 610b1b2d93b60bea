// Safe upgrades on SQLite: a snapshot before a pending migration, the newest 3 kept, and a failing
// migration that leaves the file exactly as it was (every table's rows and the whole schema).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely, type Migration } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { MIGRATIONS } from './migrations/migration-list';
import { DatabaseStartError } from './postgres/open-postgres';
import { fileChecksum } from '../test-utils/db-checksum';

let dir = '';
let file = '';
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkdeck-upgrade-'));
  file = path.join(dir, 'linkdeck.db');
  const db = await openDatabase(file);
  db.sqlite.exec(`INSERT INTO users (id, name, role, api_key_hash, created_at, updated_at) VALUES (1, 'u', 'admin', 'h', 'x', 'x');
    INSERT INTO links (user_id, alias, url, title, clicks, created_at, updated_at) VALUES (1, 'a', 'https://a.example/', 'A', 7, 'x', 'x'), (1, 'b', 'https://b.example/', 'B', 3, 'x', 'x');
    INSERT INTO settings (key, value) VALUES ('upgrade-test', 'kept');`);
  await db.close();
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const up = (fn: (db: Kysely<unknown>) => Promise<unknown>): Migration & { postgres: string[] } => ({ up: async (db) => void (await fn(db)), postgres: [] });

/** A migration that changes a lot (a new table, a column, rows, an index) in its own transaction too. */
const good = up(async (db) => {
  await sql`CREATE TABLE upgrade_notes (id INTEGER PRIMARY KEY, note TEXT NOT NULL)`.execute(db);
  await db.transaction().execute(async (trx) => {
    await sql`INSERT INTO upgrade_notes (note) VALUES ('one'), ('two')`.execute(trx);
    await sql`UPDATE links SET title = title || ' (upgraded)', clicks = clicks + 100`.execute(trx);
  });
});
const broken = up(async (db) => {
  await sql`ALTER TABLE links ADD COLUMN upgraded INTEGER NOT NULL DEFAULT 1`.execute(db);
  await sql`CREATE INDEX links_upgraded ON links (upgraded)`.execute(db);
  await sql`DELETE FROM settings WHERE key = 'upgrade-test'`.execute(db);
  throw new Error('boom in the middle');
});

describe('upgrading a SQLite file', () => {
  it('a failing migration after a good one: the start stops with one line naming it and the snapshot, and nothing changed', async () => {
    const before = fileChecksum(file);
    const err = await openDatabase(file, { ...MIGRATIONS, '900-good': good, '901-broken': broken }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DatabaseStartError);
    const message = (err as Error).message;
    expect(message).not.toContain('\n');
    expect(message).toContain('migration 901-broken failed: boom in the middle; the database is unchanged');
    const snapshot = `${file}.before-900-good`;
    expect(message).toContain(snapshot);
    // Every row of every table and every CREATE statement, as before the start; the snapshot too.
    expect(fileChecksum(file)).toEqual(before);
    expect(fileChecksum(snapshot)).toEqual(before);
    // And the same file opens again with the real list, as if nothing had happened.
    const db = await openDatabase(file);
    expect(db.sqlite.prepare('SELECT sum(clicks) FROM links').pluck().get()).toBe(10);
    await db.close();
  });

  it('a pending migration on a file with data: snapshot first, then applied; the newest 3 snapshots are kept', async () => {
    const before = fileChecksum(file);
    const names = ['900-a', '901-b', '902-c', '903-d'];
    let list: Record<string, Migration> = { ...MIGRATIONS };
    for (const name of names) {
      list = { ...list, [name]: up(async (db) => sql`INSERT INTO settings (key, value) VALUES (${name}, 'x')`.execute(db)) };
      const db = await openDatabase(file, list);
      expect(db.sqlite.prepare('SELECT value FROM settings WHERE key = ?').pluck().get(name)).toBe('x');
      await db.close();
    }
    expect(fileChecksum(`${file}.before-901-b`).tables.settings).not.toEqual(before.tables.settings);
    const left = fs.readdirSync(dir).filter((n) => n.includes('.before-')).sort();
    expect(left).toEqual(['linkdeck.db.before-901-b', 'linkdeck.db.before-902-c', 'linkdeck.db.before-903-d']);
    // Nothing pending: no new snapshot.
    await (await openDatabase(file, list)).close();
    expect(fs.readdirSync(dir).filter((n) => n.includes('.before-'))).toHaveLength(3);
  });

  it('a new, empty file gets no snapshot', async () => {
    const fresh = path.join(dir, 'fresh.db');
    await (await openDatabase(fresh)).close();
    expect(fs.readdirSync(dir).filter((n) => n.startsWith('fresh.db.before-'))).toEqual([]);
  });
});
