// The files that hold the instance's secrets (the database with cookie_secret, webhook secrets and password
// hashes; its -wal/-shm; the `.before-*` snapshots; backups) are the server's alone: files 0600, folders 0700.
// Entry points set the umask 077, so every file the process (and SQLite, and the backup thread) creates is
// private; files of an older install are made private at start. A BACKUP_DIR or DATA_DIR inside a folder the
// server serves (WEB_DIR) is refused, and a BACKUP_DIR that cannot be a folder stops the start with one line.
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

export const PRIVATE_FILE = 0o600;
export const PRIVATE_DIR = 0o700;

/** A start refusal the operator can fix: main.ts prints its message as one line, without a stack. */
export class StartError extends Error {}

/** Files and folders created from now on are private to the process's user. */
export function privateUmask(): void {
  process.umask(0o077);
}

const inside = (child: string, parent: string) => {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

/** Throws (one line) when `dir` (a setting's folder) is inside the served WEB_DIR. */
export function assertNotServed(name: string, dir: string, webDir: string): void {
  if (inside(path.resolve(dir), path.resolve(webDir))) {
    throw new Error(`${name} (${dir}) is inside WEB_DIR (${webDir}), whose files are served to anyone: choose a folder outside it`);
  }
}

/** Creates `dir` (and its parents) as a private folder, and makes an existing one private. */
export function privateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  fs.chmodSync(dir, PRIVATE_DIR);
}

/** Makes `file` private when it exists. */
export function privateFile(file: string): void {
  try {
    fs.chmodSync(file, PRIVATE_FILE);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/** Makes every file directly in `dir` private (a backup folder, the data folder). */
function privateFilesIn(dir: string, match: (name: string) => boolean): void {
  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) return;
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    if (match(name) && fs.statSync(file, { throwIfNoEntry: false })?.isFile()) privateFile(file);
  }
}

function isDir(dir: string): boolean {
  try {
    return fs.statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

function why(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  return e.code ? `${e.code}${e.code === 'ENOTDIR' ? ' (a part of the path is a file)' : ''}` : String(e.message ?? err);
}

/**
 * Before the storage opens: the SQLite folder private (created if need be) with its database files and
 * snapshots; BACKUP_DIR private (created when backups are scheduled) with its backups. A folder that cannot be
 * made throws a StartError naming the setting.
 */
export function preparePrivateFiles(config: Config): void {
  if (!config.databaseUrl && config.dbFile !== ':memory:') {
    try {
      privateDir(config.dataDir);
    } catch (err) {
      throw new StartError(`DATA_DIR ${config.dataDir} cannot be used as the data folder: ${why(err)}`);
    }
    const base = path.basename(config.dbFile);
    privateFilesIn(path.dirname(config.dbFile), (n) => n.startsWith(base));
  }
  if (config.backupEveryMs === null && !isDir(config.backupDir)) return;
  try {
    privateDir(config.backupDir);
    fs.accessSync(config.backupDir, fs.constants.W_OK);
  } catch (err) {
    throw new StartError(`BACKUP_DIR ${config.backupDir} cannot be used for backups: ${why(err)}`);
  }
  privateFilesIn(config.backupDir, () => true);
}
