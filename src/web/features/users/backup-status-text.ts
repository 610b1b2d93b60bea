// What the admin page says about scheduled backups, from GET /health's `backup` (absent: not scheduled).
import type { BackupHealth } from '../../../shared/backup-health';

export interface BackupStatusText {
  tone: 'ok' | 'warning' | 'failed';
  title: string;
  detail: string;
}

/** `95` -> `1 min`, `7300` -> `2 h`, `200000` -> `2 days`. */
export function formatAge(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 86_400 * 2) return `${Math.floor(seconds / 3600)} h`;
  return `${Math.floor(seconds / 86_400)} days`;
}

export function backupStatusText(b: BackupHealth): BackupStatusText {
  const last = b.last_good_age_seconds === null ? 'There is no good backup yet.' : `The last good backup is ${formatAge(b.last_good_age_seconds)} old.`;
  const running = b.running ? ' A backup is running now.' : '';
  if (b.failing) {
    const when = b.last_failed_at ? ` at ${new Date(b.last_failed_at).toLocaleString()}` : '';
    return { tone: 'failed', title: 'The last backup failed', detail: `It failed${when}; the server's log says why. ${last}${running}` };
  }
  if (b.last_good_age_seconds === null || b.last_good_age_seconds > 2 * b.every_seconds) {
    return { tone: 'warning', title: 'Backups are overdue', detail: `Backups run every ${b.every}. ${last}${running}` };
  }
  return { tone: 'ok', title: `Backups every ${b.every}`, detail: `${last}${running}` };
}
