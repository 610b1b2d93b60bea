// GET /health with and without scheduled backups: the age of the last good backup, and a failure flagged.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { listBackups } from './backup-files';
import type { BackupHealth } from '../../shared/backup-health';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

/** GET /health until `done` holds (the scheduled backup runs in a worker thread). */
async function healthUntil(app: TestApp, done: (b: BackupHealth) => boolean): Promise<BackupHealth> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await app.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ status: string; backup: BackupHealth }>();
    expect(body.status).toBe('ok');
    if (done(body.backup) || Date.now() > deadline) return body.backup;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('GET /health', () => {
  it('without BACKUP_EVERY: {"status":"ok"} only', async () => {
    t = await createTestApp();
    expect((await t.app.inject({ method: 'GET', url: '/health' })).body).toBe('{"status":"ok"}');
  });

  it('with BACKUP_EVERY: the first backup runs at once, then /health reports its age', { timeout: 90_000 }, async () => {
    const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkdeck-sched-'));
    try {
      t = await createTestApp({ backupEveryMs: 6 * 3600_000, backupDir, backupKeep: 3 });
      const b = await healthUntil(t, (x) => x.last_good_at !== null);
      expect(b).toMatchObject({ every: '6h', every_seconds: 21_600, failing: false, last_failed_at: null });
      expect(b.last_good_age_seconds).toBeGreaterThanOrEqual(0);
      expect(listBackups(backupDir)).toHaveLength(1);
    } finally {
      fs.rmSync(backupDir, { recursive: true, force: true });
    }
  });

  it('a failed backup is flagged (no path, no error text in the public answer)', { timeout: 90_000 }, async () => {
    const notADir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'linkdeck-sched-')), 'file');
    fs.writeFileSync(notADir, 'x');
    try {
      t = await createTestApp({ backupEveryMs: 3600_000, backupDir: notADir });
      const b = await healthUntil(t, (x) => x.last_failed_at !== null);
      expect(b).toMatchObject({ failing: true, last_good_at: null, last_good_age_seconds: null, running: false });
      expect(JSON.stringify(b)).not.toContain(notADir);
    } finally {
      fs.rmSync(path.dirname(notADir), { recursive: true, force: true });
    }
  });
});
