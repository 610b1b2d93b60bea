// What an undo and a revision restore refuse, and what an operation shows a caller: a link does not come back onto a
// domain the workspace may no longer use (one rule, the true reason); an undo and a restore of the same deleted link
// at once give the loser a 409; a link deleted again keeps its history past HISTORY_DAYS of an older delete; an
// operation's label (a webhook's URL) is only shown to a caller with the read scope of what it names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onPostgres, type TestApp } from '../test-utils/test-app';
import { LINK_COLUMNS } from '../links/core/link-sql';
import { create, expect422, get, json, post } from '../test-utils/api';
import { inWorkspace, newPerson, newWorkspace, workspaceKey } from '../test-utils/workspaces';
import { purgeRevisions } from '../links/history/revisions.repo';

let t: TestApp;
let n = 0;
beforeAll(async () => {
  t = await createTestApp({ webhookPollMs: 0 });
});
afterAll(async () => t.close());

const account = async () => (await post(t, t.adminKey, '/api/v1/users', { name: `Refusals ${++n}` })).json().data.api_key as string;
const link = (key: string, body: object) => create(t, key, 'links', body as Record<string, string | number>);
const undo = (key: string, id: number) => t.as(key, { method: 'POST', url: `/api/v1/operations/${id}/undo` });
const revisionsOf = async (key: string, id: number) => (await get(t, key, `/api/v1/links/${id}/revisions?per_page=100`)).json().data as { id: number; action: string }[];
const restore = (key: string, id: number, revision: number) => t.as(key, { method: 'POST', url: `/api/v1/links/${id}/revisions/${revision}/restore` });
const bulkDelete = async (key: string, ids: number[]) => {
  const res = await t.as(key, { method: 'DELETE', url: '/api/v1/links/bulk', ...json({ ids }) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.operation.id as number;
};
const singleDelete = async (key: string, id: number) => {
  const res = await t.as(key, { method: 'DELETE', url: `/api/v1/links/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().operation.id as number;
};

describe('a link does not come back onto a domain the workspace may no longer use', () => {
  it('unshared by the instance admin: the bulk and the single undo are 409s saying so, the restore a 422 on domain_id', async () => {
    const key = await account();
    const domain = await create(t, t.adminKey, 'domains', { name: `unshared-${n}.short.test`, shared: 1 });
    const a = await link(key, { url: 'https://example.com/a', domain_id: domain.id, alias: 'u-a' });
    const b = await link(key, { url: 'https://example.com/b', domain_id: domain.id, alias: 'u-b' });
    const bulkOp = await bulkDelete(key, [a.id]);
    const singleOp = await singleDelete(key, b.id);
    await t.query('UPDATE domains SET shared = 0 WHERE id = ?', domain.id);
    for (const op of [bulkOp, singleOp]) {
      const res = await undo(key, op);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toContain('1 because their domain is no longer available to this workspace');
      expect(res.json().conflicts).toHaveLength(1);
    }
    const created = (await revisionsOf(key, a.id)).find((r) => r.action === 'create');
    const errors = expect422(await restore(key, a.id, created?.id as number), 'domain_id');
    expect(errors.domain_id?.[0]).toContain('is no longer available to this workspace');
    expect((await get(t, key, `/api/v1/links/${a.id}`)).statusCode).toBe(404);
  });

  it('deleted: the undo and the restore say it was deleted', async () => {
    const key = await account();
    const domain = await create(t, t.adminKey, 'domains', { name: `gone-${n}.short.test`, shared: 1 });
    const a = await link(key, { url: 'https://example.com/a', domain_id: domain.id, alias: 'g-a' });
    const op = await bulkDelete(key, [a.id]);
    await t.query('DELETE FROM domains WHERE id = ?', domain.id);
    const res = await undo(key, op);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toContain('1 because their domain was deleted');
    const created = (await revisionsOf(key, a.id)).find((r) => r.action === 'create');
    expect(expect422(await restore(key, a.id, created?.id as number), 'domain_id').domain_id?.[0]).toContain('was deleted');
  });
});

describe('an undo and a restore of the same deleted link at once', () => {
  it('never answer 500: one brings it back, the other is a 409 (or restores the link it finds back)', async () => {
    const key = await account();
    const pairs = [];
    for (let i = 0; i < 8; i++) {
      const l = await link(key, { url: `https://example.com/race-${i}`, alias: `race-${i}` });
      const op = await singleDelete(key, l.id);
      const created = (await revisionsOf(key, l.id)).find((r) => r.action === 'create');
      pairs.push({ id: l.id, op, revision: created?.id as number });
    }
    const answers = await Promise.all(pairs.flatMap((p) => [undo(key, p.op), restore(key, p.id, p.revision)]));
    for (const res of answers) expect([200, 409], res.body).toContain(res.statusCode);
    for (const p of pairs) expect((await get(t, key, `/api/v1/links/${p.id}`)).statusCode).toBe(200);
  });

  // Deterministic on PostgreSQL: another transaction writes the link back and commits while the undo (or the
  // restore) waits on the primary key; the waiting one fails on links_pkey and must answer 409, not 500.
  it.runIf(onPostgres)('PostgreSQL: the one that waited on links_pkey answers 409', async () => {
    if (t.db.dialect !== 'postgres') return;
    const pool = t.db.pool;
    const key = await account();
    for (const which of ['undo', 'restore'] as const) {
      const l = await link(key, { url: `https://example.com/${which}-waits`, alias: `${which}-waits` });
      const op = await singleDelete(key, l.id);
      const created = (await revisionsOf(key, l.id)).find((r) => r.action === 'create')?.id as number;
      const other = await pool.connect();
      try {
        await other.query('BEGIN');
        const cols = LINK_COLUMNS.join(', ');
        await other.query(`INSERT INTO links (${cols}) SELECT ${cols} FROM operation_deleted_links WHERE operation_id = $1 AND id = $2`, [op, l.id]);
        const pending = which === 'undo' ? undo(key, op) : restore(key, l.id, created);
        await new Promise((r) => setTimeout(r, 400));
        await other.query('COMMIT');
        const res = await pending;
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().message).toContain('came back meanwhile');
      } finally {
        other.release();
      }
    }
  });
});

describe('HISTORY_DAYS', () => {
  it('keeps the history of a link deleted again since an old delete, so it can still be restored', async () => {
    const key = await account();
    const l = await link(key, { url: 'https://example.com/again', alias: 'deleted-again' });
    await singleDelete(key, l.id);
    // The first delete is older than the cutoff.
    await t.query("UPDATE link_revisions SET created_at = '2000-01-01T00:00:00.000Z' WHERE link_id = ? AND action = 'delete'", l.id);
    const created = (await revisionsOf(key, l.id)).find((r) => r.action === 'create')?.id as number;
    expect((await restore(key, l.id, created)).statusCode).toBe(200);
    await singleDelete(key, l.id);
    await purgeRevisions(t.db.kysely, new Date(Date.now() - 90 * 86_400_000).toISOString());
    expect((await revisionsOf(key, l.id)).map((r) => r.action)).toEqual(['delete', 'restore', 'delete', 'create']);
    const res = await restore(key, l.id, created);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('drops the history of a link whose newest delete is older than the cutoff', async () => {
    const key = await account();
    const l = await link(key, { url: 'https://example.com/old', alias: 'deleted-long-ago' });
    await singleDelete(key, l.id);
    await t.query("UPDATE link_revisions SET created_at = '2000-01-01T00:00:00.000Z' WHERE link_id = ?", l.id);
    await purgeRevisions(t.db.kysely, new Date(Date.now() - 90 * 86_400_000).toISOString());
    expect((await get(t, key, `/api/v1/links/${l.id}/revisions`)).statusCode).toBe(404);
  });
});

describe('what an operation shows a caller', () => {
  it("a deleted webhook's URL only to a caller with webhooks:read", async () => {
    const owner = await newPerson(t, 'Hooks owner');
    const ws = await newWorkspace(t, owner, 'Hooks');
    const url = 'https://hooks.slack.example/services/T01/B02/SECRET';
    const hook = await inWorkspace(t, owner.key, ws, { method: 'POST', url: '/api/v1/webhooks', ...json({ url, events: ['link.created'] }) });
    expect(hook.statusCode, hook.body).toBe(201);
    const del = await inWorkspace(t, owner.key, ws, { method: 'DELETE', url: `/api/v1/webhooks/${hook.json().data.id}` });
    expect(del.statusCode, del.body).toBe(200);
    const opId = del.json().operation.id as number;
    const full = await inWorkspace(t, owner.key, ws, { method: 'GET', url: '/api/v1/operations' });
    expect(full.json().data[0]).toMatchObject({ id: opId, label: url, summary: `Deleted webhook ${url}` });
    const reader = await workspaceKey(t, owner, ws, ['links:read']);
    for (const path of ['/api/v1/operations', `/api/v1/operations/${opId}`]) {
      const res = await inWorkspace(t, reader, ws, { method: 'GET', url: path });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain('SECRET');
      const op = Array.isArray(res.json().data) ? res.json().data[0] : res.json().data;
      expect(op).toMatchObject({ id: opId, object: 'webhook', label: null, summary: 'Deleted a webhook' });
    }
  });
});
