// What attempt_limits keeps, on the database of the run: keyed hashes of the keys (never a client address as it
// is, so neither the database nor a backup holds one), and windows that are over deleted on time (the first
// attempt a minute or more after the last prune), not after some number of attempts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { PASSWORD_ATTEMPTS, PgAttemptLimits, PRUNE_EVERY_MS, SqliteAttemptLimits, hashedKey, type AttemptLimits } from './attempt-limits';

let t: TestApp;
let store: AttemptLimits;
beforeAll(async () => {
  t = await createTestApp();
  store = t.db.dialect === 'postgres' ? new PgAttemptLimits(t.db.pool) : new SqliteAttemptLimits(t.db.sqlite);
});
afterAll(async () => t.close());

const keys = async () => (await t.query<{ key: string }>('SELECT key FROM attempt_limits ORDER BY key')).map((r) => r.key);

describe('attempt_limits rows', () => {
  it('hold a keyed hash of the key, never the client address', async () => {
    const now = Date.now();
    expect(await store.take('pw|127.0.0.1|1', PASSWORD_ATTEMPTS, now)).toBe(0);
    const stored = await keys();
    expect(stored.some((k) => k.includes('127.0.0.1'))).toBe(false);
    const [secret] = await t.query<{ value: string }>("SELECT value FROM settings WHERE key = 'cookie_secret'");
    expect(stored).toContain(hashedKey(secret?.value as string, 'pw|127.0.0.1|1'));
    // The same key counts against the same row; a success clears it.
    expect(await store.take('pw|127.0.0.1|1', PASSWORD_ATTEMPTS, now)).toBe(0);
    expect(await t.query('SELECT count FROM attempt_limits WHERE key = ?', hashedKey(secret?.value as string, 'pw|127.0.0.1|1'))).toEqual([{ count: 2 }]);
    await store.clear('pw|127.0.0.1|1');
    expect(await keys()).toEqual([]);
  });

  it('are deleted once their window is over, on the next attempt a minute later', async () => {
    const now = Date.now();
    await store.take('pw|198.51.100.1|1', PASSWORD_ATTEMPTS, now);
    expect(await keys()).toHaveLength(1);
    const later = now + PASSWORD_ATTEMPTS.windowMs + PRUNE_EVERY_MS;
    await store.take('pw|198.51.100.2|1', PASSWORD_ATTEMPTS, later);
    const [secret] = await t.query<{ value: string }>("SELECT value FROM settings WHERE key = 'cookie_secret'");
    expect(await keys()).toEqual([hashedKey(secret?.value as string, 'pw|198.51.100.2|1')]);
  });
});
