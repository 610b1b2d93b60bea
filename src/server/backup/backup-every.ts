// BACKUP_EVERY: how often the server backs up its SQLite file (`30m`, `6h`, `1d`; plain seconds with `s`).

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** The interval in ms, or null when unset. A wrong value (or one on PostgreSQL) stops the start with one line. */
export function parseEvery(name: string, value: string | undefined, onPostgres: boolean): number | null {
  const v = (value ?? '').trim();
  if (v === '' || v === '0') return null;
  if (onPostgres) {
    throw new Error(`${name} schedules backups of the SQLite file; on PostgreSQL (DATABASE_URL) use pg_dump from cron or WAL archiving (see the README), and unset ${name}`);
  }
  const m = /^(\d+)\s*([smhd])$/i.exec(v);
  const ms = m ? Number(m[1]) * (UNIT_MS[(m[2] as string).toLowerCase()] as number) : NaN;
  if (!Number.isSafeInteger(ms) || ms < 10_000) throw new Error(`${name} must be a duration of at least 10s such as 30m, 6h or 1d, got "${value}"`);
  return ms;
}

/** `21600000` -> `6h`: the interval as an operator wrote it. */
export function formatEvery(ms: number): string {
  for (const unit of ['d', 'h', 'm'] as const) {
    const size = UNIT_MS[unit] as number;
    if (ms % size === 0) return `${ms / size}${unit}`;
  }
  return `${Math.round(ms / 1000)}s`;
}
