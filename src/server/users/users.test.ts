import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, form, type TestApp } from '../test-utils/test-app';
import { createLink, expect401, expect404, expect422, get, ids, post } from '../test-utils/api';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const FORBIDDEN = { message: 'This action is unauthorized.', status: 403 };

describe('users (admins only)', () => {
  it('answers 403 to a non-admin on every route', async () => {
    for (const [method, url] of [['GET', '/api/v1/users'], ['GET', '/api/v1/users/1'], ['POST', '/api/v1/users'], ['PUT', '/api/v1/users/1'], ['PATCH', '/api/v1/users/1'], ['DELETE', '/api/v1/users/1']] as const) {
      const res = await t.as(t.userKey, { method, url, ...form({ name: 'x' }) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual(FORBIDDEN);
    }
  });

  it('store answers 201 with the new key once; the key works; show never returns it', async () => {
    const res = await post(t, t.adminKey, '/api/v1/users', { name: 'Carol' });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(Object.keys(data).sort()).toEqual(['api_key', 'created_at', 'id', 'name', 'role', 'updated_at']);
    expect(data).toMatchObject({ name: 'Carol', role: 'user' });
    expect(typeof data.api_key).toBe('string');
    const me = await get(t, data.api_key, '/api/v1/account');
    expect(me.json().data).toMatchObject({ id: data.id, name: 'Carol', role: 'user' });
    const shown = await get(t, t.adminKey, `/api/v1/users/${data.id}`);
    expect(Object.keys(shown.json().data).sort()).toEqual(['created_at', 'id', 'name', 'role', 'updated_at']);
    expect((await get(t, t.adminKey, '/api/v1/users?per_page=100')).body).not.toContain(data.api_key);
    const [stored] = await t.query<{ api_key_hash: string }>('SELECT api_key_hash FROM users WHERE id = ?', data.id);
    expect(stored?.api_key_hash).not.toBe(data.api_key);
    expect(stored?.api_key_hash).not.toContain(data.api_key);
  });

  it('validates name and role', async () => {
    expect422(await post(t, t.adminKey, '/api/v1/users', {}), 'name');
    expect422(await post(t, t.adminKey, '/api/v1/users', { name: 'x'.repeat(65) }), 'name');
    expect422(await post(t, t.adminKey, '/api/v1/users', { name: 'R', role: 'root' }), 'role');
  });

  it('updates with PUT and PATCH', async () => {
    const u = (await post(t, t.adminKey, '/api/v1/users', { name: 'Dave' })).json().data;
    const put = await t.as(t.adminKey, { method: 'PUT', url: `/api/v1/users/${u.id}`, ...form({ role: 'admin' }) });
    expect(put.json().data).toMatchObject({ name: 'Dave', role: 'admin' });
    const patch = await t.as(t.adminKey, { method: 'PATCH', url: `/api/v1/users/${u.id}`, ...form({ name: 'David' }) });
    expect(patch.json().data).toMatchObject({ name: 'David', role: 'admin' });
    const back = await t.as(t.adminKey, { method: 'PATCH', url: `/api/v1/users/${u.id}`, ...form({ role: 'user' }) });
    expect(back.json().data.role).toBe('user');
    expect404(await t.as(t.adminKey, { method: 'PATCH', url: '/api/v1/users/99999', ...form({ name: 'n' }) }));
  });

  it('lists, searches and sorts users', async () => {
    const res = await get(t, t.adminKey, '/api/v1/users?search=CAROL');
    expect(res.json().meta.total).toBe(1);
    const asc = ids(await get(t, t.adminKey, '/api/v1/users?sort_by=id&sort=asc&per_page=100'));
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const names = (await get(t, t.adminKey, '/api/v1/users?sort_by=name&sort=desc&per_page=100')).json().data.map((u: { name: string }) => u.name);
    expect(names).toEqual([...names].sort().reverse());
  });

  it('deleting a user deletes what it owns and its key stops working', async () => {
    const u = (await post(t, t.adminKey, '/api/v1/users', { name: 'Eve' })).json().data;
    const link = await createLink(t, u.api_key, { url: 'https://e.com', alias: 'eves-link' });
    const res = await t.as(t.adminKey, { method: 'DELETE', url: `/api/v1/users/${u.id}` });
    expect(res.json()).toEqual({ id: u.id, object: 'user', deleted: true, status: 200 });
    expect(await t.query('SELECT count(*) AS n FROM links WHERE id = ?', link.id)).toEqual([{ n: 0 }]);
    expect401(await get(t, u.api_key, '/api/v1/links'));
    await createLink(t, t.userKey, { url: 'https://e.com', alias: 'eves-link' });
  });

  it('the last admin can be neither deleted nor demoted (422)', async () => {
    const admins = (await get(t, t.adminKey, '/api/v1/users?per_page=100')).json().data.filter((u: { role: string }) => u.role === 'admin');
    expect(admins).toHaveLength(1);
    const adminId = admins[0].id;
    const del = await t.as(t.adminKey, { method: 'DELETE', url: `/api/v1/users/${adminId}` });
    expect422(del);
    expect(del.json().message).toBe('The last admin cannot be deleted: make another user an admin first.');
    const demote = await t.as(t.adminKey, { method: 'PATCH', url: `/api/v1/users/${adminId}`, ...form({ role: 'user' }) });
    expect422(demote, 'role');
    expect(demote.json().errors.role).toEqual(['The last admin cannot be demoted: make another user an admin first.']);
    expect((await get(t, t.adminKey, `/api/v1/users/${adminId}`)).json().data.role).toBe('admin');
    // With a second admin, the first can step down.
    const second = (await post(t, t.adminKey, '/api/v1/users', { name: 'Second', role: 'admin' })).json().data;
    expect((await t.as(t.adminKey, { method: 'PATCH', url: `/api/v1/users/${adminId}`, ...form({ role: 'user' }) })).statusCode).toBe(200);
    expect422(await t.as(second.api_key, { method: 'DELETE', url: `/api/v1/users/${second.id}` }));
  });
});
