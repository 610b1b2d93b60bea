// The workspaces API: list, create, show, rename and delete; the persons the instance admin manages are
// persons only; deleting a person never leaves a team workspace without an owner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { expect422 } from '../test-utils/api';
import { addMember, expectMissingScope, inWorkspace, newPerson, newWorkspace, workspaceKey, type Person } from '../test-utils/workspaces';
import { API_SCOPES, ROLE_SCOPES } from '../../shared/api-scopes';

const NOT_FOUND = { message: 'Resource not found.', status: 404 };

let t: TestApp;
let ada: Person;
let bob: Person;
beforeAll(async () => {
  t = await createTestApp();
  ada = await newPerson(t, 'Ada');
  bob = await newPerson(t, 'Bob');
});
afterAll(async () => t.close());

describe('workspaces', () => {
  it('creates a team workspace owned by its creator, and lists mine with my role, the personal one first', async () => {
    const res = await t.as(ada.key, { method: 'POST', url: '/api/v1/workspaces', payload: { name: ' Marketing ' } });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toEqual({ id: expect.any(Number), name: 'Marketing', kind: 'team', role: 'owner', scopes: [...API_SCOPES], created_at: expect.stringMatching(/Z$/), updated_at: expect.stringMatching(/Z$/) });
    await addMember(t, created.id, bob, 'viewer');

    const list = await t.as(bob.key, { method: 'GET', url: '/api/v1/workspaces' });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      expect.objectContaining({ id: bob.id, name: 'Bob', kind: 'personal', role: 'owner' }),
      expect.objectContaining({ id: created.id, name: 'Marketing', kind: 'team', role: 'viewer', scopes: [...ROLE_SCOPES.viewer] }),
    ]);
    expect(list.json().meta).toMatchObject({ total: 2, per_page: 10, current_page: 1 });
    const second = await t.as(bob.key, { method: 'GET', url: '/api/v1/workspaces?per_page=10&page=2' });
    expect(second.json().data).toEqual([]);
    expect(second.json().meta).toMatchObject({ total: 2, current_page: 2 });
    expect422(await t.as(bob.key, { method: 'GET', url: '/api/v1/workspaces?per_page=7' }), 'per_page');

    expect((await t.as(bob.key, { method: 'GET', url: `/api/v1/workspaces/${created.id}` })).json().data).toMatchObject({ id: created.id, role: 'viewer' });
    // Not a member: like a missing id.
    const outsider = await newPerson(t, 'Outsider');
    for (const id of [created.id, 999_999, 'x']) {
      const probe = await t.as(outsider.key, { method: 'GET', url: `/api/v1/workspaces/${id}` });
      expect({ status: probe.statusCode, body: probe.json() }, String(id)).toEqual({ status: 404, body: NOT_FOUND });
    }
  });

  it('refuses a workspace without a valid name (422 naming it), and one made with a key of a workspace (403)', async () => {
    expect422(await t.as(ada.key, { method: 'POST', url: '/api/v1/workspaces', payload: {} }), 'name');
    expect422(await t.as(ada.key, { method: 'POST', url: '/api/v1/workspaces', payload: { name: ' ' } }), 'name');
    expect422(await t.as(ada.key, { method: 'POST', url: '/api/v1/workspaces', payload: { name: 'x'.repeat(65) } }), 'name');
    const key = await workspaceKey(t, ada, ada.id, [...API_SCOPES]);
    const res = await t.as(key, { method: 'POST', url: '/api/v1/workspaces', payload: { name: 'By key' } });
    expect(res.statusCode).toBe(403);
  });

  it('renames a team workspace for its owners only; a personal one is not renamed', async () => {
    const id = await newWorkspace(t, ada, 'Sales');
    await addMember(t, id, bob, 'admin');
    expectMissingScope(await t.as(bob.key, { method: 'PATCH', url: `/api/v1/workspaces/${id}`, payload: { name: 'Taken over' } }), 'workspace:write', 'admin');
    const renamed = await t.as(ada.key, { method: 'PATCH', url: `/api/v1/workspaces/${id}`, payload: { name: 'Sales EU' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ id, name: 'Sales EU', role: 'owner' });
    expect422(await t.as(ada.key, { method: 'PATCH', url: `/api/v1/workspaces/${id}`, payload: { name: '' } }), 'name');
    expect422(await t.as(ada.key, { method: 'PATCH', url: `/api/v1/workspaces/${ada.id}`, payload: { name: 'Not Ada' } }), 'name');
    expect((await t.as(ada.key, { method: 'GET', url: '/api/v1/account' })).json().data.name).toBe('Ada');
    // The header does not choose the workspace of /workspaces/{id}: the path does.
    expect((await inWorkspace(t, ada.key, ada.id, { method: 'GET', url: `/api/v1/workspaces/${id}` })).json().data.id).toBe(id);
  });

  it('deletes a team workspace with everything it owns (owners only); a personal one is a 422', async () => {
    const id = await newWorkspace(t, ada, 'Temporary');
    await addMember(t, id, bob, 'admin');
    const link = await inWorkspace(t, ada.key, id, { method: 'POST', url: '/api/v1/links', payload: { url: 'https://temp.example/' } });
    expect(link.statusCode).toBe(201);
    expectMissingScope(await t.as(bob.key, { method: 'DELETE', url: `/api/v1/workspaces/${id}` }), 'workspace:write', 'admin');
    const gone = await t.as(ada.key, { method: 'DELETE', url: `/api/v1/workspaces/${id}` });
    expect(gone.json()).toEqual({ id, object: 'workspace', deleted: true, status: 200 });
    expect(await t.query('SELECT id FROM links WHERE id = ?', link.json().data.id)).toEqual([]);
    expect(await t.query('SELECT user_id FROM memberships WHERE workspace_id = ?', id)).toEqual([]);
    expect((await inWorkspace(t, ada.key, id, { method: 'GET', url: '/api/v1/links' })).json()).toEqual(NOT_FOUND);
    expect((await t.as(ada.key, { method: 'DELETE', url: `/api/v1/workspaces/${id}` })).json()).toEqual(NOT_FOUND);
    expect422(await t.as(ada.key, { method: 'DELETE', url: `/api/v1/workspaces/${ada.id}` }), 'id');
    expect((await t.as(ada.key, { method: 'GET', url: '/api/v1/account' })).statusCode).toBe(200);
  });
});

describe("the instance's persons", () => {
  it('are persons only: workspaces are neither listed, counted nor reachable as users', async () => {
    const before = (await t.as(t.adminKey, { method: 'GET', url: '/api/v1/users?per_page=100' })).json();
    const id = await newWorkspace(t, ada, 'Hidden from users');
    const after = (await t.as(t.adminKey, { method: 'GET', url: '/api/v1/users?per_page=100' })).json();
    expect(after.meta.total).toBe(before.meta.total);
    expect(after.data.map((u: { id: number }) => u.id)).not.toContain(id);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await t.as(t.adminKey, { method, url: `/api/v1/users/${id}`, payload: method === 'PATCH' ? { name: 'x' } : undefined });
      expect(res.json(), method).toEqual(NOT_FOUND);
    }
    // The instance admin sees no workspace it is not a member of.
    expect((await inWorkspace(t, t.adminKey, id, { method: 'GET', url: '/api/v1/links' })).json()).toEqual(NOT_FOUND);
  });

  it("refuses to delete a team workspace's only owner (422 naming it) until another owner is there", async () => {
    const carol = await newPerson(t, 'Carol');
    const id = await newWorkspace(t, carol, 'Carol & co');
    await addMember(t, id, bob, 'admin');
    const link = await inWorkspace(t, carol.key, id, { method: 'POST', url: '/api/v1/links', payload: { url: 'https://carol.example/' } });
    const refused = await t.as(t.adminKey, { method: 'DELETE', url: `/api/v1/users/${carol.id}` });
    const errors = expect422(refused, 'id');
    expect(errors.id?.[0]).toBe(`Carol is the only owner of the workspace "Carol & co" (id ${id}): hand it over or delete it first.`);
    await t.query("UPDATE memberships SET role = 'owner' WHERE workspace_id = ? AND user_id = ?", id, bob.id);
    const done = await t.as(t.adminKey, { method: 'DELETE', url: `/api/v1/users/${carol.id}` });
    expect(done.statusCode, done.body).toBe(200);
    // The team workspace stays with its links; Carol's own workspace and keys are gone.
    expect((await inWorkspace(t, bob.key, id, { method: 'GET', url: `/api/v1/links/${link.json().data.id}` })).statusCode).toBe(200);
    expect(await t.query('SELECT id FROM api_keys WHERE user_id = ?', carol.id)).toEqual([]);
    expect((await t.as(carol.key, { method: 'GET', url: '/api/v1/account' })).statusCode).toBe(401);
  });
});
