// The API rate limit counted across every instance on one PostgreSQL: a store for
// @fastify/rate-limit whose fixed windows live in rate_limits (migration 004). One atomic upsert per
// request starts a new window when the old one is over, or counts in the current one, and answers the
// count and the window's time left, as the plugin's in-memory store does.
import type pg from 'pg';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

const COUNT = {
  name: 'ld_rate_limit',
  text: `INSERT INTO rate_limits AS r (key, window_start, count) VALUES ($1, $2, 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN r.window_start + $3 <= $2 THEN 1 ELSE r.count + 1 END,
      window_start = CASE WHEN r.window_start + $3 <= $2 THEN $2 ELSE r.window_start END
    RETURNING count, window_start`,
};

/** A store class bound to the pool (the plugin constructs it with its own options). */
export function pgRateLimitStore(pool: pg.Pool): FastifyRateLimitStoreCtor {
  class PgRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      const now = Date.now();
      pool.query<{ count: number; window_start: string }>({ ...COUNT, values: [key, now, timeWindow] }).then(
        (r) => {
          const row = r.rows[0];
          if (!row) return callback(new Error('rate limit: no row'));
          callback(null, { current: row.count, ttl: Math.max(0, Number(row.window_start) + timeWindow - now) });
          // Now and then, the windows that ended long ago.
          if (Math.random() < 0.001) pool.query('DELETE FROM rate_limits WHERE window_start < $1', [now - 10 * timeWindow]).catch(() => undefined);
        },
        (err: Error) => callback(err),
      );
    }

    child(): FastifyRateLimitStore {
      return new PgRateLimitStore();
    }
  }
  return PgRateLimitStore;
}
