import { describe, expect, it } from 'vitest';
import type { BackupHealth } from '../../../shared/backup-health';
import { backupStatusText } from './backup-status-text';

const base: BackupHealth = { every: '6h', every_seconds: 21_600, last_good_at: '2026-11-22T10:00:00.000Z', last_good_age_seconds: 7300, last_failed_at: null, failing: false, running: false };

describe('backupStatusText', () => {
  it('a recent good backup: its age, no warning', () => {
    expect(backupStatusText(base)).toEqual({ tone: 'ok', title: 'Backups every 6h', detail: 'The last good backup is 2 h old.' });
  });
  it('the last attempt failed: a failure, with the age of the last good one', () => {
    const t = backupStatusText({ ...base, failing: true, last_failed_at: '2026-11-22T12:00:00.000Z' });
    expect(t.tone).toBe('failed');
    expect(t.title).toBe('The last backup failed');
    expect(t.detail).toContain('The last good backup is 2 h old.');
  });
  it('none yet, or older than two intervals: overdue', () => {
    expect(backupStatusText({ ...base, last_good_at: null, last_good_age_seconds: null }).tone).toBe('warning');
    expect(backupStatusText({ ...base, last_good_age_seconds: 50_000 }).detail).toBe('Backups run every 6h. The last good backup is 13 h old.');
  });
});
