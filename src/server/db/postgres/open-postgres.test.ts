// PostgreSQL: migrations from the numbered list, two instances starting at once, and start-up errors in
// one line. Runs when TEST_DATABASE_URL points at a PostgreSQL server whose user may create databases
// (.ci/run starts Debian's cluster and sets it); each run uses a database of its own.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseStartError, openPostgres } from './open-postgres';
import { MIGRATIONS } from '../migrations/migration-list';
import { createTestDatabase, TEST_DATABASE_URL as ADMIN_URL } from '../../test-utils/both-databases';

if (!ADMIN_URL) console.warn('PostgreSQL tests SKIPPED: TEST_DATABASE_URL is not set (.ci/run starts PostgreSQL and sets it).');

function urlFor(database: string, change: (u: URL) => void = () => undefined): string {
  const u = new URL(ADMIN_URL ?? 'postgres://localhost/postgres');
  u.pathname = `/${database}`;
  change(u);
  return u.toString();
}

describe.skipIf(!ADMIN_URL)('PostgreSQL', () => {
  let database = '';
  let drop: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    ({ name: database, drop } = await createTestDatabase());
  });
  afterAll(async () => {
    await drop();
  });

  it('migrates an empty database once when two instances start at the same moment', async () => {
    const [a, b] = await Promise.all([openPostgres(urlFor(database)), openPostgres(urlFor(database))]);
    try {
      const ran = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(a.kysely);
      expect(ran.rows.map((r) => r.name)).toEqual(Object.keys(MIGRATIONS).sort());
      const tables = await sql<{ t: string }>`SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`.execute(b.kysely);
      expect(tables.rows.map((r) => r.t)).toEqual(
        expect.arrayContaining(['click_daily', 'click_events', 'domains', 'link_counters', 'link_pixels', 'links', 'password_attempts', 'pixels', 'rate_limits', 'settings', 'spaces', 'users', 'webhook_deliveries', 'webhook_link_events', 'webhooks']),
      );
      const ext = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_extension WHERE extname = 'pg_trgm'`.execute(a.kysely);
      expect(ext.rows[0]?.n).toBe(1);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    // A third start finds nothing to do.
    const c = await openPostgres(urlFor(database));
    await c.close();
  });

  it('keeps the same rules as SQLite: one alias per domain (the default domain too), counters by trigger', async () => {
    const db = await openPostgres(urlFor(database));
    try {
      const k = db.kysely;
      const now = new Date().toISOString();
      const user = await k.insertInto('users').values({ name: 'u', role: 'user', api_key_hash: `h${now}`, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
      const link = { user_id: user.id, url: 'https://example.com/', targets: '[]', sensitive_content: 0, privacy: 0, disabled: 0, created_at: now, updated_at: now };
      await k.insertInto('links').values({ ...link, alias: 'same' }).execute();
      await expect(k.insertInto('links').values({ ...link, alias: 'same' }).execute()).rejects.toMatchObject({ code: '23505' });
      await k.insertInto('links').values({ ...link, alias: 'off', disabled: 1 }).execute();
      const counters = async () => (await sql<{ total: number; disabled: number }>`SELECT total, disabled FROM link_counters WHERE user_id = ${user.id}`.execute(k)).rows[0];
      expect(await counters()).toEqual({ total: 2, disabled: 1 });
      await k.updateTable('links').set({ disabled: 0 }).where('alias', '=', 'off').execute();
      await k.deleteFrom('links').where('alias', '=', 'same').execute();
      expect(await counters()).toEqual({ total: 1, disabled: 0 });
    } finally {
      await db.close();
    }
  });

  it('names the problem in one line when it cannot start', async () => {
    const fails = async (url: string) => {
      const err = await openPostgres(url, { connectTimeoutMs: 2000 }).then(
        () => new Error('it started'),
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(DatabaseStartError);
      expect((err as Error).message).not.toContain('\n');
      return (err as Error).message;
    };
    expect(await fails(urlFor(database, (u) => (u.port = '1')))).toMatch(/^cannot reach PostgreSQL at [^ ]+:1 \(ECONNREFUSED\)/);
    expect(await fails(urlFor(database, (u) => (u.password = 'wrong-password')))).toMatch(/refused user ".+": wrong password or no such role/);
    expect(await fails(urlFor('linkdeck_no_such_database'))).toMatch(/^database "linkdeck_no_such_database" does not exist/);
    expect(await fails('not a url')).toMatch(/^DATABASE_URL is not a valid URL/);
  });
});
