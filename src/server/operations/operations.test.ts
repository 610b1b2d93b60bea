// Operations of bulk PATCH/DELETE: history, show, and undo within 24 hours (conflicts, force, twice, expired).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { create, expect404, get, json, post } from '../test-utils/api';
import { visit } from '../redirect/test-helpers';
import { PART_SIZE } from '../links/core/link-sql';

let t: TestApp;
let n = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function account(count: number) {
  const key = (await post(t, t.adminKey, '/api/v1/users', { name: `Ops ${++n}` })).json().data.api_key as string;
  const space = (await create(t, key, 'spaces', { name: 'S' })).id;
  const pixel = (await create(t, key, 'pixels', { name: 'P', type: 'bing', value: 'p' })).id;
  const links = Array.from({ length: count }, (_, i) => ({ url: `https://o.example/${n}/${i}`, alias: `o${n}-${i}`, title: `T ${i}`, space_id: space, pixel_ids: [pixel], clicks_limit: 100 }));
  if (!count) return { key, space, pixel, ids: [] as number[] };
  const ids = ((await t.as(key, { method: 'POST', url: '/api/v1/links/bulk', ...json({ links }) })).json().data as { id: number }[]).map((l) => l.id);
  return { key, space, pixel, ids };
}

const patch = (key: string, body: unknown) => t.as(key, { method: 'PATCH', url: '/api/v1/links/bulk', ...json(body) });
const del = (key: string, body: unknown) => t.as(key, { method: 'DELETE', url: '/api/v1/links/bulk', ...json(body) });
const undo = (key: string, id: number, query = '') => t.as(key, { method: 'POST', url: `/api/v1/operations/${id}/undo${query}` });
const link = async (key: string, id: number | undefined) => (await get(t, key, `/api/v1/links/${id}`)).json().data;
const pause = () => new Promise((r) => setTimeout(r, 5));

describe('operations', () => {
  it('lists the account\'s own operations, newest first, paginated; shows one; others\' ids are 404', async () => {
    const a = await account(2);
    const first = (await patch(a.key, { all: 1, set: { disabled: 1 } })).json().data.operation;
    const second = (await del(a.key, { ids: [a.ids[0]] })).json().data.operation;
    const list = await get(t, a.key, '/api/v1/operations?per_page=10');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((o: { id: number }) => o.id)).toEqual([second.id, first.id]);
    expect(list.json().meta).toMatchObject({ total: 2, per_page: 10, current_page: 1 });
    expect(Object.keys(first).sort()).toEqual(['changes', 'count', 'created_at', 'id', 'job', 'label', 'object', 'object_id', 'progress', 'selection', 'state', 'summary', 'type', 'undo_until', 'undoable', 'undone_at']);
    expect(first).toMatchObject({ object: 'link', object_id: null, label: null, summary: 'Changed 2 links' });
    expect(first.selection).toEqual({ all: 1 });
    expect(Date.parse(first.undo_until) - Date.parse(first.created_at)).toBe(24 * 3600 * 1000);
    expect((await get(t, a.key, `/api/v1/operations/${first.id}`)).json()).toEqual({ data: first, status: 200 });
    const b = await account(0);
    expect((await get(t, b.key, '/api/v1/operations')).json().data).toEqual([]);
    expect404(await get(t, b.key, `/api/v1/operations/${first.id}`));
    expect404(await undo(b.key, first.id));
    expect404(await get(t, a.key, '/api/v1/operations/999999'));
    expect404(await get(t, a.key, '/api/v1/operations/abc'));
    expect404(await undo(a.key, 999999));
    expect((await get(t, a.key, '/api/v1/operations?per_page=7')).statusCode).toBe(422);
  });

  it('undoes a PATCH: old values, pixels and updated_at come back; twice is a 409', async () => {
    const a = await account(3);
    const before = await Promise.all(a.ids.map((id) => link(a.key, id)));
    const other = (await create(t, a.key, 'spaces', { name: 'O' })).id;
    const op = (await patch(a.key, { ids: [a.ids[0], a.ids[1]], set: { space_id: other, disabled: 1, pixel_ids: [], clicks_limit: 5, expiration_url: 'https://x.example/', active_period_end_at: '2040-01-01T00:00:00' } })).json().data.operation;
    expect((await visit(t, `/o${n}-0`)).statusCode).toBe(404);
    const res = await undo(a.key, op.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: op.id, restored: 2, skipped: [], undoable: false });
    expect(typeof res.json().data.undone_at).toBe('string');
    expect(await Promise.all(a.ids.map((id) => link(a.key, id)))).toEqual(before);
    expect((await visit(t, `/o${n}-0`)).statusCode).toBe(200); // the pixel page again
    const again = await undo(a.key, op.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: expect.stringMatching(/already undone/), status: 409 });
  });

  it('refuses to overwrite a later change (409 with the ids, nothing changed) unless force=1', async () => {
    const a = await account(3);
    const op = (await patch(a.key, { all: 1, set: { disabled: 1 } })).json().data.operation;
    await pause();
    await t.as(a.key, { method: 'PATCH', url: `/api/v1/links/${a.ids[1]}`, ...json({ title: 'Edited later' }) });
    const res = await undo(a.key, op.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ conflicts: [a.ids[1]], conflicts_count: 1, status: 409 });
    expect(res.json().message).toMatch(/force=1/);
    expect((await link(a.key, a.ids[0])).disabled).toBe(1);
    expect((await get(t, a.key, `/api/v1/operations/${op.id}`)).json().data.undoable).toBe(true);
    const forced = await undo(a.key, op.id, '?force=1');
    expect(forced.statusCode, forced.body).toBe(200);
    expect(forced.json().data.restored).toBe(3);
    expect(await link(a.key, a.ids[1])).toMatchObject({ disabled: 0, title: 'Edited later' });
  });

  it('force=1 on a PATCH leaves links deleted since as they are', async () => {
    const a = await account(2);
    const op = (await patch(a.key, { all: 1, set: { disabled: 1 } })).json().data.operation;
    await t.as(a.key, { method: 'DELETE', url: `/api/v1/links/${a.ids[0]}` });
    expect((await undo(a.key, op.id)).json().conflicts).toEqual([a.ids[0]]);
    const forced = (await undo(a.key, op.id, '?force=1')).json().data;
    expect(forced).toMatchObject({ restored: 1, skipped: [a.ids[0]] });
    expect((await link(a.key, a.ids[1])).disabled).toBe(0);
  });

  it('a space deleted since stays deleted: the undone links keep no space', async () => {
    const a = await account(1);
    const op = (await patch(a.key, { all: 1, set: { disabled: 1 } })).json().data.operation;
    const second = (await patch(a.key, { all: 1, set: { space_id: null } })).json().data.operation;
    await t.as(a.key, { method: 'DELETE', url: `/api/v1/spaces/${a.space}` });
    expect((await undo(a.key, second.id)).statusCode).toBe(200);
    expect((await link(a.key, a.ids[0])).space).toBeNull();
    // Undoing the later operation put back the links as the first left them: the first can be undone too.
    expect((await undo(a.key, op.id)).statusCode).toBe(200);
    expect(await link(a.key, a.ids[0])).toMatchObject({ disabled: 0, space: null });
  });

  it('undoes a DELETE: the links come back with the same ids, pixels, clicks and statistics', async () => {
    const a = await account(2);
    const [id0, id1] = a.ids as [number, number];
    await t.query('UPDATE links SET clicks = 4 WHERE id = ?', id0);
    await t.query("INSERT INTO click_events (link_id, clicked_at, country, browser) VALUES (?, '2026-11-20T10:00:00.000Z', 'GB', 'Chrome'), (?, '2026-11-21T10:00:00.000Z', 'DE', NULL)", id0, id0);
    await t.query("INSERT INTO click_daily (link_id, day, dimension, value, count) VALUES (?, '2026-11-20', 'clicks', '', 1), (?, '2026-11-20', 'country', 'GB', 1)", id0, id0);
    await t.query("INSERT INTO click_hourly (link_id, hour, count, uniques) VALUES (?, '2026-11-20T10', 1, 1), (?, '2026-11-21T10', 1, 0)", id0, id0);
    const before = await Promise.all(a.ids.map((id) => link(a.key, id)));
    const stats = async () => ({
      events: await t.query('SELECT link_id, clicked_at, country, browser FROM click_events WHERE link_id = ? ORDER BY clicked_at', id0),
      daily: await t.query('SELECT link_id, day, dimension, value, count FROM click_daily WHERE link_id = ? ORDER BY dimension', id0),
      hourly: await t.query('SELECT link_id, hour, count, uniques FROM click_hourly WHERE link_id = ? ORDER BY hour', id0),
    });
    const statsBefore = await stats();
    const op = (await del(a.key, { all: 1 })).json().data.operation;
    expect((await stats()).events).toEqual([]);
    expect((await stats()).hourly).toEqual([]);
    expect(statsBefore.hourly).toHaveLength(2);
    expect((await visit(t, `/o${n}-0`)).statusCode).toBe(404);
    const res = await undo(a.key, op.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.restored).toBe(2);
    expect(await Promise.all([id0, id1].map((id) => link(a.key, id)))).toEqual(before);
    expect(await stats()).toEqual(statsBefore);
    expect((await get(t, a.key, '/api/v1/links')).json().meta.total).toBe(2);
    expect((await get(t, a.key, '/api/v1/links?search=T 1&search_by=title')).json().meta.total).toBe(1);
    expect((await visit(t, `/o${n}-0`)).statusCode).toBe(200); // the pixel page again
    const fresh = await create(t, a.key, 'links', { url: 'https://new.example/' });
    expect(fresh.id).toBeGreaterThan(id1);
  });

  it('a DELETE whose alias was taken meanwhile: 409 with the ids, or force=1 brings back the others', async () => {
    const a = await account(2);
    const op = (await del(a.key, { all: 1 })).json().data.operation;
    const b = await account(0);
    await create(t, b.key, 'links', { url: 'https://thief.example/', alias: `o${n - 1}-1` });
    const res = await undo(a.key, op.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ conflicts: [a.ids[1]], conflicts_count: 1 });
    expect((await get(t, a.key, '/api/v1/links')).json().meta.total).toBe(0);
    const forced = await undo(a.key, op.id, '?force=1');
    expect(forced.json().data).toMatchObject({ restored: 1, skipped: [a.ids[1]] });
    expect((await link(a.key, a.ids[0])).alias).toBe(`o${n - 1}-0`);
    expect404(await get(t, a.key, `/api/v1/links/${a.ids[1]}`));
  });

  it('keeps the list\'s totals exact through bulk changes and their undo (per-account counters)', async () => {
    const a = await account(5);
    const totals = async () => ({
      all: (await get(t, a.key, '/api/v1/links')).json().meta.total,
      disabled: (await get(t, a.key, '/api/v1/links?status=3')).json().meta.total,
      active: (await get(t, a.key, '/api/v1/links?status=1')).json().meta.total,
    });
    expect(await totals()).toEqual({ all: 5, disabled: 0, active: 5 });
    const off = (await patch(a.key, { ids: a.ids.slice(0, 3), set: { disabled: 1 } })).json().data.operation;
    expect(await totals()).toEqual({ all: 5, disabled: 3, active: 2 });
    const gone = (await del(a.key, { status: 3 })).json().data.operation;
    expect(await totals()).toEqual({ all: 2, disabled: 0, active: 2 });
    await undo(a.key, gone.id);
    expect(await totals()).toEqual({ all: 5, disabled: 3, active: 2 });
    await undo(a.key, off.id);
    expect(await totals()).toEqual({ all: 5, disabled: 0, active: 5 });
    await create(t, a.key, 'links', { url: 'https://after.example/', disabled: 1 });
    expect(await totals()).toEqual({ all: 6, disabled: 1, active: 5 }); // the per-row triggers work again
  });

  it('writes big selections in parts within the one transaction (parts of 2 here)', async () => {
    const saved = { ...PART_SIZE };
    Object.assign(PART_SIZE, { postgres: 2, sqlite: 2 });
    try {
      const a = await account(5);
      await t.query("INSERT INTO click_events (link_id, clicked_at) VALUES (?, '2026-11-20T10:00:00.000Z'), (?, '2026-11-20T11:00:00.000Z')", a.ids[0], a.ids[4]);
      const before = await Promise.all(a.ids.map((id) => link(a.key, id)));
      const edit = (await patch(a.key, { all: 1, set: { clicks_limit: 9 } })).json().data.operation;
      expect((await Promise.all(a.ids.map((id) => link(a.key, id)))).map((l) => l.clicks_limit)).toEqual([9, 9, 9, 9, 9]);
      await undo(a.key, edit.id);
      expect(await Promise.all(a.ids.map((id) => link(a.key, id)))).toEqual(before);
      const gone = (await del(a.key, { all: 1 })).json().data.operation;
      expect(gone.count).toBe(5);
      expect((await get(t, a.key, '/api/v1/links')).json().meta.total).toBe(0);
      expect((await undo(a.key, gone.id)).json().data.restored).toBe(5);
      expect(await Promise.all(a.ids.map((id) => link(a.key, id)))).toEqual(before);
      expect(await t.query('SELECT count(*) AS n FROM click_events WHERE link_id IN (?, ?)', a.ids[0], a.ids[4])).toEqual([{ n: 2 }]);
    } finally {
      Object.assign(PART_SIZE, saved);
    }
  });

  it('after 24 hours an operation cannot be undone (409), and its before-images are dropped', async () => {
    const a = await account(1);
    const op = (await del(a.key, { all: 1 })).json().data.operation;
    await t.query("UPDATE operations SET undo_until = '2020-01-01T00:00:00.000Z' WHERE id = ?", op.id);
    const res = await undo(a.key, op.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/24 hours/);
    expect((await get(t, a.key, `/api/v1/operations/${op.id}`)).json().data.undoable).toBe(false);
    const b = await account(1);
    await patch(b.key, { all: 1, set: { disabled: 1 } }); // any new operation purges expired before-images
    for (const table of ['operation_links', 'operation_deleted_links', 'operation_link_pixels']) {
      expect(await t.query(`SELECT * FROM ${table} WHERE operation_id = ?`, op.id)).toEqual([]);
    }
    expect((await undo(a.key, op.id)).statusCode).toBe(409);
  });
});
