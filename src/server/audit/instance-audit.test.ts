// The instance log (GET /api/v1/instance/audit-log), on the database of the run: people created, made admin and
// deleted, domains shared; the instance admin's only (403 for anyone else, 401 without a key). And every entry,
// of a workspace or of the instance, is written before its answer leaves (a read right after sees it), in the
// write's own transaction when the write has one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { get, json, post } from '../test-utils/api';
import { sql, type CompiledQuery } from 'kysely';
import type { AuditEntry } from '../../shared/audit.schema';
import { runInWriteScope } from './audit-scope';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type InstanceEntry = AuditEntry & { workspace_id: number | null };
const instanceLog = async (query = ''): Promise<InstanceEntry[]> => {
  const res = await get(t, t.adminKey, `/api/v1/instance/audit-log?sort=asc&per_page=100${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('the instance log', () => {
  it('records people created, made admin and deleted, by whom', async () => {
    const made = await post(t, t.adminKey, '/api/v1/users', { name: 'Grace' });
    expect(made.statusCode).toBe(201);
    const id = made.json().data.id as number;
    // No waiting: the entry is there before the answer.
    expect(await instanceLog('&object=user')).toEqual([
      expect.objectContaining({ action: 'createUser', object: 'user', object_id: id, summary: 'Created user Grace with the role user', workspace_id: null, via: 'api' }),
    ]);
    expect((await t.as(t.adminKey, { method: 'PATCH', url: `/api/v1/users/${id}`, ...json({ role: 'admin' }) })).statusCode).toBe(200);
    expect((await t.as(t.adminKey, { method: 'PATCH', url: `/api/v1/users/${id}`, ...json({ role: 'user' }) })).statusCode).toBe(200);
    expect((await t.as(t.adminKey, { method: 'DELETE', url: `/api/v1/users/${id}` })).statusCode).toBe(200);
    const [admin] = await t.query<{ id: number; name: string }>("SELECT id, name FROM users WHERE role = 'admin' ORDER BY id LIMIT 1");
    expect((await instanceLog('&object=user')).map((e) => [e.action, e.object_id, e.summary, e.actor_user_id])).toEqual([
      ['createUser', id, 'Created user Grace with the role user', admin?.id],
      ['patchUser', id, 'Updated user Grace: role admin', admin?.id],
      ['patchUser', id, 'Updated user Grace: role user', admin?.id],
      ['deleteUser', id, 'Deleted user Grace', admin?.id],
    ]);
  });

  it('records a domain shared with every workspace, and not a domain write that leaves sharing alone', async () => {
    const shared = await post(t, t.adminKey, '/api/v1/domains', { name: 'shared.instance.test', shared: 1 });
    expect(shared.statusCode, shared.body).toBe(201);
    expect((await post(t, t.adminKey, '/api/v1/domains', { name: 'own.instance.test' })).statusCode).toBe(201);
    const id = shared.json().data.id as number;
    expect((await t.as(t.adminKey, { method: 'PATCH', url: `/api/v1/domains/${id}`, ...json({ shared: 0 }) })).statusCode).toBe(200);
    expect((await instanceLog('&object=domain')).map((e) => [e.action, e.object_id, e.summary])).toEqual([
      ['createDomain', id, 'Shared domain shared.instance.test with every workspace'],
      ['patchDomain', id, 'Domain shared.instance.test is not shared'],
    ]);
  });

  it('is the instance admin\'s only, and documented', async () => {
    const res = await get(t, t.userKey, '/api/v1/instance/audit-log');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'This action is unauthorized.', status: 403 });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/instance/audit-log' })).statusCode).toBe(401);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(doc.paths['/api/v1/instance/audit-log']?.get?.operationId).toBe('listInstanceAuditLog');
  });
});

describe('a workspace entry', () => {
  it('is visible to a read right after its write, with no waiting', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await post(t, t.userKey, '/api/v1/spaces', { name: `Right after ${i}` });
      expect(res.statusCode).toBe(201);
      const entries = (await get(t, t.userKey, `/api/v1/audit-log?object=space&object_id=${res.json().data.id}`)).json().data as AuditEntry[];
      expect(entries).toEqual([expect.objectContaining({ action: 'createSpace', summary: `Created space Right after ${i}` })]);
    }
  });

  it("is written in the write's own transaction: on its connection, just before its commit, and rolled back with it", async () => {
    const at = '2026-01-01T00:00:00.000Z';
    const space = (trx: typeof t.db.kysely, name: string) => trx.insertInto('spaces').values({ user_id: t.userId, name, color: 1, created_at: at, updated_at: at }).execute();
    const mark = (name: string) => sql`INSERT INTO settings (key, value) VALUES (${name}, 'x')`.compile(t.db.kysely);
    const commits = (name: string, fail: boolean) => ({
      beforeCommit: async (run: (q: CompiledQuery) => Promise<{ rows: unknown[] }>) => {
        await run(mark(name));
        if (fail) throw new Error('the commit fails');
      },
    });
    await runInWriteScope(commits('scope-kept', false), () => t.db.kysely.transaction().execute((trx) => space(trx, 'Kept together')));
    await expect(runInWriteScope(commits('scope-lost', true), () => t.db.kysely.transaction().execute((trx) => space(trx, 'Lost together')))).rejects.toThrow('the commit fails');
    expect(await t.query("SELECT key FROM settings WHERE key LIKE 'scope-%'")).toEqual([{ key: 'scope-kept' }]);
    expect((await t.query<{ name: string }>("SELECT name FROM spaces WHERE name LIKE '% together'")).map((r) => r.name)).toEqual(['Kept together']);
  });
});
