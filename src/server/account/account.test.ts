import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { expect401, get } from '../test-utils/api';
import { addMember, inWorkspace, newPerson, newWorkspace, workspaceKey } from '../test-utils/workspaces';
import { API_SCOPES, ROLE_SCOPES } from '../../shared/api-scopes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('account', () => {
  it('shows the caller\'s account', async () => {
    const res = await get(t, t.userKey, '/api/v1/account');
    expect(res.statusCode).toBe(200);
    const workspace = { id: t.userId, name: 'User', personal: true, role: 'owner', scopes: [...API_SCOPES] };
    expect(res.json()).toEqual({ data: { id: t.userId, name: 'User', role: 'user', created_at: expect.stringMatching(/Z$/), base_url: 'http://short.test', workspace }, status: 200 });
    expect((await get(t, t.adminKey, '/api/v1/account')).json().data.role).toBe('admin');
  });

  it('rotates the key: the new one works, the old one is 401 at once', async () => {
    const res = await t.as(t.userKey, { method: 'POST', url: '/api/v1/account/api-key' });
    expect(res.statusCode).toBe(200);
    const { api_key: fresh } = res.json().data;
    expect(res.json()).toEqual({ data: { api_key: fresh }, status: 200 });
    expect(fresh).not.toBe(t.userKey);
    expect401(await get(t, t.userKey, '/api/v1/account'));
    expect401(await get(t, t.userKey, '/api/v1/links'));
    expect((await get(t, fresh, '/api/v1/account')).json().data.id).toBe(t.userId);
    expect((await get(t, t.adminKey, '/api/v1/account')).statusCode).toBe(200);
  });
});

describe("the account's workspace", () => {
  it('is the one the request acts in: the header\'s when the person may act there, else the key\'s own', async () => {
    const ada = await newPerson(t, 'Ada');
    const bob = await newPerson(t, 'Bob');
    const team = await newWorkspace(t, ada, 'Team');
    await addMember(t, team, bob, 'viewer');
    const inTeam = (await inWorkspace(t, bob.key, team, { method: 'GET', url: '/api/v1/account' })).json().data;
    expect(inTeam).toMatchObject({ id: bob.id, name: 'Bob', workspace: { id: team, name: 'Team', personal: false, role: 'viewer', scopes: [...ROLE_SCOPES.viewer] } });
    // Another person's personal workspace is a personal one too.
    await addMember(t, ada.id, bob, 'member');
    expect((await inWorkspace(t, bob.key, ada.id, { method: 'GET', url: '/api/v1/account' })).json().data.workspace).toEqual({
      id: ada.id,
      name: 'Ada',
      personal: true,
      role: 'member',
      scopes: [...ROLE_SCOPES.member],
    });
    // A header naming a workspace the person is not (or no longer) in: no error here, their own workspace.
    for (const header of [999_999, 'abc']) {
      const res = await inWorkspace(t, ada.key, header, { method: 'GET', url: '/api/v1/account' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.workspace).toMatchObject({ id: ada.id, personal: true, role: 'owner' });
    }
    // A key of one workspace: that one, with its scopes that the role has.
    const key = await workspaceKey(t, bob, team, ['links:read', 'links:write']);
    expect((await t.as(key, { method: 'GET', url: '/api/v1/account' })).json().data.workspace).toEqual({ id: team, name: 'Team', personal: false, role: 'viewer', scopes: ['links:read'] });
    expect((await inWorkspace(t, key, bob.id, { method: 'GET', url: '/api/v1/account' })).json().data.workspace.id).toBe(team);
  });
});
