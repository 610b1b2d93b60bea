// The files of BACKUP_DIR. A finished backup is `linkdeck-YYYYMMDD-HHMMSS[-n].db.gz`, and nothing else has
// such a name: work in progress is a hidden `.<name>.partial-<pid>` file, renamed to the final name only
// after it is complete, synced and verified. So a backup killed midway leaves a hidden partial (removed by
// the next backup once its process is gone), never a file that looks whole.
import fs from 'node:fs';
import path from 'node:path';

const FINAL = /^linkdeck-(\d{8}-\d{6})(?:-\d+)?\.db\.gz$/;
const PARTIAL = /^\.linkdeck-.*\.partial-(\d+)$/;

export interface BackupFile {
  file: string;
  name: string;
  bytes: number;
  /** When it was finished (the file's modification time). */
  at: Date;
}

/** `20261122-101500`: a UTC time for file names. */
export function stamp(d: Date): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}-${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`;
}

/** A free final name for a backup started at `now` (UTC time; `-2`, `-3`… when taken within the same second). */
export function backupName(dir: string, now = new Date()): string {
  const base = `linkdeck-${stamp(now)}`;
  for (let n = 1; ; n++) {
    const name = `${base}${n === 1 ? '' : `-${n}`}.db.gz`;
    if (!fs.existsSync(path.join(dir, name)) && !fs.readdirSync(dir).some((f) => f.startsWith(`.${name}.`))) return name;
  }
}

/** The hidden work file of `name` for this process (`what`: `db` for the copy, `gz` for the compressed file). */
export function partialName(dir: string, name: string, what: 'db' | 'gz'): string {
  return path.join(dir, `.${name}.${what}.partial-${process.pid}`);
}

/** The finished backups in `dir`, newest first. */
export function listBackups(dir: string): BackupFile[] {
  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) return [];
  const out: BackupFile[] = [];
  for (const name of fs.readdirSync(dir)) {
    if (!FINAL.test(name)) continue;
    const file = path.join(dir, name);
    const st = fs.statSync(file, { throwIfNoEntry: false });
    if (st?.isFile()) out.push({ file, name, bytes: st.size, at: st.mtime });
  }
  return out.sort((a, b) => b.at.getTime() - a.at.getTime() || b.name.localeCompare(a.name));
}

/** Deletes all but the newest `keep` finished backups; returns the deleted files. */
export function pruneBackups(dir: string, keep: number): string[] {
  const old = listBackups(dir).slice(keep);
  for (const b of old) fs.rmSync(b.file, { force: true });
  return old.map((b) => b.file);
}

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the partial files of backups whose process is gone (killed midway); returns them. */
export function removeStalePartials(dir: string): string[] {
  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) return [];
  const removed: string[] = [];
  for (const name of fs.readdirSync(dir)) {
    const m = PARTIAL.exec(name);
    if (!m || alive(Number(m[1]))) continue;
    fs.rmSync(path.join(dir, name), { force: true });
    removed.push(path.join(dir, name));
  }
  return removed;
}

/** fsync of a directory: a rename in it survives a power loss. */
export function syncDir(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
