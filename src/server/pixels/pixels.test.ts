import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, form, type TestApp } from '../test-utils/test-app';
import { create, createLink, expect404, expect422, get, post } from '../test-utils/api';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const TYPES = ['adroll', 'bing', 'facebook', 'google-ads', 'google-analytics', 'google-tag-manager', 'linkedin', 'pinterest', 'quora', 'reddit', 'tiktok', 'x'];

describe('pixels', () => {
  it('stores every type and shows the contract fields', async () => {
    for (const type of TYPES) {
      const res = await post(t, t.userKey, '/api/v1/pixels', { name: `P ${type}`, type, value: 'AW-123_abc' });
      expect(res.statusCode).toBe(201);
      expect(Object.keys(res.json().data).sort()).toEqual(['created_at', 'id', 'name', 'type', 'updated_at', 'value']);
      expect(res.json().data).toMatchObject({ name: `P ${type}`, type, value: 'AW-123_abc' });
    }
  });

  it('validates name, type and value', async () => {
    expect422(await post(t, t.userKey, '/api/v1/pixels', { type: 'x', value: 'a' }), 'name');
    expect422(await post(t, t.userKey, '/api/v1/pixels', { name: 'n', type: 'myspace', value: 'a' }), 'type');
    expect422(await post(t, t.userKey, '/api/v1/pixels', { name: 'n', type: 'x', value: '<script>' }), 'value');
    expect422(await post(t, t.userKey, '/api/v1/pixels', { name: 'n', type: 'x', value: 'a'.repeat(256) }), 'value');
    expect422(await post(t, t.userKey, '/api/v1/pixels', { name: 'n', type: 'x' }), 'value');
  });

  it('updates partially with PUT and PATCH; a failed update changes nothing', async () => {
    const p = await create(t, t.userKey, 'pixels', { name: 'Upd', type: 'bing', value: 'b1' });
    const put = await t.as(t.userKey, { method: 'PUT', url: `/api/v1/pixels/${p.id}`, ...form({ value: 'b2' }) });
    expect(put.json().data).toMatchObject({ name: 'Upd', type: 'bing', value: 'b2' });
    const patch = await t.as(t.userKey, { method: 'PATCH', url: `/api/v1/pixels/${p.id}`, ...form({ type: 'x' }) });
    expect(patch.json().data).toMatchObject({ type: 'x', value: 'b2' });
    expect422(await t.as(t.userKey, { method: 'PATCH', url: `/api/v1/pixels/${p.id}`, ...form({ name: 'Changed', type: 'nope' }) }), 'type');
    expect((await get(t, t.userKey, `/api/v1/pixels/${p.id}`)).json().data).toMatchObject({ name: 'Upd', type: 'x' });
  });

  it('delete detaches it from links', async () => {
    const p = await create(t, t.userKey, 'pixels', { name: 'Gone', type: 'reddit', value: 'r' });
    const link = await createLink(t, t.userKey, { url: 'https://e.com', 'pixel_ids[]': p.id });
    expect(link.pixels).toHaveLength(1);
    const res = await t.as(t.userKey, { method: 'DELETE', url: `/api/v1/pixels/${p.id}` });
    expect(res.json()).toEqual({ id: p.id, object: 'pixel', deleted: true, status: 200, operation: expect.objectContaining({ type: 'delete', object: 'pixel', object_id: p.id, undoable: true }) });
    expect((await get(t, t.userKey, `/api/v1/links/${link.id}`)).json().data.pixels).toEqual([]);
    expect404(await get(t, t.userKey, `/api/v1/pixels/${p.id}`));
    expect((await get(t, t.userKey, `/api/v1/links?pixel_id=${p.id}`)).json().meta.total).toBe(0);
  });
});

describe('pixel list', () => {
  let tl: TestApp;
  beforeAll(async () => {
    tl = await createTestApp();
    await create(tl, tl.userKey, 'pixels', { name: 'Face one', type: 'facebook', value: 'f1' });
    await create(tl, tl.userKey, 'pixels', { name: 'Tok', type: 'tiktok', value: 't1' });
    await create(tl, tl.userKey, 'pixels', { name: 'Face two', type: 'facebook', value: 'f2' });
    await create(tl, tl.adminKey, 'pixels', { name: 'Face admin', type: 'facebook', value: 'fa' });
  });
  afterAll(async () => tl.close());
  const names = async (q: string) => ((await get(tl, tl.userKey, `/api/v1/pixels?${q}`)).json().data as { name: string }[]).map((s) => s.name);

  it('filters by type, searches by name, sorts', async () => {
    expect(await names('type=facebook')).toEqual(['Face two', 'Face one']);
    expect(await names('type=tiktok')).toEqual(['Tok']);
    expect(await names('type=x')).toEqual([]);
    expect(await names('search=face&sort_by=name&sort=asc')).toEqual(['Face one', 'Face two']);
    expect(await names('sort_by=name&sort=desc')).toEqual(['Tok', 'Face two', 'Face one']);
    expect(await names('sort_by=id&sort=asc')).toEqual(['Face one', 'Tok', 'Face two']);
    expect((await get(tl, tl.userKey, '/api/v1/pixels?type=facebook')).json().meta.total).toBe(2);
    expect422(await get(tl, tl.userKey, '/api/v1/pixels?type=myspace'), 'type');
  });
});
