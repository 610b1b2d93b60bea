// What GET /health says about scheduled backups (BACKUP_EVERY): the server's answer and the admin page's input.

export interface BackupHealth {
  every: string;
  every_seconds: number;
  last_good_at: string | null;
  last_good_age_seconds: number | null;
  last_failed_at: string | null;
  /** The last attempt failed (why is in the server's log, never in this public answer). */
  failing: boolean;
  running: boolean;
}
