// Failed redirect-password attempts counted across every instance on one PostgreSQL (issue 9): a row per
// failure in password_attempts (migration 004); the window's rows decide, older ones are deleted as the
// key is read. The rules are the in-memory AttemptLimiter's (grants.ts): at most 5 in 5 minutes.
import type pg from 'pg';
import type { Attempts } from './grants';

export class PgAttempts implements Attempts {
  constructor(
    private readonly pool: pg.Pool,
    private readonly max = 5,
    private readonly windowMs = 5 * 60_000,
  ) {}

  async retryAfter(key: string, now = Date.now()): Promise<number> {
    const since = now - this.windowMs;
    await this.pool.query('DELETE FROM password_attempts WHERE key = $1 AND at <= $2', [key, since]);
    const r = await this.pool.query<{ n: string; first: string | null }>(
      'SELECT count(*) AS n, min(at) AS first FROM password_attempts WHERE key = $1 AND at > $2',
      [key, since],
    );
    const n = Number(r.rows[0]?.n ?? 0);
    if (n < this.max) return 0;
    const first = Number(r.rows[0]?.first ?? now);
    return Math.max(1, Math.ceil((first + this.windowMs - now) / 1000));
  }

  async fail(key: string, now = Date.now()): Promise<void> {
    await this.pool.query('INSERT INTO password_attempts (key, at) VALUES ($1, $2)', [key, now]);
    // Now and then, the expired rows of keys nobody reads again.
    if (Math.random() < 0.01) await this.pool.query('DELETE FROM password_attempts WHERE at <= $1', [now - this.windowMs]);
  }

  async reset(key: string): Promise<void> {
    await this.pool.query('DELETE FROM password_attempts WHERE key = $1', [key]);
  }
}
