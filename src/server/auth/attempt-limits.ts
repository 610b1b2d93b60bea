// Attempts limited per key: a visitor's tries at a link's redirect or statistics password, and a
// client address's unknown API keys. Each attempt TAKES its slot before it is checked, with one atomic upsert
// in the database (attempt_limits, migration 016), so a burst of concurrent guesses cannot all pass a check
// made before any of them failed, whatever the instance or process that answers it. The window is fixed: it
// starts with the key's first attempt and ends `windowMs` later; at most `max` attempts are taken in it.
// A success clears the key. SQLite answers synchronously (one prepared statement), PostgreSQL with a promise
// (row locking serialises concurrent upserts of one key, across instances).
// A key names a client address (`pw|203.0.113.7|12`): it is stored as a keyed hash (HMAC-SHA256 under a key
// derived from the instance's cookie_secret), never as it is, so neither the database nor its backups hold
// visitors' addresses; windows that are over are deleted at most a minute after the first attempt past them.
import { createHmac, randomBytes } from 'node:crypto';
import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import type { Db } from '../db/database';
import { verifyPassword } from './secrets';

export interface AttemptLimit {
  max: number;
  windowMs: number;
}

/** Redirect and statistics passwords: 5 attempts per visitor and link in 5 minutes. */
export const PASSWORD_ATTEMPTS: AttemptLimit = { max: 5, windowMs: 5 * 60_000 };
/** Unknown API keys per client address in 5 minutes (max: WRONG_API_KEY_LIMIT, default 20). */
export const WRONG_API_KEYS: AttemptLimit = { max: 20, windowMs: 5 * 60_000 };

type MaybePromise<T> = T | Promise<T>;

export interface AttemptLimits {
  /** Takes one of the key's slots: 0 when taken, else the seconds until its window ends (nothing taken). */
  take(key: string, limit: AttemptLimit, now?: number): MaybePromise<number>;
  /** A success: the key starts afresh. */
  clear(key: string): MaybePromise<void>;
}

// $1 key, $2 the new window's end, $3 now, $4 max. A window that is over starts anew with this attempt;
// else the attempt is counted only while the count is under max (no row back: refused, nothing changed).
const TAKE = `INSERT INTO attempt_limits AS a (key, reset_at, count) VALUES ($1, $2, 1)
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN a.reset_at <= $3 THEN 1 ELSE a.count + 1 END,
    reset_at = CASE WHEN a.reset_at <= $3 THEN excluded.reset_at ELSE a.reset_at END
  WHERE a.reset_at <= $3 OR a.count < $4
  RETURNING count`;
const RESET_AT = 'SELECT reset_at FROM attempt_limits WHERE key = $1';
const CLEAR = 'DELETE FROM attempt_limits WHERE key = $1';
const PRUNE = 'DELETE FROM attempt_limits WHERE reset_at <= $1';
/** At most this often (ms), an attempt first deletes the windows that are over. */
export const PRUNE_EVERY_MS = 60_000;

const SECRET_ROW = "INSERT INTO settings (key, value) VALUES ('cookie_secret', $1) ON CONFLICT (key) DO NOTHING";
const SECRET = "SELECT value FROM settings WHERE key = 'cookie_secret'";

/** The stored form of a key: its HMAC under a key of its own derived from the cookie secret (base64url). */
export function hashedKey(cookieSecret: string, key: string): string {
  const own = createHmac('sha256', Buffer.from(cookieSecret, 'base64url')).update('attempt-limits').digest();
  return createHmac('sha256', own).update(key).digest('base64url');
}

/** When a prune is due: the first attempt, then once a minute at most. */
class PruneClock {
  private last = -Infinity;
  due(now: number): boolean {
    if (now - this.last < PRUNE_EVERY_MS) return false;
    this.last = now;
    return true;
  }
}

/** Seconds from `now` to `resetAt`, at least 1. */
function secondsUntil(resetAt: number, now: number): number {
  return Math.max(1, Math.ceil((resetAt - now) / 1000));
}

/** SQLite (better-sqlite3) binds the same statements with named parameters: `$n` is `@pn`. */
const lite = (text: string) => text.replace(/\$(\d)/g, '@p$1');
const named = (...values: unknown[]) => Object.fromEntries(values.map((v, i) => [`p${i + 1}`, v]));

export class SqliteAttemptLimits implements AttemptLimits {
  private readonly takeStmt: SQLite.Statement<[Record<string, unknown>], { count: number }>;
  private readonly resetAt: SQLite.Statement<[Record<string, unknown>], number>;
  private readonly clearStmt: SQLite.Statement<[Record<string, unknown>]>;
  private readonly prune: SQLite.Statement<[Record<string, unknown>]>;
  private readonly clock = new PruneClock();
  private readonly secret: string;

  constructor(sqlite: SQLite.Database) {
    // The secret the cookies are signed with, made here when nothing made it yet (grants.ts makes it the same way).
    sqlite.prepare(lite(SECRET_ROW)).run(named(randomBytes(32).toString('base64url')));
    this.secret = sqlite.prepare<[], string>(SECRET).pluck().get() as string;
    this.takeStmt = sqlite.prepare<[Record<string, unknown>], { count: number }>(lite(TAKE));
    this.resetAt = sqlite.prepare<[Record<string, unknown>], number>(lite(RESET_AT)).pluck();
    this.clearStmt = sqlite.prepare<[Record<string, unknown>]>(lite(CLEAR));
    this.prune = sqlite.prepare<[Record<string, unknown>]>(lite(PRUNE));
  }

  take(raw: string, limit: AttemptLimit, now = Date.now()): number {
    const key = hashedKey(this.secret, raw);
    if (this.clock.due(now)) this.prune.run(named(now));
    if (this.takeStmt.get(named(key, now + limit.windowMs, now, limit.max))) return 0;
    return secondsUntil(this.resetAt.get(named(key)) ?? now + limit.windowMs, now);
  }

  clear(raw: string): void {
    this.clearStmt.run(named(hashedKey(this.secret, raw)));
  }
}

export class PgAttemptLimits implements AttemptLimits {
  private readonly clock = new PruneClock();
  private secret: Promise<string> | null = null;

  constructor(private readonly pool: pg.Pool) {}

  private async hashed(raw: string): Promise<string> {
    this.secret ??= (async () => {
      await this.pool.query(SECRET_ROW, [randomBytes(32).toString('base64url')]);
      return (await this.pool.query<{ value: string }>(SECRET)).rows[0]?.value as string;
    })();
    this.secret.catch(() => (this.secret = null));
    return hashedKey(await this.secret, raw);
  }

  async take(raw: string, limit: AttemptLimit, now = Date.now()): Promise<number> {
    const key = await this.hashed(raw);
    if (this.clock.due(now)) await this.pool.query(PRUNE, [now]);
    const r = await this.pool.query({ name: 'ld_attempt_take', text: TAKE, values: [key, now + limit.windowMs, now, limit.max] });
    if (r.rowCount) return 0;
    const row = (await this.pool.query<{ reset_at: string }>(RESET_AT, [key])).rows[0];
    return secondsUntil(row ? Number(row.reset_at) : now + limit.windowMs, now);
  }

  async clear(raw: string): Promise<void> {
    await this.pool.query(CLEAR, [await this.hashed(raw)]);
  }
}

export function attemptLimitsFor(db: Db): AttemptLimits {
  return db.dialect === 'postgres' ? new PgAttemptLimits(db.pool) : new SqliteAttemptLimits(db.sqlite);
}

/** What a password attempt under a limit came to. */
export type PasswordVerdict = { ok: true } | { ok: false; retryAfter: number };

/**
 * A password checked under `key`'s limit: the attempt's slot is taken first, and only a taken slot reaches
 * the slow hash comparison (retryAfter > 0: refused unchecked, even the right password; 0: wrong). The right
 * password clears the key.
 */
export async function verifyLimited(limits: AttemptLimits, key: string, password: string, hash: string): Promise<PasswordVerdict> {
  const wait = await limits.take(key, PASSWORD_ATTEMPTS);
  if (wait) return { ok: false, retryAfter: wait };
  if (!(await verifyPassword(password.slice(0, 256), hash))) return { ok: false, retryAfter: 0 };
  await limits.clear(key);
  return { ok: true };
}
