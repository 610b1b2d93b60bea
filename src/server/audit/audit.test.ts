// Every successful write of a workspace leaves one audit log entry (audit.plugin.ts), however it came: a
// single create, update or delete, bulk, an import, an undo; through the dashboard or an API key. Reads, dry runs
// and refused writes leave none, and a log that cannot be written fails no write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { get, json, post } from '../test-utils/api';
import { finished, postFile } from '../imports/import-test-helpers';
import { ApiKeysRepo } from '../api-keys/api-keys.repo';
import type { AuditEntry } from '../../shared/audit.schema';

let t: TestApp;
let n = 0;
beforeAll(async () => {
  t = await createTestApp({ webhookPollMs: 0 });
});
afterAll(async () => t.close());

interface Person {
  id: number;
  key: string;
  /** The id of their sign-in key. */
  signInKey: number;
}

async function person(): Promise<Person> {
  const data = (await post(t, t.adminKey, '/api/v1/users', { name: `Audited ${++n}` })).json().data as { id: number; api_key: string };
  const [key] = await t.query<{ id: number }>('SELECT id FROM api_keys WHERE user_id = ? AND workspace_id IS NULL', data.id);
  return { id: data.id, key: data.api_key, signInKey: key!.id };
}

const DASHBOARD = { 'linkdeck-client': 'dashboard' };
function send(key: string, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: object, headers: Record<string, string> = {}) {
  const payload = body ? json(body) : {};
  return t.as(key, { method, url: `/api/v1/${url}`, ...payload, headers: { ...(payload.headers as Record<string, string> | undefined), ...headers } });
}

/** The workspace's entries, oldest first, once every write so far is recorded. */
async function log(key: string, query = '', headers: Record<string, string> = {}): Promise<AuditEntry[]> {
  await t.app.audit.idle();
  const res = await t.as(key, { method: 'GET', url: `/api/v1/audit-log?sort=asc&per_page=100${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as AuditEntry[];
}

describe('what a write records', () => {
  it("a link's create, update, patch and delete: one entry each, by the person with their sign-in key; reads none", async () => {
    const p = await person();
    const before = new Date().toISOString();
    const created = await send(p.key, 'POST', 'links', { url: 'https://example.com/a', alias: `au${n}` });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    expect((await send(p.key, 'PUT', `links/${id}`, { title: 'Spring' })).statusCode).toBe(200);
    expect((await send(p.key, 'PATCH', `links/${id}`, { title: 'Summer' })).statusCode).toBe(200);
    await get(t, p.key, `/api/v1/links/${id}`);
    await get(t, p.key, '/api/v1/links');
    expect((await send(p.key, 'DELETE', `links/${id}`)).statusCode).toBe(200);
    const entries = await log(p.key);
    const who = { actor_user_id: p.id, actor_name: `Audited ${n}`, via: 'api', key_id: p.signInKey, key_name: 'Sign-in key', object: 'link', object_id: id };
    expect(entries).toEqual([
      expect.objectContaining({ ...who, action: 'createLink', summary: `Created link short.test/au${n}` }),
      expect.objectContaining({ ...who, action: 'updateLink', summary: `Updated link short.test/au${n}` }),
      expect.objectContaining({ ...who, action: 'patchLink', summary: `Updated link short.test/au${n}` }),
      expect.objectContaining({ ...who, action: 'deleteLink', summary: `Deleted link short.test/au${n}` }),
    ]);
    for (const e of entries) expect(e.at >= before && e.at <= new Date().toISOString()).toBe(true);
    // Who, when, what and through what: never where from.
    expect(Object.keys(entries[0]!).sort()).toEqual(['action', 'actor_name', 'actor_user_id', 'at', 'id', 'key_id', 'key_name', 'object', 'object_id', 'summary', 'via']);
    expect(JSON.stringify(await t.query('SELECT * FROM audit_log'))).not.toContain('127.0.0.1');
  });

  it('the dashboard is named as such, without a key; a key of the workspace by its id and name', async () => {
    const p = await person();
    const space = await send(p.key, 'POST', 'spaces', { name: 'Launch' }, DASHBOARD);
    expect(space.statusCode, space.body).toBe(201);
    const made = await new ApiKeysRepo(t.db.kysely).create({ userId: p.id, workspaceId: p.id, name: 'CI deploys', scopes: ['spaces:read', 'spaces:write'] });
    expect((await send(made.key, 'PATCH', `spaces/${space.json().data.id}`, { name: 'Launch 2' })).statusCode).toBe(200);
    expect(await log(p.key)).toEqual([
      expect.objectContaining({ via: 'dashboard', key_id: null, key_name: null, action: 'createSpace', object: 'space', summary: 'Created space Launch' }),
      expect.objectContaining({ via: 'api', key_id: made.id, key_name: 'CI deploys', action: 'patchSpace', summary: 'Updated space Launch 2', actor_user_id: p.id }),
    ]);
  });

  it('bulk create, change and delete: one entry each, counting the links; their dry runs none', async () => {
    const p = await person();
    const links = [1, 2, 3].map((i) => ({ url: `https://example.com/${i}`, alias: `bulk${n}-${i}` }));
    expect((await send(p.key, 'POST', 'links/bulk?dry_run=1', { links })).statusCode).toBe(200);
    const made = await send(p.key, 'POST', 'links/bulk', { links });
    expect(made.statusCode, made.body).toBe(201);
    const ids = (made.json().data as { id: number }[]).map((l) => l.id);
    expect((await send(p.key, 'PATCH', 'links/bulk?dry_run=1', { ids, set: { disabled: 1 } })).statusCode).toBe(200);
    expect((await send(p.key, 'PATCH', 'links/bulk', { ids, set: { disabled: 1 } })).statusCode).toBe(200);
    expect((await send(p.key, 'DELETE', 'links/bulk?dry_run=1', { ids })).statusCode).toBe(200);
    const deleted = await send(p.key, 'DELETE', 'links/bulk', { ids: ids.slice(0, 2) });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const same = { object: 'link', object_id: null, via: 'api', key_id: p.signInKey };
    expect(await log(p.key)).toEqual([
      expect.objectContaining({ ...same, action: 'createLinksInBulk', summary: 'Created 3 links in bulk' }),
      expect.objectContaining({ ...same, action: 'updateLinksInBulk', summary: 'Changed 3 links in bulk' }),
      expect.objectContaining({ ...same, action: 'deleteLinksInBulk', summary: 'Deleted 2 links in bulk' }),
    ]);
    // The undo of that delete: the operation, and how many links came back.
    const op = deleted.json().data.operation as { id: number };
    expect((await send(p.key, 'POST', `operations/${op.id}/undo`)).statusCode).toBe(200);
    expect((await log(p.key)).at(-1)).toMatchObject({ action: 'undoOperation', object: 'operation', object_id: op.id, summary: 'Undid "Deleted 2 links": 2 links restored' });
  });

  it("an import: the job, with its rows and file; its dry run none; the undo of the import's operation counts what it deleted", async () => {
    const p = await person();
    const csv = ['url,alias', ...[0, 1, 2].map((i) => `https://imp.example/${i},imp${n}-${i}`)].join('\n');
    expect((await postFile(t, p.key, csv, '?dry_run=1', 'spring.csv')).statusCode).toBe(200);
    const job = await finished(t, p.key, await postFile(t, p.key, csv, '', 'spring.csv'));
    expect(job).toMatchObject({ status: 'completed', created: 3 });
    expect(await log(p.key)).toEqual([
      expect.objectContaining({ action: 'importLinks', object: 'import', object_id: job.id, summary: 'Started importing 3 rows from spring.csv', key_id: p.signInKey }),
    ]);
    const [op] = (await get(t, p.key, '/api/v1/operations')).json().data as { id: number; summary: string }[];
    expect(op!.summary).toBe('Imported 3 links from spring.csv');
    expect((await send(p.key, 'POST', `operations/${op!.id}/undo`, undefined, DASHBOARD)).statusCode).toBe(200);
    expect((await log(p.key)).at(-1)).toMatchObject({
      action: 'undoOperation',
      object: 'operation',
      object_id: op!.id,
      via: 'dashboard',
      summary: 'Undid "Imported 3 links from spring.csv": 3 links deleted',
    });
  });

  it('refused writes (422, 404, 403) and reads leave no entry', async () => {
    const p = await person();
    const reader = await new ApiKeysRepo(t.db.kysely).create({ userId: p.id, workspaceId: p.id, name: 'Reader', scopes: ['links:read'] });
    expect((await send(p.key, 'POST', 'links', { url: 'not a url' })).statusCode).toBe(422);
    expect((await send(p.key, 'PUT', 'links/999999', { title: 'x' })).statusCode).toBe(404);
    expect((await send(p.key, 'DELETE', 'spaces/999999')).statusCode).toBe(404);
    expect((await send(p.key, 'POST', 'operations/999999/undo')).statusCode).toBe(404);
    expect((await send(reader.key, 'POST', 'links', { url: 'https://example.com/' })).statusCode).toBe(403);
    expect((await get(t, reader.key, '/api/v1/links')).statusCode).toBe(200);
    await get(t, p.key, '/api/v1/spaces');
    await get(t, p.key, '/api/v1/audit-log');
    expect(await log(p.key)).toEqual([]);
  });
});

describe('a team workspace', () => {
  it("records a member's writes in the workspace, not in their own; the entry keeps the name once the person is deleted", async () => {
    const admin = (await get(t, t.adminKey, '/api/v1/account')).json().data as { id: number };
    const team = (await t.query<{ id: number }>("INSERT INTO users (name, role, kind, api_key_hash, created_at, updated_at) VALUES ('Team', 'user', 'workspace', ?, '2026-01-01', '2026-01-01') RETURNING id", `unusable-${n}`))[0]!.id;
    const q = await person();
    for (const [who, role] of [[admin.id, 'owner'], [q.id, 'member']] as const) {
      await t.query('INSERT INTO memberships (workspace_id, user_id, role, created_at) VALUES (?, ?, ?, ?)', team, who, role, '2026-01-01');
    }
    const inTeam = { 'linkdeck-workspace': String(team) };
    expect((await send(q.key, 'POST', 'tags', { name: 'Team tag' }, inTeam)).statusCode).toBe(201);
    expect(await log(q.key)).toEqual([]);
    // A member may not read the log (audit:read is an admin's).
    expect((await t.as(q.key, { method: 'GET', url: '/api/v1/audit-log', headers: inTeam })).statusCode).toBe(403);
    expect(await log(t.adminKey, '', inTeam)).toEqual([expect.objectContaining({ actor_user_id: q.id, actor_name: `Audited ${n}`, action: 'createTag', summary: 'Created tag Team tag' })]);
    expect((await send(t.adminKey, 'DELETE', `users/${q.id}`)).statusCode).toBe(200);
    expect(await log(t.adminKey, '', inTeam)).toEqual([expect.objectContaining({ actor_user_id: null, actor_name: `Audited ${n}`, action: 'createTag' })]);
  });

  it("a workspace's creation and renaming are in its own log; its deletion (which takes its log) in the deleter's and the instance's", async () => {
    const p = await person();
    const made = await send(p.key, 'POST', 'workspaces', { name: 'Spring team' });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id as number;
    expect((await send(p.key, 'PATCH', `workspaces/${id}`, { name: 'Summer team' })).statusCode).toBe(200);
    expect(await log(p.key, '', { 'linkdeck-workspace': String(id) })).toEqual([
      expect.objectContaining({ action: 'createWorkspace', object: 'workspace', object_id: id, summary: 'Created workspace Spring team', actor_user_id: p.id }),
      expect.objectContaining({ action: 'patchWorkspace', object: 'workspace', object_id: id, summary: 'Updated workspace Summer team' }),
    ]);
    expect(await log(p.key)).toEqual([]);
    expect((await send(p.key, 'DELETE', `workspaces/${id}`)).statusCode).toBe(200);
    expect(await log(p.key)).toEqual([
      expect.objectContaining({ action: 'deleteWorkspace', object: 'workspace', object_id: id, summary: 'Deleted workspace Summer team', actor_user_id: p.id }),
    ]);
    const instance = (await get(t, t.adminKey, '/api/v1/instance/audit-log?action=deleteWorkspace')).json().data as AuditEntry[];
    expect(instance).toEqual([expect.objectContaining({ object: 'workspace', object_id: id, workspace_id: id, summary: 'Deleted workspace Summer team', actor_user_id: p.id })]);
  });
});

describe('a log that cannot be written', () => {
  it('fails no write and delays no answer: the write is done, the entry is missing', async () => {
    const p = await person();
    await t.query('ALTER TABLE audit_log RENAME TO audit_log_away');
    try {
      const res = await send(p.key, 'POST', 'links', { url: 'https://example.com/lost', alias: `lost${n}` });
      expect(res.statusCode, res.body).toBe(201);
      await t.app.audit.idle();
      expect((await get(t, p.key, `/api/v1/links/${res.json().data.id}`)).statusCode).toBe(200);
    } finally {
      await t.query('ALTER TABLE audit_log_away RENAME TO audit_log');
    }
    expect(await log(p.key)).toEqual([]);
    expect((await send(p.key, 'POST', 'spaces', { name: 'Back' })).statusCode).toBe(201);
    expect(await log(p.key)).toEqual([expect.objectContaining({ action: 'createSpace' })]);
  });
});
