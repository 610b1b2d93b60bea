// Which workspace a request acts in, and what it may do there: the sign-in key with and without the
// `Linkdeck-Workspace` header, roles, keys of one workspace with their scopes and expiry, and their last use.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { expect401 } from '../test-utils/api';
import { hashApiKey } from './secrets';
import { addMember, expectMissingScope, inWorkspace, newPerson, newWorkspace, workspaceKey, type Person } from '../test-utils/workspaces';

const NOT_FOUND = { message: 'Resource not found.', status: 404 };

let t: TestApp;
let owner: Person;
let member: Person;
let viewer: Person;
let outsider: Person;
let team: number;
let teamLink: number;
let personalLink: number;
beforeAll(async () => {
  t = await createTestApp();
  [owner, member, viewer, outsider] = await Promise.all(['Owner', 'Member', 'Viewer', 'Outsider'].map((name) => newPerson(t, name))) as [Person, Person, Person, Person];
  team = await newWorkspace(t, owner, 'Marketing');
  await addMember(t, team, member, 'member');
  await addMember(t, team, viewer, 'viewer');
  const created = await inWorkspace(t, owner.key, team, { method: 'POST', url: '/api/v1/links', payload: { url: 'https://team.example/', alias: 'team-link' } });
  expect(created.statusCode, created.body).toBe(201);
  teamLink = created.json().data.id;
  const mine = await t.as(member.key, { method: 'POST', url: '/api/v1/links', payload: { url: 'https://member.example/', alias: 'member-own' } });
  personalLink = mine.json().data.id;
});
afterAll(async () => t.close());

const ids = (res: { json(): unknown }) => (res.json() as { data: { id: number }[] }).data.map((row) => row.id);

describe('the sign-in key and the Linkdeck-Workspace header', () => {
  it("acts in the personal workspace without the header, and in the team's with it, for a member who sees and edits its links", async () => {
    expect(ids(await t.as(member.key, { method: 'GET', url: '/api/v1/links' }))).toEqual([personalLink]);
    expect(ids(await inWorkspace(t, member.key, team, { method: 'GET', url: '/api/v1/links' }))).toEqual([teamLink]);
    const edited = await inWorkspace(t, member.key, team, { method: 'PATCH', url: `/api/v1/links/${teamLink}`, payload: { title: 'By the member' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.title).toBe('By the member');
    // The link's history names the person who acted, not the workspace.
    const history = await inWorkspace(t, owner.key, team, { method: 'GET', url: `/api/v1/links/${teamLink}/revisions` });
    expect(history.json().data.map((r: { actor: unknown }) => r.actor)).toEqual([{ id: member.id, name: 'Member' }, { id: owner.id, name: 'Owner' }]);
    const made = await inWorkspace(t, member.key, team, { method: 'POST', url: '/api/v1/links', payload: { url: 'https://team.example/2' } });
    expect(made.statusCode, made.body).toBe(201);
    expect((await t.query<{ user_id: number }>('SELECT user_id FROM links WHERE id = ?', made.json().data.id))[0]?.user_id).toBe(team);
    // Without the header, the team's link is not the member's.
    expect((await t.as(member.key, { method: 'GET', url: `/api/v1/links/${teamLink}` })).json()).toEqual(NOT_FOUND);
    await inWorkspace(t, member.key, team, { method: 'DELETE', url: `/api/v1/links/${made.json().data.id}` });
  });

  it("is a 404 for a non-member: the header, and the workspace's link ids, answer as a missing id does", async () => {
    for (const header of [team, 999_999, 'abc', '-1']) {
      const res = await inWorkspace(t, outsider.key, header, { method: 'GET', url: '/api/v1/links' });
      expect({ status: res.statusCode, body: res.json() }, String(header)).toEqual({ status: 404, body: NOT_FOUND });
    }
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const payload = method === 'PATCH' ? { title: 'Hijacked' } : undefined;
      const res = await t.as(outsider.key, { method, url: `/api/v1/links/${teamLink}`, payload });
      expect({ status: res.statusCode, body: res.json() }, method).toEqual({ status: 404, body: NOT_FOUND });
    }
    // Nor does a write with the header get through (before its body is even read).
    const write = await inWorkspace(t, outsider.key, team, { method: 'POST', url: '/api/v1/links', payload: { url: 42 } });
    expect(write.json()).toEqual(NOT_FOUND);
    expect((await inWorkspace(t, owner.key, team, { method: 'GET', url: `/api/v1/links/${teamLink}` })).json().data.title).toBe('By the member');
  });

  it('lets a viewer read but not write: 403 naming links:write, before the body is validated', async () => {
    expect(ids(await inWorkspace(t, viewer.key, team, { method: 'GET', url: '/api/v1/links' }))).toContain(teamLink);
    expect((await inWorkspace(t, viewer.key, team, { method: 'GET', url: '/api/v1/stats' })).statusCode).toBe(200);
    expectMissingScope(await inWorkspace(t, viewer.key, team, { method: 'POST', url: '/api/v1/links', payload: { url: 'https://viewer.example/' } }), 'links:write', 'viewer');
    expectMissingScope(await inWorkspace(t, viewer.key, team, { method: 'POST', url: '/api/v1/links', payload: { url: 42 } }), 'links:write', 'viewer');
    expectMissingScope(await inWorkspace(t, viewer.key, team, { method: 'PATCH', url: `/api/v1/links/${teamLink}`, payload: {} }), 'links:write', 'viewer');
    expectMissingScope(await inWorkspace(t, viewer.key, team, { method: 'GET', url: '/api/v1/webhooks' }), 'webhooks:read', 'viewer');
    // A member is no admin: domains and webhooks are refused, naming the scope.
    expectMissingScope(await inWorkspace(t, member.key, team, { method: 'POST', url: '/api/v1/domains', payload: { name: 'member.example.com' } }), 'domains:write', 'member');
    // In their own personal workspace, the same people may do everything.
    expect((await t.as(viewer.key, { method: 'POST', url: '/api/v1/links', payload: { url: 'https://viewer.example/' } })).statusCode).toBe(201);
  });

  it("ignores the header on the person's own routes", async () => {
    const res = await inWorkspace(t, outsider.key, team, { method: 'GET', url: '/api/v1/account' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id).toBe(outsider.id);
  });

  it("needs the scope of what an undo brings back: a member cannot undo an admin's domain delete", async () => {
    const domain = await inWorkspace(t, owner.key, team, { method: 'POST', url: '/api/v1/domains', payload: { name: 'undo.example.com' } });
    expect(domain.statusCode, domain.body).toBe(201);
    const gone = await inWorkspace(t, owner.key, team, { method: 'DELETE', url: `/api/v1/domains/${domain.json().data.id}` });
    const operation = gone.json().operation.id as number;
    expectMissingScope(await inWorkspace(t, member.key, team, { method: 'POST', url: `/api/v1/operations/${operation}/undo` }), 'domains:write', 'member');
    expect((await inWorkspace(t, owner.key, team, { method: 'POST', url: `/api/v1/operations/${operation}/undo` })).statusCode).toBe(200);
  });
});

describe('keys of one workspace', () => {
  it('act only in their workspace, with their scopes', async () => {
    const key = await workspaceKey(t, member, team, ['links:read', 'links:write']);
    expect(ids(await t.as(key, { method: 'GET', url: '/api/v1/links' }))).toContain(teamLink);
    expect(ids(await inWorkspace(t, key, team, { method: 'GET', url: '/api/v1/links' }))).toContain(teamLink);
    // Not the person's personal workspace, by the header or by id.
    expect((await inWorkspace(t, key, member.id, { method: 'GET', url: '/api/v1/links' })).json()).toEqual(NOT_FOUND);
    expect((await t.as(key, { method: 'GET', url: `/api/v1/links/${personalLink}` })).json()).toEqual(NOT_FOUND);
    // Beyond its scopes: 403 naming the scope, and that the key lacks it (the role has it).
    expectMissingScope(await t.as(key, { method: 'POST', url: '/api/v1/tags', payload: { name: 'Spring' } }), 'tags:write', 'key');
    expectMissingScope(await t.as(key, { method: 'GET', url: '/api/v1/stats' }), 'analytics:read', 'key');
    // The role still bounds it: a member's key with domains:write is refused for the role.
    const wide = await workspaceKey(t, member, team, ['domains:write']);
    expectMissingScope(await t.as(wide, { method: 'POST', url: '/api/v1/domains', payload: { name: 'wide.example.com' } }), 'domains:write', 'member');
    // Nor the person's own powers: a new sign-in key, a workspace, the instance's users.
    for (const [method, url] of [['POST', '/api/v1/account/api-key'], ['POST', '/api/v1/workspaces']] as const) {
      const res = await t.as(key, { method, url, payload: { name: 'Other' } });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toMatch(/sign-in key/);
    }
    const adminId = (await t.as(t.adminKey, { method: 'GET', url: '/api/v1/account' })).json().data.id as number;
    const adminsKey = await workspaceKey(t, { id: adminId, key: t.adminKey }, adminId, ['links:read']);
    expect((await t.as(adminsKey, { method: 'GET', url: '/api/v1/users' })).json()).toEqual({ message: 'This action is unauthorized.', status: 403 });
    // Its list of workspaces is its one workspace.
    expect(ids(await t.as(key, { method: 'GET', url: '/api/v1/workspaces' }))).toEqual([team]);
    expect(ids(await t.as(member.key, { method: 'GET', url: '/api/v1/workspaces' }))).toEqual([member.id, team]);
  });

  it('are 401 once expired, and when their person has left the workspace', async () => {
    const expired = await workspaceKey(t, member, team, ['links:read'], new Date(Date.now() - 1000).toISOString());
    const res = await t.as(expired, { method: 'GET', url: '/api/v1/links' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: expect.stringMatching(/^This API key expired \(.+Z\)\.$/), status: 401 });
    const later = await workspaceKey(t, member, team, ['links:read'], new Date(Date.now() + 3_600_000).toISOString());
    expect((await t.as(later, { method: 'GET', url: '/api/v1/links' })).statusCode).toBe(200);

    const leaving = await newPerson(t, 'Leaving');
    await addMember(t, team, leaving, 'member');
    const key = await workspaceKey(t, leaving, team, ['links:read']);
    expect((await t.as(key, { method: 'GET', url: '/api/v1/links' })).statusCode).toBe(200);
    await t.query('DELETE FROM memberships WHERE workspace_id = ? AND user_id = ?', team, leaving.id);
    expect401(await t.as(key, { method: 'GET', url: '/api/v1/links' }));
    // Unknown keys keep their 401.
    expect401(await t.as('ldk_not-a-key-at-all', { method: 'GET', url: '/api/v1/links' }));
  });

  it('record their last use at most once a minute', async () => {
    const key = await workspaceKey(t, member, team, ['links:read']);
    const lastUse = async () => (await t.query<{ last_used_at: string | null }>('SELECT last_used_at FROM api_keys WHERE key_hash = ?', hashApiKey(key)))[0]?.last_used_at;
    expect(await lastUse()).toBeNull();
    await t.as(key, { method: 'GET', url: '/api/v1/links' });
    const first = await lastUse();
    expect(first).toMatch(/Z$/);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await t.as(key, { method: 'GET', url: '/api/v1/links' });
    expect(await lastUse()).toBe(first);
    // A minute later, the next use is written.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      await t.as(key, { method: 'GET', url: '/api/v1/links' });
      const second = await lastUse();
      expect(second! > first!).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
