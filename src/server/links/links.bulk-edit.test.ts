// PATCH and DELETE /api/v1/links/bulk: selections by ids and list filters, dry run, one transaction, and the
// redirect cache hearing of every change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createTestApp, form, onPostgres, type TestApp } from '../test-utils/test-app';
import { buildApp } from '../app';
import { openPostgres } from '../db/postgres/open-postgres';
import { create, expect404, expect422, get, json, post } from '../test-utils/api';
import { visit } from '../redirect/test-helpers';

let t: TestApp;
let n = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A fresh account with `count` links in one space (titles "<tag> 0".."<tag> n-1"), oldest first. */
async function account(count: number, tag = 'Item') {
  const res = await post(t, t.adminKey, '/api/v1/users', { name: `Bulk ${++n}` });
  const key = res.json().data.api_key as string;
  const space = (await create(t, key, 'spaces', { name: 'S' })).id;
  const links = Array.from({ length: count }, (_, i) => ({ url: `https://e.example/${n}/${i}`, alias: `u${n}-${i}`, title: `${tag} ${i}`, space_id: space }));
  if (!count) return { key, space, ids: [] as number[] };
  const made = await t.as(key, { method: 'POST', url: '/api/v1/links/bulk', ...json({ links }) });
  if (made.statusCode !== 201) throw new Error(made.body);
  const ids = (made.json().data as { id: number }[]).map((l) => l.id);
  return { key, space, ids };
}

const patch = (key: string, body: unknown, query = '') => t.as(key, { method: 'PATCH', url: `/api/v1/links/bulk${query}`, ...json(body) });
const del = (key: string, body: unknown, query = '') =>
  t.as(key, { method: 'DELETE', url: `/api/v1/links/bulk${query}`, ...(body === undefined ? {} : json(body)) });
const link = async (key: string, id: number | undefined) => (await get(t, key, `/api/v1/links/${id}`)).json().data;

describe('PATCH /links/bulk', () => {
  it('sets the fields on the links of ids only, and answers the count and the operation', async () => {
    const a = await account(4);
    const pixel = (await create(t, a.key, 'pixels', { name: 'Px', type: 'bing', value: 'x' })).id;
    const other = (await create(t, a.key, 'spaces', { name: 'Other' })).id;
    const set = { space_id: other, disabled: 1, pixel_ids: [pixel], active_period_end_at: '2031-01-01 10:00', clicks_limit: 7, expiration_url: 'https://exp.example/' };
    const res = await patch(a.key, { ids: [a.ids[0], a.ids[2]], set });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.count).toBe(2);
    expect(data.operation).toMatchObject({ type: 'update', count: 2, selection: { ids: [a.ids[0], a.ids[2]] }, undoable: true, undone_at: null });
    expect(data.operation.changes).toEqual({ ...set, active_period_end_at: '2031-01-01T10:00:00.000Z' });
    for (const id of [a.ids[0], a.ids[2]]) {
      expect(await link(a.key, id)).toMatchObject({ space: { id: other }, disabled: 1, pixels: [{ id: pixel }], active_period_end_at: '2031-01-01T10:00:00.000Z', clicks_limit: 7, expiration_url: 'https://exp.example/', updated_at: data.operation.created_at });
    }
    expect(await link(a.key, a.ids[1])).toMatchObject({ space: { id: a.space }, disabled: 0, pixels: [], clicks_limit: null });
  });

  it('selects by the list filters (search, status, space), and by ids that also match them', async () => {
    const a = await account(6);
    await patch(a.key, { ids: [a.ids[5]], set: { disabled: 1 } });
    const bySearch = await patch(a.key, { search: 'Item 1', search_by: 'title', set: { clicks_limit: 3 } });
    expect(bySearch.json().data.count).toBe(1);
    expect((await link(a.key, a.ids[1])).clicks_limit).toBe(3);
    const byStatus = await patch(a.key, { status: 1, space_id: a.space, set: { expiration_url: 'https://x.example/' } });
    expect(byStatus.json().data.count).toBe(5);
    expect((await link(a.key, a.ids[5])).expiration_url).toBeNull();
    const both = await patch(a.key, { ids: [a.ids[0], a.ids[5]], status: 3, set: { disabled: 0 } });
    expect(both.json().data.count).toBe(1);
    expect((await link(a.key, a.ids[5])).disabled).toBe(0);
    expect((await patch(a.key, { space_id: 0, set: { disabled: 1 } })).json().data).toEqual({ count: 0, operation: null, skipped: 0 });
  });

  it('clears with empty values, and all=1 selects every link of the account', async () => {
    const a = await account(3);
    const res = await patch(a.key, { all: 1, set: { space_id: null, pixel_ids: [], clicks_limit: 0 } });
    expect(res.json().data.count).toBe(3);
    for (const id of a.ids) expect(await link(a.key, id)).toMatchObject({ space: null, pixels: [], clicks_limit: null });
  });

  it('dry_run answers the count and the first 10 links as GET /links shows them, changing nothing', async () => {
    const a = await account(12);
    const res = await patch(a.key, { space_id: a.space, set: { disabled: 1 } }, '?dry_run=1');
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.count).toBe(12);
    expect(data.dry_run).toBe(true);
    const list = (await get(t, a.key, `/api/v1/links?space_id=${a.space}`)).json().data;
    expect(data.links).toEqual(list);
    expect(list.every((l: { disabled: number }) => l.disabled === 0)).toBe(true);
    expect((await get(t, a.key, '/api/v1/operations')).json().data).toEqual([]);
  });

  it('touches nothing of another account (its ids select nothing)', async () => {
    const a = await account(1);
    const b = await account(1);
    const res = await patch(a.key, { ids: b.ids, set: { disabled: 1 } });
    expect(res.json().data.count).toBe(0);
    expect((await link(b.key, b.ids[0])).disabled).toBe(0);
  });

  it('refuses a selection that names nothing, a missing set and bad values, with the field named', async () => {
    const a = await account(1);
    expect(expect422(await patch(a.key, { set: { disabled: 1 } }), 'ids').ids?.[0]).toMatch(/^Select links by ids or by filters .* all=1/);
    expect422(await patch(a.key, { ids: a.ids }), 'set');
    expect422(await patch(a.key, { ids: a.ids, set: {} }), 'set');
    expect422(await patch(a.key, { ids: a.ids, set: { disabled: 5 } }), 'set.disabled');
    expect422(await patch(a.key, { ids: a.ids, set: { expiration_url: 'javascript:alert(1)' } }), 'set.expiration_url');
    expect422(await patch(a.key, { ids: a.ids, set: { active_period_end_at: 'soon' } }), 'set.active_period_end_at');
    expect422(await patch(a.key, { ids: a.ids, set: { clicks_limit: -1 } }), 'set.clicks_limit');
    expect422(await patch(a.key, { ids: ['x'], set: { disabled: 1 } }), 'ids.0');
    expect422(await patch(a.key, { ids: Array.from({ length: 10_001 }, (_, i) => i + 1), set: { disabled: 1 } }), 'ids');
    expect422(await patch(a.key, { status: 9, set: { disabled: 1 } }), 'status');
    expect422(await patch(a.key, { search_by: 'body', search: 'x', set: { disabled: 1 } }), 'search_by');
    expect422(await patch(a.key, { ids: a.ids, set: { disabled: 1 } }, '?dry_run=yes'), 'dry_run');
    const theirs = await account(0);
    const space = (await create(t, theirs.key, 'spaces', { name: 'T' })).id;
    const pixel = (await create(t, theirs.key, 'pixels', { name: 'T', type: 'bing', value: 't' })).id;
    expect422(await patch(a.key, { ids: a.ids, set: { space_id: space } }), 'set.space_id');
    expect422(await patch(a.key, { ids: a.ids, set: { pixel_ids: [pixel] } }), 'set.pixel_ids.0');
    expect((await link(a.key, a.ids[0])).disabled).toBe(0);
  });

  it('refuses an end date before a selected link starts, changing nothing', async () => {
    const a = await account(2);
    await t.as(a.key, { method: 'PATCH', url: `/api/v1/links/${a.ids[1]}`, ...json({ active_period_start_at: '2030-06-01T00:00:00' }) });
    const res = await patch(a.key, { all: 1, set: { active_period_end_at: '2030-01-01T00:00:00', disabled: 1 } });
    expect(expect422(res, 'set.active_period_end_at')['set.active_period_end_at']?.[0]).toContain(`ids ${a.ids[1]}`);
    expect((await link(a.key, a.ids[0])).disabled).toBe(0);
  });

  it('takes a form body with bracket notation', async () => {
    const a = await account(2);
    const res = await t.as(a.key, { method: 'PATCH', url: '/api/v1/links/bulk', ...form([['ids[]', a.ids[0] as number], ['set[disabled]', 1]]) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.count).toBe(1);
  });

  it('the redirect hears of every change: a few links one by one, many at once', async () => {
    const few = await account(2);
    expect((await visit(t, `/u${n}-0`)).statusCode).toBe(302);
    await patch(few.key, { all: 1, set: { disabled: 1 } });
    expect((await visit(t, `/u${n}-0`)).statusCode).toBe(404);
    const many = await account(150);
    expect((await visit(t, `/u${n}-7`)).statusCode).toBe(302);
    await patch(many.key, { all: 1, set: { expiration_url: 'https://over.example/', active_period_end_at: '2020-01-01T00:00:00' } });
    expect((await visit(t, `/u${n}-7`)).headers.location).toBe('https://over.example/');
  });
});

describe('DELETE /links/bulk', () => {
  it('deletes the selection (body or query) in one go and answers the count', async () => {
    const a = await account(5);
    const res = await del(a.key, { ids: [a.ids[0], a.ids[1]] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ count: 2, operation: { type: 'delete', count: 2, changes: {} } });
    expect404(await get(t, a.key, `/api/v1/links/${a.ids[0]}`));
    const byIds = await del(a.key, undefined, `?ids=${a.ids[2]}&ids=${a.ids[3]}&dry_run=1`);
    expect(byIds.json().data.count).toBe(2);
    expect((await del(a.key, undefined, `?ids[]=${a.ids[2]}&ids[]=${a.ids[3]}&ids[]=${a.ids[4]}&dry_run=1`)).json().data.count).toBe(3);
    const byQuery = await del(a.key, undefined, `?search=Item&search_by=title&space_id=${a.space}`);
    expect(byQuery.json().data.count).toBe(3);
    expect((await get(t, a.key, '/api/v1/links')).json().meta.total).toBe(0);
  });

  it('dry_run counts and shows the first links without deleting', async () => {
    const a = await account(3);
    const res = await del(a.key, undefined, '?all=1&dry_run=1');
    expect(res.json().data.count).toBe(3);
    expect(res.json().data.links.map((l: { id: number }) => l.id)).toEqual([...a.ids].reverse());
    expect((await get(t, a.key, '/api/v1/links')).json().meta.total).toBe(3);
  });

  it('refuses a selection that names nothing and bad filters; another account\'s ids delete nothing', async () => {
    const a = await account(1);
    const b = await account(1);
    expect422(await del(a.key, undefined), 'ids');
    expect422(await del(a.key, {}), 'ids');
    expect422(await del(a.key, undefined, '?status=7'), 'status');
    expect422(await del(a.key, { ids: [0] }), 'ids.0');
    expect((await del(a.key, { ids: b.ids })).json().data.count).toBe(0);
    expect((await link(b.key, b.ids[0])).id).toBe(b.ids[0]);
  });

  it('the redirect stops at once', async () => {
    const a = await account(1);
    expect((await visit(t, `/u${n}-0`)).statusCode).toBe(302);
    await del(a.key, { all: 1 });
    expect((await visit(t, `/u${n}-0`)).statusCode).toBe(404);
  });
});

describe.runIf(onPostgres)('several instances on one PostgreSQL', () => {
  it('another instance hears of a bulk change, a few links one by one and many at once', async () => {
    if (t.db.dialect !== 'postgres') return;
    const db2 = await openPostgres(t.db.url, { max: 2 });
    const other = await buildApp({ config: t.app.ctx.config, db: db2 });
    await other.ready();
    const visitOther = (path: string) => other.inject({ method: 'GET', url: path, headers: { 'user-agent': 'Mozilla/5.0 Chrome/124.0' } } as InjectOptions);
    const until = async (path: string, status: number) => {
      for (let i = 0; i < 100 && (await visitOther(path)).statusCode !== status; i++) await new Promise((r) => setTimeout(r, 20));
      return (await visitOther(path)).statusCode;
    };
    try {
      const few = await account(3);
      const alias = `/u${n}-1`;
      expect((await visitOther(alias)).statusCode).toBe(302);
      await patch(few.key, { all: 1, set: { disabled: 1 } });
      expect(await until(alias, 404)).toBe(404);
      const many = await account(120);
      const manyAlias = `/u${n}-5`;
      expect((await visitOther(manyAlias)).statusCode).toBe(302);
      await del(many.key, { all: 1 });
      expect(await until(manyAlias, 404)).toBe(404);
    } finally {
      await other.close();
      await db2.close();
    }
  });
});
