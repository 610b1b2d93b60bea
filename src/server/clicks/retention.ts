// Raw click events are kept for CLICK_RETENTION_DAYS; the daily rollups are kept forever; the
// unique-visitor markers of click_visitors only until the day after theirs (they only dedupe a day).
// Events are written in time order, so the oldest are those with the lowest ids: each step looks at the
// first CHUNK rows by id (no index on clicked_at needed) and deletes those older than the cutoff; it
// stops at the first step that finds a row young enough. A row stamped earlier than a row written
// before it (the clock set back) goes when that row goes.
// On PostgreSQL several instances share the work: a run takes a session advisory lock and an instance
// that does not get it skips the run, so the events are pruned once, not once per instance.
import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import type { Db } from '../db/database';

const CHUNK = 5000;

/** Markers of days before yesterday (UTC) are no longer needed. */
const markersBefore = (now: number) => new Date(now - 86_400_000).toISOString().slice(0, 10);

/** Deletes events older than `days` days in small chunks; returns how many went. */
export function pruneClickEvents(sqlite: SQLite.Database, days: number, now = Date.now()): number {
  const cutoff = new Date(now - days * 86_400_000).toISOString();
  const del = sqlite.prepare(
    `DELETE FROM click_events WHERE id IN (SELECT id FROM click_events ORDER BY id LIMIT ${CHUNK}) AND clicked_at < ?`,
  );
  sqlite.prepare('DELETE FROM click_visitors WHERE day < ?').run(markersBefore(now));
  let total = 0;
  for (;;) {
    const { changes } = del.run(cutoff);
    total += changes;
    if (changes < CHUNK) return total;
  }
}

/** PostgreSQL: the same chunks, under an advisory lock; null when another instance is pruning. */
export async function prunePgClickEvents(pool: pg.Pool, days: number, now = Date.now()): Promise<number | null> {
  const cutoff = new Date(now - days * 86_400_000).toISOString();
  const client = await pool.connect();
  try {
    const lock = await client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock(hashtext('linkdeck_retention')) AS ok");
    if (!lock.rows[0]?.ok) return null;
    try {
      await client.query('DELETE FROM click_visitors WHERE day < $1', [markersBefore(now)]);
      let total = 0;
      for (;;) {
        const r = await client.query(
          `DELETE FROM click_events WHERE id IN (SELECT id FROM click_events ORDER BY id LIMIT ${CHUNK}) AND clicked_at < $1`,
          [cutoff],
        );
        total += r.rowCount ?? 0;
        if ((r.rowCount ?? 0) < CHUNK) return total;
      }
    } finally {
      await client.query("SELECT pg_advisory_unlock(hashtext('linkdeck_retention'))");
    }
  } finally {
    client.release();
  }
}

/** Prunes shortly after start and then every six hours; returns a stop function. */
export function scheduleRetention(db: Db, days: number, onError: (err: unknown) => void): () => void {
  const run = () => {
    try {
      if (db.dialect === 'postgres') prunePgClickEvents(db.pool, days).catch(onError);
      else pruneClickEvents(db.sqlite, days);
    } catch (err) {
      onError(err);
    }
  };
  const first = setTimeout(run, 5000);
  const every = setInterval(run, 6 * 3600_000);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
