// The backup and restore commands as real processes: `npm run backup` killed with SIGKILL midway leaves the
// previous backup intact and no file that looks whole; `npm run restore` refuses while a server process
// has the database open (also right after that server was SIGKILLed it works), and the server then starts
// on the restored data.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { freePort, startServerProcess, type ServerProcess } from '../test-utils/server-process';
import { listBackups } from './backup-files';

const ROOT = path.resolve(import.meta.dirname, '../../..');
let dir = '';
let dbFile = '';
let backupDir = '';

/** Runs a command of ours (`backup-cli.ts`, `restore-cli.ts`); `onLine` may kill it. */
function runCli(script: string, args: string[], onLine?: (line: string, kill: () => void) => void): Promise<{ code: number | null; signal: string | null; out: string[] }> {
  const child = spawn(process.execPath, ['--import', 'tsx', `src/server/backup/${script}`, ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: dir, BACKUP_KEEP: '5', BASE_URL: 'http://127.0.0.1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const out: string[] = [];
  const lines = readline.createInterface({ input: child.stdout });
  lines.on('line', (l) => {
    out.push(l);
    onLine?.(l, () => child.kill('SIGKILL'));
  });
  child.stderr.on('data', (d: Buffer) => out.push(d.toString().trim()));
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, out })));
}

const sha = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkdeck-backup-proc-'));
  dbFile = path.join(dir, 'linkdeck.db');
  backupDir = path.join(dir, 'backups');
  const db = await openDatabase(dbFile);
  db.sqlite.prepare("INSERT INTO users (id, name, role, api_key_hash, created_at, updated_at) VALUES (1, 'u', 'admin', 'h', 'x', 'x')").run();
  const insert = db.sqlite.prepare("INSERT INTO links (user_id, alias, url, title, clicks, created_at, updated_at) VALUES (1, ?, ?, ?, ?, 'x', 'x')");
  db.sqlite.transaction(() => {
    for (let i = 0; i < 60_000; i++) insert.run(`p${i}`, `https://example.com/${i}/${crypto.randomBytes(12).toString('hex')}`, `Title ${i}`, i % 13);
  })();
  await db.close();
}, 60_000);
/** The server process of the restore test, stopped whatever happens. */
let running: ServerProcess | null = null;
afterAll(async () => {
  await running?.kill();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm run backup, killed midway', () => {
  it('leaves the previous backup intact and no file that looks whole; the next run cleans up', { timeout: 180_000 }, async () => {
    const first = await runCli('backup-cli.ts', []);
    expect(first.code, first.out.join('\n')).toBe(0);
    const [previous] = listBackups(backupDir);
    expect(previous).toBeDefined();
    const previousHash = sha(previous!.file);

    // Killed as soon as it reports compressing: the copy is made, the compressed file half written.
    const killed = await runCli('backup-cli.ts', [], (line, kill) => {
      if (line.startsWith('compress ')) kill();
    });
    expect(killed.signal).toBe('SIGKILL');
    expect(killed.out.some((l) => l.startsWith('done:'))).toBe(false);
    expect(listBackups(backupDir).map((b) => b.file)).toEqual([previous!.file]);
    expect(sha(previous!.file)).toBe(previousHash);
    // What it left is hidden and named partial: proof the kill came midway, and nothing looks whole.
    const left = fs.readdirSync(backupDir).filter((n) => n !== previous!.name);
    expect(left.length).toBeGreaterThan(0);
    for (const n of left) expect(n).toMatch(/^\.linkdeck-\d{8}-\d{6}(-\d+)?\.db\.gz\.(db|gz)\.partial-\d+$/);

    const again = await runCli('backup-cli.ts', []);
    expect(again.code, again.out.join('\n')).toBe(0);
    expect(again.out.some((l) => /^copy \d+%/.test(l))).toBe(true); // progress
    expect(fs.readdirSync(backupDir).filter((n) => n.startsWith('.'))).toEqual([]);
    expect(listBackups(backupDir)).toHaveLength(2);
  });
});

describe('npm run restore', () => {
  it('refuses while a server has the database open, then restores and the server starts on it', { timeout: 180_000 }, async () => {
    const [backup] = listBackups(backupDir);
    const port = await freePort();
    let server = await startServerProcess(dir, port);
    running = server;
    const created = await fetch(`${server.base}/api/v1/links`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://example.com/after-backup', alias: 'after-backup' }),
    });
    expect(created.status).toBe(201);
    const refused = await runCli('restore-cli.ts', [backup!.file]);
    expect(refused.code).toBe(1);
    expect(refused.out.join('\n')).toContain('is open in another process');
    // A crashed server holds nothing: the OS dropped its locks.
    await server.kill();
    const restored = await runCli('restore-cli.ts', [backup!.file]);
    expect(restored.code, restored.out.join('\n')).toBe(0);
    const aside = fs.readdirSync(dir).find((n) => n.startsWith('linkdeck.db.pre-restore-'));
    expect(aside).toBeDefined();
    const old = new SQLite(path.join(dir, aside!), { readonly: true });
    expect(old.prepare("SELECT count(*) FROM links WHERE alias = 'after-backup'").pluck().get()).toBe(1);
    old.close();

    server = await startServerProcess(dir, port);
    running = server;
    try {
      expect((await fetch(`${server.base}/p59999`, { redirect: 'manual' })).status).toBe(302);
      expect((await fetch(`${server.base}/after-backup`, { redirect: 'manual' })).status).toBe(404);
      expect((await fetch(`${server.base}/p7`, { redirect: 'manual' })).status).toBe(302);
    } finally {
      await server.stop();
    }
  });
});
