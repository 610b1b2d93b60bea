// A workspace's members: the list, role changes and removals with their rules (the last owner stays, only
// an owner gives or takes `owner`, a personal workspace's person stays), leaving without members:write, and the
// audit log's words for each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { expect404, expect422 } from '../test-utils/api';
import { addMember, expectMissingScope, inWorkspace, newPerson, newWorkspace, workspaceKey, type Person } from '../test-utils/workspaces';
import { MEMBER_RULES } from '../../shared/member-rules';

let t: TestApp;
let ada: Person;
let bob: Person;
let cy: Person;
let dee: Person;
let eve: Person;
let team: number;
beforeAll(async () => {
  t = await createTestApp();
  [ada, bob, cy, dee, eve] = (await Promise.all(['Ada', 'Bob', 'Cy', 'Dee', 'Eve'].map((name) => newPerson(t, name)))) as [Person, Person, Person, Person, Person];
  team = await newWorkspace(t, ada, 'Team');
  await addMember(t, team, bob, 'admin');
  await addMember(t, team, cy, 'member');
  await addMember(t, team, dee, 'viewer');
});
afterAll(async () => t.close());

const members = (p: Person, page = '') => t.as(p.key, { method: 'GET', url: `/api/v1/workspaces/${team}/members${page}` });
const setRole = (p: Person, target: number, role: unknown, ws = team) => t.as(p.key, { method: 'PATCH', url: `/api/v1/workspaces/${ws}/members/${target}`, payload: { role } });
const remove = (key: string, target: number, ws = team) => t.as(key, { method: 'DELETE', url: `/api/v1/workspaces/${ws}/members/${target}` });
const roleOf = async (ws: number, p: Person) => (await t.query<{ role: string }>('SELECT role FROM memberships WHERE workspace_id = ? AND user_id = ?', ws, p.id))[0]?.role;

/** The summaries of the team's audit log, oldest first. */
async function auditSummaries(action: string): Promise<string[]> {
  await t.app.audit.idle();
  const res = await inWorkspace(t, ada.key, team, { method: 'GET', url: `/api/v1/audit-log?sort=asc&per_page=100&action=${action}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { summary: string; object: string }[]).map((e) => `${e.object}: ${e.summary}`);
}

describe('the list of members', () => {
  it('shows each member with their role, owners first, and marks yours', async () => {
    const res = await members(bob);
    expect(res.statusCode, res.body).toBe(200);
    const joined = expect.stringMatching(/Z$/);
    expect(res.json().data).toEqual([
      { user_id: ada.id, name: 'Ada', role: 'owner', joined_at: joined, is_you: false, personal: false },
      { user_id: bob.id, name: 'Bob', role: 'admin', joined_at: joined, is_you: true, personal: false },
      { user_id: cy.id, name: 'Cy', role: 'member', joined_at: joined, is_you: false, personal: false },
      { user_id: dee.id, name: 'Dee', role: 'viewer', joined_at: joined, is_you: false, personal: false },
    ]);
    expect(res.json().meta).toMatchObject({ total: 4, current_page: 1, per_page: 10 });
    expect((await members(bob, '?page=2')).json().data).toEqual([]);
    expect422(await members(bob, '?per_page=7'), 'per_page');
    // A personal workspace: its person, marked as such.
    const own = await t.as(eve.key, { method: 'GET', url: `/api/v1/workspaces/${eve.id}/members` });
    expect(own.json().data).toEqual([expect.objectContaining({ user_id: eve.id, role: 'owner', is_you: true, personal: true })]);
  });

  it('needs members:read (403 naming it), and is a 404 for a non-member', async () => {
    expectMissingScope(await members(cy), 'members:read', 'member');
    expectMissingScope(await members(dee), 'members:read', 'viewer');
    const key = await workspaceKey(t, bob, team, ['links:read']);
    expectMissingScope(await t.as(key, { method: 'GET', url: `/api/v1/workspaces/${team}/members` }), 'members:read', 'key');
    expect404(await members(eve));
    expect404(await t.as(bob.key, { method: 'GET', url: '/api/v1/workspaces/999999/members' }));
  });
});

describe("changing a member's role", () => {
  it('gives the role (members:write), and refuses an unknown role, a non-member and a missing id', async () => {
    const res = await setRole(bob, cy.id, 'viewer');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ user_id: cy.id, name: 'Cy', role: 'viewer', is_you: false });
    expect(await roleOf(team, cy)).toBe('viewer');
    // Cy now reads as a viewer: links, but no writes.
    expectMissingScope(await inWorkspace(t, cy.key, team, { method: 'POST', url: '/api/v1/links', payload: { url: 'https://x.example/' } }), 'links:write', 'viewer');
    expect((await setRole(bob, cy.id, 'member')).statusCode).toBe(200);
    expect(expect422(await setRole(bob, cy.id, 'boss'), 'role').role).toEqual(['The role field must be one of: owner, admin, member, viewer.']);
    expect422(await t.as(bob.key, { method: 'PATCH', url: `/api/v1/workspaces/${team}/members/${cy.id}`, payload: {} }), 'role');
    expect404(await setRole(bob, eve.id, 'viewer'));
    expect404(await setRole(bob, 999_999, 'viewer'));
    expect404(await setRole(bob, 'abc' as unknown as number, 'viewer'));
    expect404(await setRole(eve, cy.id, 'viewer'));
  });

  it('is for admins and owners: a member or a viewer gets 403 naming members:write, before the body is read', async () => {
    expectMissingScope(await setRole(cy, dee.id, 'member'), 'members:write', 'member');
    expectMissingScope(await setRole(dee, dee.id, 'admin'), 'members:write', 'viewer');
    expectMissingScope(await setRole(dee, dee.id, 'boss'), 'members:write', 'viewer');
  });

  it('lets only an owner give or take `owner`, and never demotes the last owner, saying why', async () => {
    expect(expect422(await setRole(bob, cy.id, 'owner'), 'role').role).toEqual([MEMBER_RULES.ownerOnlyGrant]);
    expect(expect422(await setRole(bob, ada.id, 'admin'), 'role').role).toEqual([MEMBER_RULES.ownerOnlyChange]);
    const last = await setRole(ada, ada.id, 'admin');
    expect(expect422(last, 'role').role).toEqual([MEMBER_RULES.lastOwnerDemote]);
    expect(last.json().message).toBe('The last owner cannot be demoted: make another member an owner first.');
    expect(await roleOf(team, ada)).toBe('owner');
    // With a second owner, the first may step down, and the second may not then.
    expect((await setRole(ada, bob.id, 'owner')).json().data.role).toBe('owner');
    expect((await setRole(ada, ada.id, 'admin')).json().data).toMatchObject({ role: 'admin', is_you: true });
    expect(expect422(await setRole(bob, bob.id, 'member'), 'role').role).toEqual([MEMBER_RULES.lastOwnerDemote]);
    expect((await setRole(bob, ada.id, 'owner')).statusCode).toBe(200);
    expect((await setRole(ada, bob.id, 'admin')).statusCode).toBe(200);
    // The same role again changes nothing and is no error, even for the last owner.
    expect((await setRole(ada, ada.id, 'owner')).statusCode).toBe(200);
  });

  it('never leaves the workspace without an owner when two owners demote each other at once', async () => {
    const pair = await newWorkspace(t, ada, 'Pair');
    await addMember(t, pair, bob, 'owner');
    const [one, two] = await Promise.all([setRole(ada, bob.id, 'admin', pair), setRole(bob, ada.id, 'admin', pair)]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 422]);
    // The second sees the first's change: it comes from an admin now, or would demote the last owner.
    expect([MEMBER_RULES.ownerOnlyChange, MEMBER_RULES.lastOwnerDemote]).toContain((one.statusCode === 422 ? one : two).json().message);
    expect(await t.query("SELECT user_id FROM memberships WHERE workspace_id = ? AND role = 'owner'", pair)).toHaveLength(1);
  });

  it("keeps a personal workspace's person its owner, even for another owner there", async () => {
    await addMember(t, eve.id, bob, 'owner');
    expect(expect422(await setRole(bob, eve.id, 'admin', eve.id), 'role').role).toEqual([MEMBER_RULES.personalOwner]);
    expect(expect422(await remove(bob.key, eve.id, eve.id), 'user_id').user_id).toEqual([MEMBER_RULES.personalOwner]);
    expect(expect422(await remove(eve.key, eve.id, eve.id), 'user_id').user_id).toEqual([MEMBER_RULES.personalLeave]);
    expect((await remove(bob.key, bob.id, eve.id)).statusCode).toBe(200);
  });
});

describe('removing a member, and leaving', () => {
  it('lets any member leave with their sign-in key, taking their keys of the workspace with them', async () => {
    const gus = await newPerson(t, 'Gus');
    await addMember(t, team, gus, 'viewer');
    const key = await workspaceKey(t, gus, team, ['links:read']);
    // A key of the workspace without members:write cannot make its person leave.
    expectMissingScope(await remove(key, gus.id), 'members:write', 'viewer');
    const res = await remove(gus.key, gus.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: gus.id, object: 'member', deleted: true, status: 200 });
    expect(await roleOf(team, gus)).toBeUndefined();
    expect((await t.as(key, { method: 'GET', url: '/api/v1/links' })).statusCode).toBe(401);
    expect(await t.query('SELECT id FROM api_keys WHERE user_id = ? AND workspace_id = ?', gus.id, team)).toEqual([]);
    expect404(await inWorkspace(t, gus.key, team, { method: 'GET', url: '/api/v1/links' }));
    expect404(await remove(gus.key, gus.id));
  });

  it('removes others with members:write; only an owner removes an owner; the last owner cannot leave', async () => {
    const hal = await newPerson(t, 'Hal');
    await addMember(t, team, hal, 'member');
    expectMissingScope(await remove(cy.key, hal.id), 'members:write', 'member');
    expectMissingScope(await remove(dee.key, 999_999), 'members:write', 'viewer');
    expect(expect422(await remove(bob.key, ada.id), 'user_id').user_id).toEqual([MEMBER_RULES.ownerOnlyRemove]);
    const last = await remove(ada.key, ada.id);
    expect(expect422(last, 'user_id').user_id).toEqual([MEMBER_RULES.lastOwnerLeave]);
    expect(await roleOf(team, ada)).toBe('owner');
    expect((await remove(bob.key, hal.id)).json()).toEqual({ id: hal.id, object: 'member', deleted: true, status: 200 });
    expect404(await remove(bob.key, hal.id));
    expect404(await remove(bob.key, 999_999));
    expect404(await remove(eve.key, cy.id));
    // With a second owner, an owner may leave, or be removed by the other.
    await addMember(t, team, hal, 'owner');
    expect((await remove(ada.key, hal.id)).statusCode).toBe(200);
  });

  it('leaves an entry in the audit log for each change, in words', async () => {
    expect(await auditSummaries('updateMember')).toEqual(expect.arrayContaining(['member: Changed the role of Cy to viewer', 'member: Changed the role of Bob to owner']));
    expect(await auditSummaries('removeMember')).toEqual(['member: Left the workspace (was viewer)', 'member: Removed Hal (member) from the workspace', 'member: Removed Hal (owner) from the workspace']);
    await t.app.audit.idle();
    const [left] = (await inWorkspace(t, ada.key, team, { method: 'GET', url: '/api/v1/audit-log?sort=asc&action=removeMember' })).json().data;
    expect(left).toMatchObject({ actor_name: 'Gus', object_id: expect.any(Number), via: 'api', key_name: 'Sign-in key' });
  });
});
