// Restores a backup into the database file: checks the backup (gzip or plain SQLite, integrity_check, a
// Linkdeck database with no migration this version does not know), refuses while any process has the
// database open, keeps the current database aside (`linkdeck.db.pre-restore-<time>`, with its -wal and
// limit journal), then moves the checked file into place. The server's next start applies any newer
// migrations to it (snapshot first, database.ts).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import { MIGRATIONS } from '../db/migrations/migration-list';
import { JOURNAL_OFFSET_KEY } from '../clicks/limit-journal';
import { stamp, syncDir } from './backup-files';
import { PRIVATE_FILE, privateDir } from './private-files';

/** A refusal with one line for the operator. */
export class RestoreError extends Error {}

/** The files beside a SQLite database that belong to it. */
const COMPANIONS = ['-wal', '-shm', '-limits'];

async function unpack(file: string, to: string): Promise<void> {
  const fd = fs.openSync(file, 'r');
  const magic = Buffer.alloc(2);
  fs.readSync(fd, magic, 0, 2, 0);
  fs.closeSync(fd);
  const gz = magic[0] === 0x1f && magic[1] === 0x8b;
  try {
    if (gz) await pipeline(fs.createReadStream(file), zlib.createGunzip(), fs.createWriteStream(to, { mode: PRIVATE_FILE }));
    else fs.copyFileSync(file, to);
    fs.chmodSync(to, PRIVATE_FILE);
  } catch (err) {
    throw new RestoreError(`${file} cannot be read${gz ? ' (a damaged or incomplete gzip file)' : ''}: ${(err as Error).message}`);
  }
}

/** Checks the unpacked copy and readies it (no journal offset of a journal it will not have); its link count. */
function check(copy: string, file: string): number {
  let db: SQLite.Database;
  try {
    db = new SQLite(copy, { fileMustExist: true });
    db.pragma('schema_version');
  } catch {
    throw new RestoreError(`${file} is not a SQLite database`);
  }
  try {
    return checkOpen(db, file);
  } catch (err) {
    if (err instanceof RestoreError) throw err;
    // Damaged pages make SQLite throw (SQLITE_CORRUPT) rather than report: the same refusal, in one line.
    throw new RestoreError(`${file} is damaged (${err instanceof Error ? err.message : String(err)})`);
  } finally {
    db.close();
  }
}

function checkOpen(db: SQLite.Database, file: string): number {
  const problems = (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check);
  if (problems.join() !== 'ok') throw new RestoreError(`${file} is damaged (integrity_check: ${problems.slice(0, 3).join('; ')})`);
  const tables = new Set(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]);
  if (!tables.has('links') || !tables.has('kysely_migration') || !tables.has('settings')) throw new RestoreError(`${file} is not a Linkdeck database`);
  const unknown = (db.prepare('SELECT name FROM kysely_migration').pluck().all() as string[]).filter((n) => !(n in MIGRATIONS));
  if (unknown.length) throw new RestoreError(`${file} comes from a newer Linkdeck (migration ${unknown[0]} is unknown here): upgrade Linkdeck first`);
  db.prepare("UPDATE settings SET value = '0' WHERE key = ?").run(JOURNAL_OFFSET_KEY);
  db.pragma('journal_mode = DELETE');
  return db.prepare('SELECT count(*) FROM links').pluck().get() as number;
}

/**
 * Throws unless nobody has `dbFile` open. Every connection to a WAL database holds a shared lock on the
 * file for as long as it is open (the server's, its click writer's, a running backup's); the OS drops it
 * when the process ends, even by SIGKILL. An exclusive lock is granted only when there is none.
 */
export function assertNotInUse(dbFile: string): void {
  if (!fs.existsSync(dbFile)) return;
  const db = new SQLite(dbFile, { timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    try {
      db.exec('BEGIN EXCLUSIVE');
    } catch {
      throw new RestoreError(`${dbFile} is open in another process (a running Linkdeck server, or a backup): stop it, then restore again`);
    }
    db.exec('COMMIT');
    db.pragma('wal_checkpoint(TRUNCATE)'); // the file aside is then whole by itself
  } finally {
    db.close();
  }
}

export interface RestoreResult {
  links: number;
  /** Where the database that was replaced now is (null: there was none). */
  aside: string | null;
}

export async function restoreBackup(file: string, dbFile: string): Promise<RestoreResult> {
  if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) throw new RestoreError(`${file} does not exist or is not a file`);
  privateDir(path.dirname(dbFile));
  const copy = `${dbFile}.restoring-${process.pid}`;
  try {
    await unpack(file, copy);
    const links = check(copy, file);
    assertNotInUse(dbFile);
    let aside: string | null = null;
    if (fs.existsSync(dbFile)) {
      aside = `${dbFile}.pre-restore-${stamp(new Date())}`;
      fs.renameSync(dbFile, aside);
    }
    for (const suffix of COMPANIONS) {
      if (!fs.existsSync(dbFile + suffix)) continue;
      if (aside) fs.renameSync(dbFile + suffix, aside + suffix);
      else fs.rmSync(dbFile + suffix);
    }
    fs.renameSync(copy, dbFile);
    syncDir(path.dirname(dbFile));
    return { links, aside };
  } finally {
    fs.rmSync(copy, { force: true });
  }
}
