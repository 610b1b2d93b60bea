// One backup of the SQLite file, in a worker thread with its own connection, so that neither the server's
// redirects nor the CLI's progress wait for it: `VACUUM INTO` a hidden copy (one read transaction: a
// consistent snapshot, WAL included, while the server keeps writing), `PRAGMA integrity_check` on the
// copy, gzip it into a hidden partial file, fsync, read it back and compare its SHA-256 with the copy's,
// rename it to its final name, fsync the directory. Only then is the backup done; a failure or a kill
// before that leaves no file with a final name (backup-files.ts).
import type crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type zlib from 'node:zlib';
import type { Transform, Writable } from 'node:stream';
import type { pipeline } from 'node:stream/promises';
import type SQLite from 'better-sqlite3';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { backupName, partialName, pruneBackups, removeStalePartials, syncDir } from './backup-files';
import { privateDir } from './private-files';

export type BackupProgress = { phase: 'copy' | 'compress' | 'verify'; done: number; total: number } | { phase: 'check' };

export interface BackupResult {
  file: string;
  bytes: number;
  links: number;
  ms: number;
  /** Older backups deleted to keep BACKUP_KEEP. */
  pruned: string[];
}

interface JobData {
  driver: string;
  dbFile: string;
  copy: string;
  gz: string;
  final: string;
}

type JobMessage = BackupProgress | { finished: { bytes: number; links: number } } | { error: string };

interface Deps {
  Database: typeof SQLite;
  fs: typeof fs;
  zlib: typeof zlib;
  crypto: typeof crypto;
  pipeline: typeof pipeline;
  Transform: typeof Transform;
  Writable: typeof Writable;
}

/** Runs in the worker (stringified: it may use only its arguments). */
async function backupJob(d: JobData, x: Deps, post: (m: JobMessage) => void): Promise<void> {
  const src = new x.Database(d.dbFile, { fileMustExist: true, timeout: 10_000 });
  try {
    const pages = (src.pragma('page_count', { simple: true }) as number) - (src.pragma('freelist_count', { simple: true }) as number);
    post({ phase: 'copy', done: 0, total: pages * (src.pragma('page_size', { simple: true }) as number) });
    // The copy holds every secret: created private (0600) before SQLite fills it (VACUUM INTO takes an empty file).
    x.fs.writeFileSync(d.copy, '', { mode: 0o600 });
    src.prepare('VACUUM INTO ?').run(d.copy);
  } finally {
    src.close();
  }
  post({ phase: 'check' });
  const copy = new x.Database(d.copy, { fileMustExist: true });
  let links: number;
  try {
    copy.pragma('journal_mode = DELETE'); // a plain file: a restore needs no -wal or -shm beside it
    const problems = (copy.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check);
    if (problems.join() !== 'ok') throw new Error(`integrity_check of the copy failed: ${problems.slice(0, 3).join('; ')}`);
    links = copy.prepare('SELECT count(*) FROM links').pluck().get() as number;
  } finally {
    copy.close();
  }
  const total = x.fs.statSync(d.copy).size;
  const hashing = (phase: 'compress' | 'verify') => {
    const hash = x.crypto.createHash('sha256');
    let done = 0;
    let told = 0;
    const meter = new x.Transform({
      transform(chunk: Buffer, _enc, cb) {
        hash.update(chunk);
        done += chunk.length;
        if (done - told >= total / 20) {
          told = done;
          post({ phase, done, total });
        }
        cb(null, chunk);
      },
    });
    return { meter, digest: () => hash.digest('hex') };
  };
  const out = hashing('compress');
  await x.pipeline(x.fs.createReadStream(d.copy), out.meter, x.zlib.createGzip({ level: 3 }), x.fs.createWriteStream(d.gz, { mode: 0o600 }));
  const fd = x.fs.openSync(d.gz, 'r');
  x.fs.fsyncSync(fd);
  x.fs.closeSync(fd);
  const back = hashing('verify');
  await x.pipeline(x.fs.createReadStream(d.gz), x.zlib.createGunzip(), back.meter, new x.Writable({ write: (_c, _e, cb) => cb() }));
  if (back.digest() !== out.digest()) throw new Error('the compressed file does not read back as the copy');
  x.fs.renameSync(d.gz, d.final);
  x.fs.rmSync(d.copy, { force: true });
  post({ finished: { bytes: x.fs.statSync(d.final).size, links } });
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const __name = (f) => f;
const deps = { Database: require(workerData.driver), fs: require('node:fs'), zlib: require('node:zlib'), crypto: require('node:crypto'), pipeline: require('node:stream/promises').pipeline, Transform: require('node:stream').Transform, Writable: require('node:stream').Writable };
(${backupJob.toString()})(workerData, deps, (m) => parentPort.postMessage(m))
  .catch((err) => parentPort.postMessage({ error: String((err && err.message) || err) }));`;

export interface BackupRun {
  result: Promise<BackupResult>;
  /** Stops the backup (the worker ends, its partial files are removed); result rejects. */
  cancel(): Promise<void>;
}

/** Starts a backup of `dbFile` into `backupDir`, keeping the newest `keep` backups. */
export function startBackup(opts: { dbFile: string; backupDir: string; keep: number; onProgress?: (p: BackupProgress) => void }): BackupRun {
  const started = Date.now();
  privateDir(opts.backupDir);
  removeStalePartials(opts.backupDir);
  const name = backupName(opts.backupDir);
  const data: JobData = {
    driver: createRequire(import.meta.url).resolve('better-sqlite3'),
    dbFile: opts.dbFile,
    copy: partialName(opts.backupDir, name, 'db'),
    gz: partialName(opts.backupDir, name, 'gz'),
    final: path.join(opts.backupDir, name),
  };
  const cleanup = () => {
    for (const f of [data.copy, data.gz]) fs.rmSync(f, { force: true });
  };
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: data });
  let poll: NodeJS.Timeout | undefined;
  let cancelled = false;
  const result = new Promise<BackupResult>((resolve, reject) => {
    const fail = (err: Error) => {
      clearInterval(poll);
      cleanup();
      reject(err);
    };
    worker.on('message', (m: JobMessage) => {
      if ('error' in m) return fail(new Error(m.error));
      if ('finished' in m) {
        clearInterval(poll);
        syncDir(opts.backupDir);
        const pruned = pruneBackups(opts.backupDir, opts.keep);
        return resolve({ file: data.final, ...m.finished, ms: Date.now() - started, pruned });
      }
      clearInterval(poll);
      opts.onProgress?.(m);
      // VACUUM INTO holds the worker: its progress is the copy's size, read from here.
      if (m.phase === 'copy') {
        poll = setInterval(() => {
          const size = fs.statSync(data.copy, { throwIfNoEntry: false })?.size ?? 0;
          opts.onProgress?.({ phase: 'copy', done: Math.min(size, m.total), total: m.total });
        }, 500);
        poll.unref();
      }
    });
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (cancelled || code !== 0) fail(new Error(cancelled ? 'the backup was stopped' : `the backup thread exited with code ${code}`));
    });
  });
  result.catch(() => undefined);
  return {
    result,
    async cancel() {
      cancelled = true;
      await worker.terminate();
      cleanup();
    },
  };
}
