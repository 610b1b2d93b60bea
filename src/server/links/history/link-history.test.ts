// Link history: every path that writes links records exactly one revision per change. This is
// the proof that the write pipeline is single: a path that wrote around it would record none (or two).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../test-utils/test-app';
import { create, createLink, expect404, expect422, get, json } from '../../test-utils/api';
import { finished, postCsv } from '../../imports/import-test-helpers';
import type { LinkRevision } from '../../../shared/objects/revision.object';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function revisions(id: number, key = t.userKey, query = 'per_page=100'): Promise<LinkRevision[]> {
  const res = await get(t, key, `/api/v1/links/${id}/revisions?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as LinkRevision[];
}
const summary = (rs: LinkRevision[]) => rs.map((r) => `${r.action}/${r.source}:${r.changes.map((c) => c.field).join(',')}`);
const ok = (res: LightMyRequestResponse, code = 200) => {
  expect(res.statusCode, res.body).toBe(code);
  return res.json();
};
const bulkPatch = (ids: number[], set: Record<string, unknown>) => t.as(t.userKey, { method: 'PATCH', url: '/api/v1/links/bulk', ...json({ ids, set }) });

describe('one revision per change, through each path', () => {
  it('single create and update, bulk create, bulk PATCH, undo and import each record exactly one revision', async () => {
    const space = await create(t, t.userKey, 'spaces', { name: 'History' });
    // 1. The single create.
    const a = await createLink(t, t.userKey, { url: 'https://example.com/a', alias: 'hist-a', title: 'First' });
    expect(summary(await revisions(a.id))).toEqual(['create/api:url,alias,title,sensitive_content,privacy,disabled']);
    // 2. The single update: only what changed.
    ok(await t.as(t.userKey, { method: 'PUT', url: `/api/v1/links/${a.id}`, ...json({ title: 'Second', url: 'https://example.com/a' }) }));
    const [update] = await revisions(a.id);
    expect(update).toMatchObject({ action: 'update', source: 'api', changes: [{ field: 'title', old: 'First', new: 'Second', redacted: false }] });
    expect(update?.actor).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
    // 3. The bulk PATCH.
    const patched = ok(await bulkPatch([a.id], { space_id: space.id, disabled: 1 }));
    const [edit] = await revisions(a.id);
    expect(edit).toMatchObject({ action: 'update', source: 'bulk_edit', changes: [{ field: 'space_id', old: null, new: space.id }, { field: 'disabled', old: 0, new: 1 }] });
    // 4. Its undo.
    ok(await t.as(t.userKey, { method: 'POST', url: `/api/v1/operations/${patched.data.operation.id}/undo` }));
    const [undo] = await revisions(a.id);
    expect(undo).toMatchObject({ action: 'update', source: 'undo', changes: [{ field: 'space_id', old: space.id, new: null }, { field: 'disabled', old: 1, new: 0 }] });
    expect(summary(await revisions(a.id))).toHaveLength(4);
    // 5. The bulk create.
    const bulk = ok(await t.as(t.userKey, { method: 'POST', url: '/api/v1/links/bulk', ...json({ links: [{ url: 'https://example.com/b', tags: ['x'] }] }) }), 201);
    const b = bulk.data[0].id as number;
    expect(summary(await revisions(b))).toEqual(['create/bulk_create:url,alias,tags,sensitive_content,privacy,disabled']);
    // 6. The import.
    await finished(t, t.userKey, await postCsv(t, t.userKey, 'url,alias,title\nhttps://example.com/c,hist-c,Imported\n'));
    const c = (await get(t, t.userKey, '/api/v1/links?search=hist-c&search_by=alias')).json().data[0].id as number;
    expect(summary(await revisions(c))).toEqual(['create/import:url,alias,title,sensitive_content,privacy,disabled']);
  });

  it('bulk delete and its undo: a delete revision, then a create by the undo', async () => {
    const l = await createLink(t, t.userKey, { url: 'https://example.com/d', alias: 'hist-d' });
    const done = ok(await t.as(t.userKey, { method: 'DELETE', url: '/api/v1/links/bulk', ...json({ ids: [l.id] }) }));
    expect((await revisions(l.id))[0]).toMatchObject({ action: 'delete', source: 'bulk_delete' });
    ok(await t.as(t.userKey, { method: 'POST', url: `/api/v1/operations/${done.data.operation.id}/undo` }));
    expect(summary(await revisions(l.id)).map((s) => s.split(':')[0])).toEqual(['create/undo', 'delete/bulk_delete', 'create/api']);
  });

  it('a write that changes nothing records nothing', async () => {
    const l = await createLink(t, t.userKey, { url: 'https://example.com/same', alias: 'hist-same', title: 'Same' });
    ok(await t.as(t.userKey, { method: 'PUT', url: `/api/v1/links/${l.id}`, ...json({ title: 'Same' }) }));
    expect(await revisions(l.id)).toHaveLength(1);
  });
});

describe('what a revision shows', () => {
  it('passwords only as changed, never a value or hash', async () => {
    const l = await createLink(t, t.userKey, { url: 'https://example.com/p', alias: 'hist-p', redirect_password: 'open-sesame' });
    ok(await t.as(t.userKey, { method: 'PUT', url: `/api/v1/links/${l.id}`, ...json({ redirect_password: 'other-secret' }) }));
    const res = await get(t, t.userKey, `/api/v1/links/${l.id}/revisions`);
    expect(res.body).not.toContain('open-sesame');
    expect(res.body).not.toContain('scrypt');
    expect((res.json().data as LinkRevision[])[0]?.changes).toEqual([{ field: 'redirect_password', old: null, new: null, redacted: true }]);
  });

  it("another account's link is a 404, and so is an id that never existed", async () => {
    const l = await createLink(t, t.userKey, { url: 'https://example.com/mine', alias: 'hist-mine' });
    expect404(await get(t, t.adminKey, `/api/v1/links/${l.id}/revisions`));
    expect404(await get(t, t.userKey, '/api/v1/links/999999/revisions'));
    const [first] = await revisions(l.id);
    expect404(await t.as(t.adminKey, { method: 'POST', url: `/api/v1/links/${l.id}/revisions/${first?.id}/restore` }));
  });

  it('pages newest first', async () => {
    const l = await createLink(t, t.userKey, { url: 'https://example.com/pages', alias: 'hist-pages', title: 't0' });
    for (const n of [1, 2, 3]) ok(await t.as(t.userKey, { method: 'PUT', url: `/api/v1/links/${l.id}`, ...json({ title: `t${n}` }) }));
    const res = await get(t, t.userKey, `/api/v1/links/${l.id}/revisions?per_page=10&page=1`);
    expect(res.json().meta).toMatchObject({ total: 4, current_page: 1 });
    expect((res.json().data as LinkRevision[]).map((r) => r.changes.find((c) => c.field === 'title')?.new)).toEqual(['t3', 't2', 't1', 't0']);
  });
});

describe('restore', () => {
  it('brings a live link back to a revision, as a revision of its own', async () => {
    const l = ok(await t.as(t.userKey, { method: 'POST', url: '/api/v1/links', ...json({ url: 'https://example.com/r1', alias: 'hist-r', title: 'One', tags: ['a'] }) }), 201).data as { id: number };
    ok(await t.as(t.userKey, { method: 'PUT', url: `/api/v1/links/${l.id}`, ...json({ url: 'https://example.com/r2', title: 'Two', tags: ['b'] }) }));
    const [, created] = await revisions(l.id);
    const back = ok(await t.as(t.userKey, { method: 'POST', url: `/api/v1/links/${l.id}/revisions/${created?.id}/restore` }));
    expect(back.data).toMatchObject({ url: 'https://example.com/r1', title: 'One', tags: [{ name: 'a' }] });
    const [restore] = await revisions(l.id);
    expect(restore).toMatchObject({ action: 'restore', source: 'restore', restored_from: created?.id });
    expect(restore?.changes.map((c) => c.field)).toEqual(['url', 'title', 'tags']);
  });

  it('brings a deleted link back with its id, fields and password', async () => {
    const l = await createLink(t, t.userKey, { url: 'https://example.com/gone', alias: 'hist-gone', title: 'Gone', redirect_password: 'pw-12345' });
    ok(await t.as(t.userKey, { method: 'DELETE', url: `/api/v1/links/${l.id}` }));
    const [deletion, created] = await revisions(l.id);
    expect(deletion).toMatchObject({ action: 'delete', source: 'api' });
    expect422(await t.as(t.userKey, { method: 'POST', url: `/api/v1/links/${l.id}/revisions/${deletion?.id}/restore` }), 'revision_id');
    const back = ok(await t.as(t.userKey, { method: 'POST', url: `/api/v1/links/${l.id}/revisions/${created?.id}/restore` }));
    expect(back.data).toMatchObject({ id: l.id, alias: 'hist-gone', title: 'Gone', redirect_password: true });
    expect((await t.as(t.userKey, { method: 'GET', url: `/api/v1/links/${l.id}` })).statusCode).toBe(200);
  });

  it('refuses with 422 on alias when another link took the alias since', async () => {
    const l = await createLink(t, t.userKey, { url: 'https://example.com/taken', alias: 'hist-taken' });
    ok(await t.as(t.userKey, { method: 'DELETE', url: `/api/v1/links/${l.id}` }));
    await createLink(t, t.userKey, { url: 'https://example.com/other', alias: 'hist-taken' });
    const [, created] = await revisions(l.id);
    expect422(await t.as(t.userKey, { method: 'POST', url: `/api/v1/links/${l.id}/revisions/${created?.id}/restore` }), 'alias');
  });
});
