// Invitations: an admin makes one (a link, no email), a second person opens it and accepts it once and is
// a member with its role; revoked, expired and used ones are refused with the reason, as is one for a workspace the
// person belongs to already. The token is stored only hashed; every write leaves an audit log entry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, form, type TestApp } from '../test-utils/test-app';
import { expect404, expect422 } from '../test-utils/api';
import { addMember, expectMissingScope, inWorkspace, newPerson, newWorkspace, workspaceKey, type Person } from '../test-utils/workspaces';
import { MEMBER_RULES } from '../../shared/member-rules';
import { hashApiKey } from '../auth/secrets';

let t: TestApp;
let ada: Person;
let bob: Person;
let cy: Person;
let dee: Person;
let team: number;
beforeAll(async () => {
  t = await createTestApp();
  [ada, bob, cy, dee] = (await Promise.all(['Ada', 'Bob', 'Cy', 'Dee'].map((name) => newPerson(t, name)))) as [Person, Person, Person, Person];
  team = await newWorkspace(t, ada, 'Team');
  await addMember(t, team, bob, 'admin');
  await addMember(t, team, cy, 'viewer');
});
afterAll(async () => t.close());

/** The team's invitations (`team` is known once beforeAll ran). */
const invitationsUrl = () => `/api/v1/workspaces/${team}/invitations`;
const invite = (p: Person, payload: object, ws = team) => t.as(p.key, { method: 'POST', url: `/api/v1/workspaces/${ws}/invitations`, payload });
const open = (key: string, token: string) => t.as(key, { method: 'GET', url: `/api/v1/invitations/${token}` });
const accept = (key: string, token: string) => t.as(key, { method: 'POST', url: `/api/v1/invitations/${token}/accept` });
const revoke = (p: Person, id: number | string) => t.as(p.key, { method: 'DELETE', url: `${invitationsUrl()}/${id}` });
/** A new invitation's token and id. */
async function invitation(p: Person, role = 'member'): Promise<{ token: string; id: number }> {
  const res = await invite(p, { role });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

describe('an invitation, from start to end', () => {
  it('is made with a role and an expiry, answered once with its link, and stored hashed', async () => {
    const before = Date.now();
    const res = await invite(bob, { role: 'member' });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json().data;
    expect(made).toEqual({
      id: expect.any(Number),
      role: 'member',
      expires_at: expect.stringMatching(/Z$/),
      created_at: expect.stringMatching(/Z$/),
      created_by: { id: bob.id, name: 'Bob' },
      status: 'pending',
      accepted_by: null,
      token: expect.stringMatching(/^ldi_[A-Za-z0-9_-]{32}$/),
      url: `http://short.test/dashboard/invitations/${made.token}`,
    });
    const days = (Date.parse(made.expires_at) - before) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(7 - 0.001);
    expect(days).toBeLessThan(7.001);
    const stored = await t.query<Record<string, unknown>>('SELECT * FROM invitations WHERE id = ?', made.id);
    expect(stored[0]?.token_hash).toBe(hashApiKey(made.token));
    expect(JSON.stringify(stored)).not.toContain(made.token);
    // Not shown again in the list.
    const list = await t.as(ada.key, { method: 'GET', url: invitationsUrl() });
    expect(list.json().data[0]).toEqual({ ...made, token: undefined, url: undefined });
    expect(JSON.stringify(list.json())).not.toContain(made.token);
    // expires_in_days, as JSON or a form.
    const longer = await t.as(ada.key, { method: 'POST', url: invitationsUrl(), ...form({ role: 'viewer', expires_in_days: '30' }) });
    expect(longer.statusCode, longer.body).toBe(201);
    expect(Math.round((Date.parse(longer.json().data.expires_at) - Date.now()) / 86_400_000)).toBe(30);
  });

  it('is opened by a second person and accepted once: they are a member with its role', async () => {
    const { token, id } = await invitation(ada, 'member');
    const seen = await open(dee.key, token);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data).toEqual({ workspace: { id: team, name: 'Team' }, role: 'member', expires_at: expect.stringMatching(/Z$/), status: 'pending' });
    const res = await accept(dee.key, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { workspace: { id: team, name: 'Team' }, role: 'member' }, status: 200 });
    const mine = (await t.as(dee.key, { method: 'GET', url: '/api/v1/workspaces' })).json().data;
    expect(mine).toEqual([expect.objectContaining({ id: dee.id }), expect.objectContaining({ id: team, role: 'member' })]);
    expect((await inWorkspace(t, dee.key, team, { method: 'POST', url: '/api/v1/links', payload: { url: 'https://dee.example/' } })).statusCode).toBe(201);
    // Used: open shows it, a second accept says why.
    expect((await open(dee.key, token)).json().data.status).toBe('accepted');
    const again = await accept(dee.key, token);
    expect(expect422(again, 'token').token).toEqual(['You are already a member of the workspace "Team".']);
    const other = await newPerson(t, 'Latecomer');
    expect(expect422(await accept(other.key, token), 'token').token).toEqual(['This invitation was already used: each invitation works once. Ask for a new one.']);
    const listed = (await t.as(ada.key, { method: 'GET', url: invitationsUrl() })).json().data.find((i: { id: number }) => i.id === id);
    expect(listed).toMatchObject({ status: 'accepted', accepted_by: { id: dee.id, name: 'Dee' } });
  });

  it('is refused with the reason once revoked or expired; only a pending one is revoked', async () => {
    const other = await newPerson(t, 'Other');
    const revoked = await invitation(bob, 'viewer');
    const res = await revoke(bob, revoked.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: revoked.id, status: 'revoked' });
    expect((await open(other.key, revoked.token)).json().data.status).toBe('revoked');
    expect(expect422(await accept(other.key, revoked.token), 'token').token).toEqual(['This invitation was revoked. Ask an admin of the workspace for a new one.']);
    expect(expect422(await revoke(bob, revoked.id), 'invitation_id').invitation_id).toEqual(['This invitation is revoked: only a pending one can be revoked.']);

    const expired = await invitation(bob, 'viewer');
    await t.query("UPDATE invitations SET expires_at = '2020-01-01T00:00:00.000Z' WHERE id = ?", expired.id);
    expect((await open(other.key, expired.token)).json().data.status).toBe('expired');
    expect(expect422(await accept(other.key, expired.token), 'token').token).toEqual([
      'This invitation expired at 2020-01-01T00:00:00.000Z. Ask an admin of the workspace for a new one.',
    ]);
    expect(expect422(await revoke(ada, expired.id), 'invitation_id').invitation_id).toEqual(['This invitation is expired: only a pending one can be revoked.']);
    expect((await t.as(ada.key, { method: 'GET', url: invitationsUrl() })).json().data.find((i: { id: number }) => i.id === expired.id).status).toBe('expired');
    expect(await t.query('SELECT user_id FROM memberships WHERE workspace_id = ? AND user_id = ?', team, other.id)).toEqual([]);
    expect404(await revoke(bob, 999_999));
    expect404(await revoke(bob, 'abc'));
  });

  it('is taken by one person only when two accept at once', async () => {
    const { token } = await invitation(ada, 'viewer');
    const [p, q] = await Promise.all([newPerson(t, 'Pat'), newPerson(t, 'Quin')]);
    const answers = await Promise.all([accept(p.key, token), accept(q.key, token)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const joined = await t.query('SELECT user_id FROM memberships WHERE workspace_id = ? AND user_id IN (?, ?)', team, p.id, q.id);
    expect(joined).toHaveLength(1);
  });

  it('is refused to a member already, and stays pending for someone else', async () => {
    const { token } = await invitation(ada, 'admin');
    expect(expect422(await accept(cy.key, token), 'token').token).toEqual(['You are already a member of the workspace "Team".']);
    expect((await open(cy.key, token)).json().data.status).toBe('pending');
    // The workspace's own person, for their personal workspace, too.
    const own = await invite(ada, { role: 'viewer' }, ada.id);
    expect(expect422(await accept(ada.key, own.json().data.token), 'token').token).toEqual(['You are already a member of the workspace "Ada".']);
  });
});

describe('who may do what with invitations', () => {
  it('lets only an owner invite an owner, and refuses bad fields with 422 naming them', async () => {
    expect(expect422(await invite(bob, { role: 'owner' }), 'role').role).toEqual([MEMBER_RULES.ownerOnlyInvite]);
    expect((await invite(ada, { role: 'owner' })).json().data.role).toBe('owner');
    expect422(await invite(ada, {}), 'role');
    expect422(await invite(ada, { role: 'boss' }), 'role');
    for (const days of [0, 31, 'x', 2.5]) expect422(await invite(ada, { role: 'member', expires_in_days: days }), 'expires_in_days');
  });

  it('needs members:read to list and members:write to invite or revoke (403 naming it); a non-member gets 404', async () => {
    const { id } = await invitation(ada);
    expectMissingScope(await t.as(cy.key, { method: 'GET', url: invitationsUrl() }), 'members:read', 'viewer');
    expectMissingScope(await invite(cy, { role: 'viewer' }), 'members:write', 'viewer');
    expectMissingScope(await invite(cy, { role: 'boss' }), 'members:write', 'viewer');
    expectMissingScope(await revoke(cy, id), 'members:write', 'viewer');
    const outsider = await newPerson(t, 'Outsider');
    expect404(await t.as(outsider.key, { method: 'GET', url: invitationsUrl() }));
    expect404(await invite(outsider, { role: 'viewer' }));
    expect404(await revoke(outsider, id));
  });

  it('opens and accepts with the sign-in key only; an unknown token is a 404', async () => {
    const { token } = await invitation(ada);
    const key = await workspaceKey(t, dee, dee.id, ['links:read', 'members:read', 'members:write']);
    for (const res of [await open(key, token), await accept(key, token)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/sign-in key/);
    }
    const stranger = await newPerson(t, 'Stranger');
    for (const bad of ['ldi_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'nope', `${token}x`]) {
      expect404(await open(stranger.key, bad));
      expect404(await accept(stranger.key, bad));
    }
    expect((await t.as('ldk_not-a-key-at-all', { method: 'GET', url: `/api/v1/invitations/${token}` })).statusCode).toBe(401);
  });

  it("keeps who made it once that person is deleted", async () => {
    const fay = await newPerson(t, 'Fay');
    await addMember(t, team, fay, 'admin');
    const { id } = await invitation(fay);
    expect((await t.as(t.adminKey, { method: 'DELETE', url: `/api/v1/users/${fay.id}` })).statusCode).toBe(200);
    const listed = (await t.as(ada.key, { method: 'GET', url: `${invitationsUrl()}?per_page=100` })).json().data.find((i: { id: number }) => i.id === id);
    expect(listed.created_by).toEqual({ id: null, name: 'Fay' });
  });

  it('leaves an audit log entry for each write, the joining in the workspace joined', async () => {
    await t.app.audit.idle();
    const log = (await inWorkspace(t, ada.key, team, { method: 'GET', url: '/api/v1/audit-log?sort=asc&per_page=100&object=invitation' })).json().data as {
      action: string;
      summary: string;
      actor_name: string;
    }[];
    const said = log.map((e) => `${e.actor_name} ${e.action}: ${e.summary}`);
    expect(said).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Bob createInvitation: Created an invitation to join as member, valid until \d{4}-\d\d-\d\d$/),
        'Dee acceptInvitation: Joined as member by invitation',
        expect.stringMatching(/^Bob revokeInvitation: Revoked the invitation #\d+ to join as viewer$/),
      ]),
    );
    // Not in the joiner's own workspace.
    expect((await t.as(dee.key, { method: 'GET', url: '/api/v1/audit-log?action=acceptInvitation' })).json().data).toEqual([]);
  });
});
