// Attempts reserved before they are checked: a password attempt (link or statistics page) takes
// its slot atomically in the database before the slow hash comparison, so a concurrent burst of guesses is
// evaluated at most 5 times; unknown API keys are limited per client address through the same store.
import SQLite from 'better-sqlite3';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, form, type TestApp } from '../test-utils/test-app';
import { createLink, visit } from '../redirect/test-helpers';
import { newPool } from '../db/postgres/open-postgres';
import type * as Secrets from './secrets';
import { PASSWORD_ATTEMPTS, PgAttemptLimits, SqliteAttemptLimits, type AttemptLimits } from './attempt-limits';

/** Every scrypt comparison of a password (the evaluations the limit must bound). */
const evaluated = vi.hoisted(() => ({ n: 0 }));
vi.mock('./secrets', async (importOriginal) => {
  const real = await importOriginal<typeof Secrets>();
  return { ...real, verifyPassword: (password: string, stored: string | null) => (evaluated.n++, real.verifyPassword(password, stored)) };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ wrongApiKeyLimit: 20 });
});
afterAll(async () => t.close());

const post = (url: string, fields: Record<string, string>, ip: string) => visit(t, url, { method: 'POST', remoteAddress: ip, ...form(fields) });
const burst = (n: number, send: () => Promise<LightMyRequestResponse>) => Promise.all(Array.from({ length: n }, send));
const codes = (answers: LightMyRequestResponse[]) => answers.map((r) => r.statusCode);
const count = (answers: LightMyRequestResponse[], status: number) => answers.filter((r) => r.statusCode === status).length;

/** 60 concurrent wrong guesses: 5 evaluated (401, each one scrypt comparison), 55 refused unchecked (429). */
async function expectOnlyFiveEvaluated(send: () => Promise<LightMyRequestResponse>): Promise<void> {
  evaluated.n = 0;
  const answers = await burst(60, send);
  expect(evaluated.n).toBe(5);
  expect(count(answers, 401), codes(answers).join(',')).toBe(5);
  expect(count(answers, 429)).toBe(55);
  for (const r of answers.filter((a) => a.statusCode === 429)) expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
}

describe('password attempts are reserved before the hash is compared', () => {
  it('redirect password: 60 concurrent wrong guesses, 5 evaluated; the right one is refused while the limit holds', async () => {
    await createLink(t, { url: 'https://dest.example/', alias: 'race-pw', redirect_password: 'right-one' });
    await expectOnlyFiveEvaluated(() => post('/race-pw', { password: 'wrong' }, '198.51.100.1'));
    const right = await post('/race-pw', { password: 'right-one' }, '198.51.100.1');
    expect(right.statusCode).toBe(429);
    expect(evaluated.n).toBe(5); // refused unchecked
    expect(right.headers.location).toBeUndefined();
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    // Another visitor has its own slots; a success clears them.
    const other = '198.51.100.2';
    expect(codes(await burst(4, () => post('/race-pw', { password: 'wrong' }, other)))).toEqual([401, 401, 401, 401]);
    const ok = await post('/race-pw', { password: 'right-one' }, other);
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('https://dest.example/');
    const again: number[] = [];
    for (let i = 0; i < 6; i++) again.push((await post('/race-pw', { password: 'wrong' }, other)).statusCode);
    expect(again).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('statistics password: the same', async () => {
    await createLink(t, { url: 'https://dest.example/', alias: 'race-st', privacy: 2, password: 'stats-pw' });
    await expectOnlyFiveEvaluated(() => post('/race-st/+', { password: 'wrong' }, '198.51.100.3'));
    expect((await post('/race-st/+', { password: 'stats-pw' }, '198.51.100.3')).statusCode).toBe(429);
    expect(evaluated.n).toBe(5);
    const other = '198.51.100.4';
    expect(codes(await burst(4, () => post('/race-st/+', { password: 'wrong' }, other)))).toEqual([401, 401, 401, 401]);
    const ok = await post('/race-st/+', { password: 'stats-pw' }, other);
    expect(ok.statusCode).toBe(200);
    expect(String(ok.headers['set-cookie'])).toMatch(/^ld_st_\d+=/);
    expect((await post('/race-st/+', { password: 'wrong' }, other)).statusCode).toBe(401);
  });

  it('the store is one budget for every connection to the database (instances, processes)', async () => {
    const second = t.db.dialect === 'postgres' ? newPool(t.db.url, { max: 8 }) : new SQLite(path.join(t.dir, 'linkdeck.db'));
    const stores: AttemptLimits[] =
      t.db.dialect === 'postgres'
        ? [new PgAttemptLimits(t.db.pool), new PgAttemptLimits(second as ReturnType<typeof newPool>)]
        : [new SqliteAttemptLimits(t.db.sqlite), new SqliteAttemptLimits(second as SQLite.Database)];
    try {
      const now = Date.now();
      const waits = await Promise.all(Array.from({ length: 60 }, (_, i) => stores[i % 2]!.take('shared-key', PASSWORD_ATTEMPTS, now)));
      expect(waits.filter((w) => w === 0)).toHaveLength(5);
      expect(Math.min(...waits.filter((w) => w > 0))).toBe(300);
      // The window ends: the key starts afresh.
      expect(await stores[1]!.take('shared-key', PASSWORD_ATTEMPTS, now + PASSWORD_ATTEMPTS.windowMs)).toBe(0);
      await stores[0]!.clear('shared-key');
      const [row] = await t.query('SELECT count(*) AS n FROM attempt_limits WHERE key = ?', 'shared-key');
      expect(row).toEqual({ n: 0 });
    } finally {
      if (second instanceof SQLite) second.close();
      else await second.end();
    }
  });
});

describe('wrong API keys are limited per client address', () => {
  const api = (key: string, ip: string) => t.as(key, { method: 'GET', url: '/api/v1/account', remoteAddress: ip });

  it('after 20 unknown keys from one address: 429 with Retry-After; a valid key from there still works', async () => {
    const ip = '203.0.113.7';
    const first = await burst(40, () => api('ldk_not-a-real-key-0000', ip));
    expect(count(first, 401)).toBe(20);
    expect(count(first, 429)).toBe(20);
    const limited = await api('ldk_another-wrong-key', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too Many Requests.', status: 429 });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await api(t.userKey, ip)).statusCode).toBe(200);
    // Another address has its own budget; a missing key is a 401, not a guess.
    expect((await api('ldk_not-a-real-key-0000', '203.0.113.8')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/account', remoteAddress: ip })).statusCode).toBe(401);
  });
});
