// Migrations on a database that already holds data: nothing is lost on the way to the latest version.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type Migration } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import * as m001 from './migrations/001-initial';
import * as m002 from './migrations/002-list-performance';
import { MIGRATIONS } from './migrations/migration-list';

let dir = '';
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A database made at migration 002 (with data), then opened: every later migration has run on it. */
async function migratedFrom002() {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkdeck-migrate-'));
  const file = path.join(dir, 'old.db');
  await databaseAt002(file);
  const db = await openDatabase(file);
  return { db, s: db.sqlite };
}

/** A database file migrated only up to 002, with two links and three click events. */
async function databaseAt002(file: string): Promise<void> {
  const sqlite = new SQLite(file);
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<never>({ dialect: new SqliteDialect({ database: sqlite }) });
  const migrations: Record<string, Migration> = { '001-initial': m001, '002-list-performance': m002 };
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest();
  if (error) throw error;
  sqlite.exec(`INSERT INTO users (id, name, role, api_key_hash, created_at, updated_at) VALUES (1, 'u', 'admin', 'h', 'x', 'x');
    INSERT INTO domains (id, user_id, name, created_at, updated_at) VALUES (1, 1, 'old.example.com', 'x', 'x');
    INSERT INTO links (id, user_id, alias, url, created_at, updated_at) VALUES (1, 1, 'a', 'https://a.example/', 'x', 'x'), (2, 1, 'b', 'https://b.example/', 'x', 'x');
    INSERT INTO click_events (link_id, clicked_at, country, browser) VALUES (1, '2026-01-01T00:00:00.000Z', 'GB', 'Chrome'),
      (1, '2026-01-02T00:00:00.000Z', NULL, 'Safari'), (2, '2026-01-03T00:00:00.000Z', 'DE', NULL);`);
  await db.destroy();
}

describe('003-lean-click-events', () => {
  it('keeps every event, drops AUTOINCREMENT and the clicked_at index, and still cascades link deletes', async () => {
    const { db, s } = await migratedFrom002();
    expect(s.prepare('SELECT id, link_id, clicked_at, country, browser FROM click_events ORDER BY id').all()).toEqual([
      { id: 1, link_id: 1, clicked_at: '2026-01-01T00:00:00.000Z', country: 'GB', browser: 'Chrome' },
      { id: 2, link_id: 1, clicked_at: '2026-01-02T00:00:00.000Z', country: null, browser: 'Safari' },
      { id: 3, link_id: 2, clicked_at: '2026-01-03T00:00:00.000Z', country: 'DE', browser: null },
    ]);
    const sqlOf = (name: string) => s.prepare('SELECT sql FROM sqlite_master WHERE name = ?').pluck().get(name) as string | undefined;
    expect(sqlOf('click_events')).not.toMatch(/AUTOINCREMENT/i);
    expect(sqlOf('click_events_link')).toMatch(/\(link_id\)/);
    expect(sqlOf('click_events_time')).toBeUndefined();
    expect(s.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    s.prepare('DELETE FROM links WHERE id = 1').run();
    expect(s.prepare('SELECT link_id FROM click_events').pluck().all()).toEqual([2]);
    await db.close();
  });
});

describe('005-domain-https', () => {
  it('gives domains that already exist no choice (NULL: the scheme of BASE_URL, as before); new rows may set it', async () => {
    const { db, s } = await migratedFrom002();
    expect(s.prepare('SELECT id, name, https FROM domains').all()).toEqual([{ id: 1, name: 'old.example.com', https: null }]);
    s.prepare(`INSERT INTO domains (user_id, name, https, created_at, updated_at) VALUES (1, 'new.example.com', 0, 'x', 'x')`).run();
    expect(s.prepare('SELECT https FROM domains WHERE name = ?').pluck().get('new.example.com')).toBe(0);
    await db.close();
  });
});

describe('006-operations', () => {
  it('adds the empty operations tables to a database with links, and a DELETE of a user takes its operations along', async () => {
    const { db, s } = await migratedFrom002();
    for (const table of ['operations', 'operation_links', 'operation_link_pixels', 'operation_deleted_links', 'operation_click_events', 'operation_click_daily']) {
      expect(s.prepare(`SELECT count(*) FROM ${table}`).pluck().get()).toBe(0);
    }
    expect(s.prepare('SELECT count(*) FROM links').pluck().get()).toBe(2);
    s.prepare(`INSERT INTO operations (user_id, kind, selection, changes, count, created_at, undo_until) VALUES (1, 'delete', '{}', '{}', 1, 'x', 'y')`).run();
    s.prepare('INSERT INTO operation_links (operation_id, link_id, updated_at) VALUES (1, 1, ?)').run('x');
    s.prepare('DELETE FROM users WHERE id = 1').run();
    expect(s.prepare('SELECT count(*) FROM operation_links').pluck().get()).toBe(0);
    await db.close();
  });
});

describe('010-utm-templates', () => {
  it('adds the UTM templates table to a database with data; names are unique per account; an account takes its templates with it', async () => {
    const { db, s } = await migratedFrom002();
    expect(s.prepare('SELECT count(*) FROM links').pluck().get()).toBe(2);
    const insert = s.prepare(`INSERT INTO utm_templates (user_id, name, utm_source, created_at, updated_at) VALUES (1, 'Newsletter', 'nl', 'x', 'x')`);
    insert.run();
    expect(() => insert.run()).toThrow(/UNIQUE/);
    s.prepare('DELETE FROM users WHERE id = 1').run();
    expect(s.prepare('SELECT count(*) FROM utm_templates').pluck().get()).toBe(0);
    await db.close();
  });
});

describe('007-imports', () => {
  it('adds the imports table to a database with data; an account takes its import jobs with it', async () => {
    const { db, s } = await migratedFrom002();
    expect(s.prepare('SELECT count(*) FROM links').pluck().get()).toBe(2);
    s.prepare(`INSERT INTO imports (user_id, status, source, on_conflict, created_at, updated_at) VALUES (1, 'queued', 'bitly', 'skip', 'x', 'x')`).run();
    expect(s.prepare('SELECT rows_read, created, failures, partial FROM imports').get()).toEqual({ rows_read: 0, created: 0, failures: '[]', partial: 0 });
    s.prepare('DELETE FROM users WHERE id = 1').run();
    expect(s.prepare('SELECT count(*) FROM imports').pluck().get()).toBe(0);
    await db.close();
  });
});

describe('008-analytics', () => {
  it('adds the click columns, uniques and the analytics rollups to a database with clicks; they go with their link or account', async () => {
    const { db, s } = await migratedFrom002();
    s.prepare("INSERT INTO click_daily (link_id, day, dimension, value, count) VALUES (1, '2026-01-01', 'clicks', '', 3)").run();
    expect(s.prepare('SELECT count, uniques FROM click_daily').get()).toEqual({ count: 3, uniques: 0 });
    s.prepare("INSERT INTO click_events (link_id, clicked_at, target, utm_source, visitor) VALUES (1, 'x', '0:DE', 'mail', 'm')").run();
    s.prepare("INSERT INTO click_hourly (link_id, hour, count) VALUES (1, '2026-01-01T10', 1)").run();
    s.prepare("INSERT INTO click_visitors (link_id, day, visitor) VALUES (1, '2026-01-01', 'm')").run();
    s.prepare("INSERT INTO click_account_daily (user_id, space_id, domain_id, dimension, day, value, count) VALUES (1, -1, -1, 'link', '2026-01-01', '1', 1)").run();
    s.prepare("INSERT INTO click_account_hourly (user_id, space_id, domain_id, hour, count) VALUES (1, -1, -1, '2026-01-01T10', 1)").run();
    s.prepare('DELETE FROM links WHERE id = 1').run();
    expect(s.prepare('SELECT (SELECT count(*) FROM click_hourly) + (SELECT count(*) FROM click_visitors)').pluck().get()).toBe(0);
    s.prepare('DELETE FROM users WHERE id = 1').run();
    expect(s.prepare('SELECT (SELECT count(*) FROM click_account_daily) + (SELECT count(*) FROM click_account_hourly)').pluck().get()).toBe(0);
    await db.close();
  });
});

describe('019-imported-clicks', () => {
  it('gives links that already exist no imported clicks, and the copies of deleted links the same columns', async () => {
    const { db, s } = await migratedFrom002();
    expect(s.prepare('SELECT id, clicks, imported_clicks, imported_at FROM links ORDER BY id').all()).toEqual([
      { id: 1, clicks: 0, imported_clicks: 0, imported_at: null },
      { id: 2, clicks: 0, imported_clicks: 0, imported_at: null },
    ]);
    const columns = (table: string) => (s.prepare(`SELECT name FROM pragma_table_info('${table}')`).pluck().all() as string[]).filter((c) => c.startsWith('imported'));
    expect(columns('operation_deleted_links')).toEqual(columns('links'));
    expect(columns('links')).toEqual(['imported_clicks', 'imported_at']);
    // The account's sum reads only the imported links, by the partial index.
    s.prepare("UPDATE links SET clicks = 7, imported_clicks = 7, imported_at = '2026-01-01T00:00:00.000Z' WHERE id = 2").run();
    const plan = s.prepare('EXPLAIN QUERY PLAN SELECT sum(imported_clicks) FROM links WHERE user_id = ? AND imported_clicks > 0').all(1) as { detail: string }[];
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/links_user_imported/);
    expect(s.prepare('SELECT sum(imported_clicks) FROM links WHERE user_id = 1 AND imported_clicks > 0').pluck().get()).toBe(7);
    await db.close();
  });
});

describe('021-list-created', () => {
  it("gets its index measured on a database that was ANALYZEd (the migrator measures new indexes), so that the planner keeps each list on its own index", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkdeck-migrate-'));
    const file = path.join(dir, 'analyzed.db');
    await databaseAt002(file);
    const old = new SQLite(file);
    // Many links of one account, measured, as a database where someone ran ANALYZE (the list bench's seeder does).
    old.exec(`WITH RECURSIVE n(i) AS (SELECT 3 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
      INSERT INTO links (id, user_id, alias, url, clicks, created_at, updated_at) SELECT i, 1, 'l' || i, 'https://e.example/' || i, i % 50, 'x', 'x' FROM n;
      ANALYZE;`);
    old.close();
    const db = await openDatabase(file);
    const s = db.sqlite;
    expect(s.prepare("SELECT stat FROM sqlite_stat1 WHERE idx = 'links_user_created'").pluck().get()).toMatch(/^\d+ \d+/);
    const plan = (sql: string) => (s.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((p) => p.detail).join(' ');
    expect(plan('SELECT * FROM links l WHERE l.user_id = 1 ORDER BY l.clicks DESC, l.id DESC LIMIT 10')).toMatch(/links_user_clicks/);
    expect(plan('SELECT * FROM links l WHERE l.user_id = 1 ORDER BY l.created_at DESC, l.id DESC LIMIT 10')).toMatch(/links_user_created/);
    await db.close();
  });
});

describe('022-operation-objects', () => {
  it('names the operations recorded before as bulk operations on links; the rows a delete kept go with their operation', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkdeck-migrate-'));
    const file = path.join(dir, 'old.db');
    await databaseAt002(file);
    const upTo021 = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name <= '021'));
    const sqlite = new SQLite(file);
    sqlite.pragma('foreign_keys = ON');
    const old = new Kysely<never>({ dialect: new SqliteDialect({ database: sqlite }) });
    const { error } = await new Migrator({ db: old, provider: { getMigrations: async () => upTo021 } }).migrateToLatest();
    if (error) throw error;
    sqlite.exec(`INSERT INTO operations (user_id, kind, selection, changes, count, created_at, undo_until) VALUES (1, 'delete', '{"ids":[1]}', '{}', 1, 'x', 'y')`);
    await old.destroy();
    const db = await openDatabase(file);
    const s = db.sqlite;
    expect(s.prepare('SELECT kind, object, object_id, label FROM operations').all()).toEqual([{ kind: 'delete', object: 'link', object_id: null, label: null }]);
    s.prepare(`INSERT INTO operation_rows (operation_id, seq, table_name, data) VALUES (1, 0, 'spaces', '{}')`).run();
    expect(() => s.prepare(`INSERT INTO operation_rows (operation_id, seq, table_name, data) VALUES (1, 0, 'spaces', '{}')`).run()).toThrow(/UNIQUE|PRIMARY/);
    s.prepare('DELETE FROM users WHERE id = 1').run();
    expect(s.prepare('SELECT count(*) FROM operation_rows').pluck().get()).toBe(0);
    await db.close();
  });
});
