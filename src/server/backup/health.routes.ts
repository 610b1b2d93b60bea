// GET /health: `{"status":"ok"}`, plus, when BACKUP_EVERY schedules backups, the age of the last good one
// and whether the last attempt failed (backup-schedule.ts). Public: no path, no error text.
import type { FastifyInstance } from 'fastify';
import { BackupSchedule } from './backup-schedule';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const { config, db } = app.ctx;
  const file = db.dialect === 'sqlite' ? db.sqlite.name : '';
  const schedule =
    config.backupEveryMs && db.dialect === 'sqlite' && file !== '' && file !== ':memory:' && !db.sqlite.memory
      ? new BackupSchedule({ dbFile: file, backupDir: config.backupDir, everyMs: config.backupEveryMs, keep: config.backupKeep, log: app.log })
      : null;
  if (schedule) {
    app.addHook('onReady', async () => schedule.start());
    app.addHook('onClose', async () => schedule.close());
  }
  app.get('/health', async () => (schedule ? { status: 'ok', backup: schedule.status() } : { status: 'ok' }));
}
