// Scheduled backups inside the server (BACKUP_EVERY, BACKUP_DIR, BACKUP_KEEP; SQLite only). Each one runs
// in a worker thread with its own connection (backup-job.ts), off the redirect's path. The first one is
// due BACKUP_EVERY after the newest backup already in BACKUP_DIR (at once when there is none or it is
// older); a failed one is tried again after min(BACKUP_EVERY, 10 minutes). GET /health reports it.
import type { FastifyBaseLogger } from 'fastify';
import { listBackups } from './backup-files';
import { formatEvery } from './backup-every';
import { startBackup, type BackupRun } from './backup-job';
import type { BackupHealth } from '../../shared/backup-health';


const RETRY_MS = 10 * 60_000;
const MAX_TIMEOUT = 2 ** 31 - 1;

export class BackupSchedule {
  private lastGood: Date | null;
  private lastFailed: Date | null = null;
  private run: BackupRun | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly opts: { dbFile: string; backupDir: string; everyMs: number; keep: number; log: FastifyBaseLogger }) {
    this.lastGood = listBackups(opts.backupDir)[0]?.at ?? null;
  }

  start(): void {
    const due = this.lastGood ? this.lastGood.getTime() + this.opts.everyMs - Date.now() : 0;
    this.schedule(Math.max(0, due));
  }

  /** One backup now (unless one is running); resolves when it has ended, well or not. */
  async backupNow(): Promise<void> {
    if (this.run || this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    let next = this.opts.everyMs;
    try {
      this.run = startBackup({ dbFile: this.opts.dbFile, backupDir: this.opts.backupDir, keep: this.opts.keep });
      const r = await this.run.result;
      this.lastGood = new Date();
      this.opts.log.info({ file: r.file, bytes: r.bytes, links: r.links, ms: r.ms, pruned: r.pruned.length }, 'backup done');
    } catch (err) {
      if (this.closed) return;
      this.lastFailed = new Date();
      next = Math.min(next, RETRY_MS);
      this.opts.log.error({ err, backupDir: this.opts.backupDir }, 'backup failed');
    } finally {
      this.run = null;
    }
    this.schedule(next);
  }

  status(now = Date.now()): BackupHealth {
    const good = this.lastGood;
    return {
      every: formatEvery(this.opts.everyMs),
      every_seconds: Math.round(this.opts.everyMs / 1000),
      last_good_at: good?.toISOString() ?? null,
      last_good_age_seconds: good ? Math.max(0, Math.round((now - good.getTime()) / 1000)) : null,
      last_failed_at: this.lastFailed?.toISOString() ?? null,
      failing: this.lastFailed !== null && (good === null || this.lastFailed > good),
      running: this.run !== null,
    };
  }

  /** Stops the schedule; a backup under way is stopped and its partial files removed. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.run?.cancel();
  }

  private schedule(ms: number): void {
    if (this.closed) return;
    this.timer = setTimeout(() => void this.backupNow(), Math.min(ms, MAX_TIMEOUT));
    this.timer.unref();
  }
}
