// Changes announced on one instance reach another through PostgreSQL's NOTIFY, without echoes, and a
// lost LISTEN connection comes back by itself with a 'reset'. Runs when TEST_DATABASE_URL is set.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Changes } from '../../context';
import { PgChangeBridge } from './pg-changes';

const URL = process.env.TEST_DATABASE_URL;

function record(changes: Changes): string[] {
  const seen: string[] = [];
  changes.on('link', (id) => seen.push(`link ${id}`));
  changes.on('domain', (id) => seen.push(`domain ${id}`));
  changes.on('reset', () => seen.push('reset'));
  return seen;
}

const settle = () => new Promise((r) => setTimeout(r, 300));

describe.skipIf(!URL)('changes across instances (LISTEN/NOTIFY)', () => {
  let pool: pg.Pool;
  const a = new Changes();
  const b = new Changes();
  const seenA = record(a);
  const seenB = record(b);
  let bridgeA: PgChangeBridge;
  let bridgeB: PgChangeBridge;

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: URL, max: 4 });
    bridgeA = await PgChangeBridge.start(URL as string, pool, a);
    bridgeB = await PgChangeBridge.start(URL as string, pool, b);
  });
  afterAll(async () => {
    await bridgeA?.close();
    await bridgeB?.close();
    await pool?.end();
  });

  it('a change on A is announced on B within a second, and never echoed back to A', async () => {
    const started = Date.now();
    a.emit('link', 42);
    a.emit('domain', 7);
    await expect.poll(() => seenB.slice(), { timeout: 1000, interval: 20 }).toEqual(['link 42', 'domain 7']);
    expect(Date.now() - started).toBeLessThan(1000);
    await settle();
    expect(seenA).toEqual(['link 42', 'domain 7']); // its own two, once each
    b.emit('reset');
    await expect.poll(() => seenA.slice(), { timeout: 1000, interval: 20 }).toEqual(['link 42', 'domain 7', 'reset']);
    await settle();
    expect(seenB).toEqual(['link 42', 'domain 7', 'reset']);
  });

  it('a lost LISTEN connection is opened again, with a reset, and changes flow again', async () => {
    seenB.length = 0;
    await pool.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN linkdeck_changes' AND pid <> pg_backend_pid()");
    await expect.poll(() => seenB.includes('reset'), { timeout: 5000, interval: 50 }).toBe(true);
    expect(bridgeB.listening).toBe(true);
    a.emit('link', 43);
    await expect.poll(() => seenB.includes('link 43'), { timeout: 2000, interval: 20 }).toBe(true);
  });
});
