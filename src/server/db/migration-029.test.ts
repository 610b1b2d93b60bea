// Migration 029 on a database with a custom domain, a link on it and attempt rows of raw client addresses, on
// the database of the run (SQLite file, or PostgreSQL): the domain and its link stay (SQLite rebuilds the
// table with foreign keys off), ids of deleted domains are not given again, a name may then be claimed by
// several workspaces while unverified but verified once only, and the raw attempt rows are gone.
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { rawQuery } from '../test-utils/test-app';
import { databaseBefore } from '../test-utils/database-before';

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

describe('029-instance-audit on a database with domains and attempts', () => {
  it('keeps domains and their links, makes names unique among verified domains, and deletes raw attempt keys', async () => {
    const { old, closeOld, reopen } = await databaseBefore('029', cleanup);
    const at = '2026-01-01T00:00:00.000Z';
    for (const name of ['Owner', 'Other']) {
      await sql`INSERT INTO users (name, role, api_key_hash, created_at, updated_at) VALUES (${name}, 'user', ${`h-${name}`}, ${at}, ${at})`.execute(old);
    }
    const [owner, other] = (await sql<{ id: number }>`SELECT id FROM users ORDER BY id`.execute(old)).rows.map((r) => Number(r.id));
    for (const name of ['go.brand.example', 'gone.brand.example']) {
      await sql`INSERT INTO domains (user_id, name, https, verified_at, created_at, updated_at) VALUES (${owner}, ${name}, 1, ${at}, ${at}, ${at})`.execute(old);
    }
    const ids = (await sql<{ id: number }>`SELECT id FROM domains ORDER BY id`.execute(old)).rows.map((r) => Number(r.id));
    await sql`INSERT INTO links (user_id, domain_id, alias, url, targets, sensitive_content, privacy, disabled, clicks, created_at, updated_at)
      VALUES (${owner}, ${ids[0]}, 'old', 'https://old.example/', '[]', 0, 0, 0, 0, ${at}, ${at})`.execute(old);
    await sql`DELETE FROM domains WHERE id = ${ids[1]}`.execute(old);
    await sql`INSERT INTO attempt_limits (key, reset_at, count) VALUES ('pw|127.0.0.1|1', ${Date.now() + 60_000}, 1)`.execute(old);
    await closeOld();

    const db = await reopen();
    cleanup.push(() => db.close());
    expect(await rawQuery(db, 'SELECT id, name FROM domains ORDER BY id', [])).toEqual([{ id: ids[0], name: 'go.brand.example' }]);
    expect(await rawQuery(db, 'SELECT alias, domain_id FROM links', [])).toEqual([{ alias: 'old', domain_id: ids[0] }]);
    expect(await rawQuery(db, 'SELECT key FROM attempt_limits', [])).toEqual([]);
    const insert = (user: number | undefined, name: string, verified: string | null) =>
      db.kysely.insertInto('domains').values({ user_id: user as number, name, verified_at: verified, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
    // Two workspaces may claim a name while it is unverified; a second verified one is refused, as is a claim twice in one workspace.
    await insert(owner, 'claimed.example', null);
    await insert(other, 'claimed.example', null);
    await expect(insert(other, 'claimed.example', null)).rejects.toThrow();
    await expect(insert(other, 'go.brand.example', at)).rejects.toThrow();
    const next = await insert(other, 'new.example', null);
    expect(next.id).toBeGreaterThan(ids[1] as number);
    // Deleting a domain still deletes its links.
    await db.kysely.deleteFrom('domains').where('id', '=', ids[0] as number).execute();
    expect(await rawQuery(db, 'SELECT alias FROM links', [])).toEqual([]);
  });
});
