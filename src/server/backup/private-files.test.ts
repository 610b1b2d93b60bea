// The instance's secrets stay private: the data folder and BACKUP_DIR are 0700, the database, its -wal/-shm,
// migration snapshots and backups 0600, through the real entry point; a BACKUP_DIR the dashboard would serve,
// or one that cannot be a folder, stops the start with one line; a damaged backup is refused in one line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { freePort, startServerProcess } from '../test-utils/server-process';
import { startBackup } from './backup-job';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'linkdeck-private-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});
const mode = (file: string) => fs.statSync(file).mode & 0o777;

function run(script: string, args: string[], env: Record<string, string>): { status: number | null; lines: string[] } {
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  const r = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    env: { ...rest, PORT: '0', BASE_URL: 'http://127.0.0.1:1', ...env },
    encoding: 'utf8',
    timeout: 45_000,
  });
  return { status: r.status, lines: r.stderr.split('\n').filter((l) => l.trim() && !l.startsWith('npm warn')) };
}

describe('BACKUP_DIR', () => {
  it('is refused inside WEB_DIR, whose files anyone may fetch', () => {
    const web = tempDir();
    expect(() => loadConfig({ WEB_DIR: web, BACKUP_DIR: path.join(web, 'backups'), DATA_DIR: tempDir() })).toThrow(
      `BACKUP_DIR (${path.join(web, 'backups')}) is inside WEB_DIR (${web}), whose files are served to anyone: choose a folder outside it`,
    );
    expect(() => loadConfig({ WEB_DIR: web, DATA_DIR: path.join(web, 'data') })).toThrow(/^DATA_DIR .* is inside WEB_DIR/);
    expect(loadConfig({ WEB_DIR: web, DATA_DIR: tempDir() }).backupDir).not.toContain(web);
  });

  it('stops the real start with one line when served (dist/web/backups) or when it cannot be a folder', { timeout: 90_000 }, () => {
    const served = run('src/server/main.ts', [], { DATA_DIR: tempDir(), BACKUP_DIR: 'dist/web/backups', BACKUP_EVERY: '1h' });
    expect(served.status).toBe(1);
    expect(served.lines).toEqual([expect.stringMatching(/^Linkdeck cannot start: BACKUP_DIR \(.*dist\/web\/backups\) is inside WEB_DIR/)]);
    const devNull = run('src/server/main.ts', [], { DATA_DIR: tempDir(), BACKUP_DIR: '/dev/null/x', BACKUP_EVERY: '1h' });
    expect(devNull.status).toBe(1);
    expect(devNull.lines).toEqual(['Linkdeck cannot start: BACKUP_DIR /dev/null/x cannot be used for backups: ENOTDIR (a part of the path is a file)']);
  });
});

describe('private files', () => {
  it('a backup is 0600 in a 0700 folder, whatever the umask', { timeout: 60_000 }, async () => {
    const dir = tempDir();
    const db = await openDatabase(path.join(dir, 'linkdeck.db'));
    await db.close();
    const backupDir = path.join(dir, 'backups');
    const r = await startBackup({ dbFile: path.join(dir, 'linkdeck.db'), backupDir, keep: 2 }).result;
    expect(mode(backupDir)).toBe(0o700);
    expect(mode(r.file)).toBe(0o600);
  });

  it('the server makes its data folder, database, -wal/-shm, snapshots and backups private', { timeout: 120_000 }, async () => {
    const dir = tempDir();
    const data = path.join(dir, 'data');
    // An older install: a database, a snapshot and a backup readable by anyone.
    const db = await openDatabase(path.join(data, 'linkdeck.db'));
    await db.close();
    const backups = path.join(data, 'backups');
    fs.mkdirSync(backups, { mode: 0o755 });
    fs.writeFileSync(path.join(backups, 'linkdeck-20260101-000000.db.gz'), 'x', { mode: 0o644 });
    fs.writeFileSync(path.join(data, 'linkdeck.db.before-001-initial'), 'x', { mode: 0o644 });
    fs.chmodSync(path.join(data, 'linkdeck.db'), 0o644);
    fs.chmodSync(data, 0o755);
    const server = await startServerProcess(data, await freePort());
    try {
      expect(mode(data)).toBe(0o700);
      for (const f of ['linkdeck.db', 'linkdeck.db-wal', 'linkdeck.db-shm', 'linkdeck.db.before-001-initial']) expect(mode(path.join(data, f)), f).toBe(0o600);
      expect(mode(backups)).toBe(0o700);
      expect(mode(path.join(backups, 'linkdeck-20260101-000000.db.gz'))).toBe(0o600);
    } finally {
      await server.stop();
    }
    // A fresh data folder is created private.
    const fresh = path.join(dir, 'fresh');
    const second = await startServerProcess(fresh, await freePort());
    try {
      expect(mode(fresh)).toBe(0o700);
      expect(mode(path.join(fresh, 'linkdeck.db'))).toBe(0o600);
      expect(mode(path.join(fresh, 'linkdeck.db-wal'))).toBe(0o600);
    } finally {
      await second.stop();
    }
  });
});

describe('restore of a damaged backup', () => {
  it('is refused in one line, without a stack', { timeout: 60_000 }, async () => {
    const dir = tempDir();
    const file = path.join(dir, 'damaged.db');
    const s = new SQLite(file);
    s.exec('CREATE TABLE links (id INTEGER); CREATE TABLE settings (key TEXT); CREATE TABLE kysely_migration (name TEXT); CREATE TABLE filler (x TEXT)');
    const insert = s.prepare('INSERT INTO filler VALUES (?)');
    for (let i = 0; i < 2000; i++) insert.run('y'.repeat(200));
    s.close();
    // Pages in the middle overwritten with noise: SQLite throws SQLITE_CORRUPT rather than reporting.
    const bytes = fs.readFileSync(file);
    const page = bytes.readUInt16BE(16) || 65536;
    for (let p = 2; p < bytes.length / page; p += 3) bytes.fill(0xa5, p * page, p * page + 64);
    fs.writeFileSync(file, bytes);
    const r = run('src/server/backup/restore-cli.ts', [file], { DATA_DIR: path.join(dir, 'data') });
    expect(r.status).toBe(1);
    expect(r.lines).toHaveLength(1);
    expect(r.lines[0]).toMatch(/^restore refused: .*damaged\.db is (damaged|not a SQLite database)/);
  });
});
