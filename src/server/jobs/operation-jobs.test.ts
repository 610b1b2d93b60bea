// Long operations as jobs: past BULK_JOB_THRESHOLD links a bulk PATCH or DELETE, and its undo, answer 202 with the
// operation running, commit in chunks (BULK_JOB_CHUNK here), and GET /operations/{id} follows them to `done`; the
// result and the history are those of the same operation made in one request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { create, get, json, post } from '../test-utils/api';

let t: TestApp;
let key: string;
const N = 30;
let ids: number[] = [];
beforeAll(async () => {
  process.env.BULK_JOB_THRESHOLD = '5';
  process.env.BULK_JOB_CHUNK = '7';
  t = await createTestApp({ webhookPollMs: 0 });
  key = (await post(t, t.adminKey, '/api/v1/users', { name: 'Jobs' })).json().data.api_key as string;
  const links = Array.from({ length: N }, (_, i) => ({ url: `https://example.com/${i}`, alias: `job-${i}` }));
  const res = await t.as(key, { method: 'POST', url: '/api/v1/links/bulk', ...json({ links }) });
  expect(res.statusCode, res.body).toBe(201);
  ids = (res.json().data as { id: number }[]).map((l) => l.id);
});
afterAll(async () => {
  await t.close();
  delete process.env.BULK_JOB_THRESHOLD;
  delete process.env.BULK_JOB_CHUNK;
});

interface Op {
  id: number;
  state: string;
  progress: { done: number; total: number };
  undone_at: string | null;
  undoable: boolean;
  job: { kind: string; state: string; done: number; total: number; error: string | null } | null;
}

/** Polls the operation until its job is no longer running. */
async function settled(id: number): Promise<Op> {
  for (let i = 0; i < 200; i++) {
    const op = (await get(t, key, `/api/v1/operations/${id}`)).json().data as Op;
    if (op.job?.state !== 'running') return op;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the job did not end');
}

const started = (res: { statusCode: number; body: string; json(): { data: { count: number; operation: Op } } }, kind: string) => {
  expect(res.statusCode, res.body).toBe(202);
  const { operation } = res.json().data;
  expect(operation).toMatchObject({ state: 'running', undoable: false, job: { kind, state: 'running', total: N, error: null } });
  expect(operation.progress).toEqual({ done: operation.job?.done, total: N });
  return operation;
};

describe('a bulk PATCH and its undo as jobs', () => {
  it('202, progress to done, the links changed with one revision each; the undo likewise', async () => {
    const space = await create(t, key, 'spaces', { name: 'Jobbed' });
    const res = await t.as(key, { method: 'PATCH', url: '/api/v1/links/bulk', ...json({ all: 1, set: { disabled: 1, space_id: space.id } }) });
    expect(res.json().data.count).toBe(N);
    const op = started(res, 'apply');
    const done = await settled(op.id);
    expect(done).toMatchObject({ state: 'done', progress: { done: N, total: N }, undoable: true, job: { kind: 'apply', state: 'done', done: N, total: N } });
    const links = (await get(t, key, "/api/v1/links?per_page=100")).json().data as { disabled: number; space: { id: number } | null }[];
    expect(links.every((l) => l.disabled === 1 && l.space?.id === space.id)).toBe(true);
    const revisions = (await get(t, key, `/api/v1/links/${ids[3]}/revisions`)).json().data;
    expect(revisions[0]).toMatchObject({ action: 'update', source: 'bulk_edit', changes: [{ field: 'space_id', old: null, new: space.id }, { field: 'disabled', old: 0, new: 1 }] });

    const undo = started(await t.as(key, { method: 'POST', url: `/api/v1/operations/${op.id}/undo` }), 'undo');
    const back = await settled(undo.id);
    expect(back).toMatchObject({ state: 'done', undoable: false, job: { kind: 'undo', state: 'done', done: N } });
    expect(back.undone_at).not.toBeNull();
    const after = (await get(t, key, '/api/v1/links?per_page=100')).json().data as { disabled: number; space: { id: number } | null }[];
    expect(after.every((l) => l.disabled === 0 && l.space === null)).toBe(true);
    const [undone] = (await get(t, key, `/api/v1/links/${ids[3]}/revisions`)).json().data;
    expect(undone).toMatchObject({ action: 'update', source: 'undo', changes: [{ field: 'space_id', old: space.id, new: null }, { field: 'disabled', old: 1, new: 0 }] });
    expect((await t.as(key, { method: 'POST', url: `/api/v1/operations/${op.id}/undo` })).statusCode).toBe(409);
  });

  it('tags by a job, and their undo', async () => {
    const op = started(await t.as(key, { method: 'PATCH', url: '/api/v1/links/bulk', ...json({ all: 1, set: { add_tags: ['jobbed'] } }) }), 'apply');
    await settled(op.id);
    expect((await get(t, key, `/api/v1/links/${ids[0]}`)).json().data.tags).toMatchObject([{ name: 'jobbed' }]);
    await settled(started(await t.as(key, { method: 'POST', url: `/api/v1/operations/${op.id}/undo` }), 'undo').id);
    expect((await get(t, key, `/api/v1/links/${ids[0]}`)).json().data.tags).toEqual([]);
    expect((await get(t, key, '/api/v1/tags')).json().data).toEqual([]);
  });
});

describe('a bulk DELETE and its undo as jobs', () => {
  it('deletes in chunks, and the undo brings every link back with its id', async () => {
    await t.query('INSERT INTO click_daily (link_id, day, clicks) VALUES (?, ?, ?)', ids[5], '2026-11-01', 4).catch(() => undefined);
    const op = started(await t.as(key, { method: 'DELETE', url: '/api/v1/links/bulk?all=1' }), 'apply');
    expect(await settled(op.id)).toMatchObject({ state: 'done', job: { state: 'done', done: N } });
    expect((await get(t, key, '/api/v1/links')).json().meta.total).toBe(0);
    expect((await get(t, key, `/api/v1/links/${ids[0]}/revisions`)).json().data[0]).toMatchObject({ action: 'delete', source: 'bulk_delete' });
    await settled(started(await t.as(key, { method: 'POST', url: `/api/v1/operations/${op.id}/undo` }), 'undo').id);
    const back = (await get(t, key, '/api/v1/links?per_page=100&sort_by=id&sort=asc')).json().data as { id: number; alias: string }[];
    expect(back.map((l) => l.id)).toEqual(ids);
    expect((await get(t, key, `/api/v1/links/${ids[0]}/revisions`)).json().data[0]).toMatchObject({ action: 'create', source: 'undo' });
    expect((await get(t, key, '/api/v1/operations')).json().data[0]).toMatchObject({ id: op.id, state: 'done', undoable: false });
  });
});
