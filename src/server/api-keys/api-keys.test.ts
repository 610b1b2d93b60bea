// Keys of one workspace: made by an admin with a name, scopes and an optional expiry, shown once and
// stored hashed; a key acts in its workspace only, with its scopes (403 naming the missing one), bounded by its
// person's role; an expired or revoked key is a 401. Admins revoke any key, anyone their own; each write leaves an
// audit log entry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, form, type TestApp } from '../test-utils/test-app';
import { expect401, expect404, expect422 } from '../test-utils/api';
import { addMember, expectMissingScope, inWorkspace, newPerson, newWorkspace, workspaceKey, type Person } from '../test-utils/workspaces';
import { hashApiKey } from '../auth/secrets';
import { API_SCOPES } from '../../shared/api-scopes';

let t: TestApp;
let ada: Person;
let bob: Person;
let cy: Person;
let dee: Person;
let team: number;
let teamLink: number;
beforeAll(async () => {
  t = await createTestApp();
  [ada, bob, cy, dee] = (await Promise.all(['Ada', 'Bob', 'Cy', 'Dee'].map((name) => newPerson(t, name)))) as [Person, Person, Person, Person];
  team = await newWorkspace(t, ada, 'Team');
  await addMember(t, team, bob, 'admin');
  await addMember(t, team, cy, 'member');
  await addMember(t, team, dee, 'viewer');
  teamLink = (await inWorkspace(t, ada.key, team, { method: 'POST', url: '/api/v1/links', payload: { url: 'https://team.example/' } })).json().data.id;
});
afterAll(async () => t.close());

const keysUrl = (ws = team) => `/api/v1/workspaces/${ws}/api-keys`;
const make = (key: string, payload: object) => t.as(key, { method: 'POST', url: keysUrl(), payload });
const revoke = (key: string, id: number | string) => t.as(key, { method: 'DELETE', url: `${keysUrl()}/${id}` });
const list = (key: string) => t.as(key, { method: 'GET', url: keysUrl() });

describe('making a key', () => {
  it('answers the key once, stores it hashed, and lists it without it', async () => {
    const res = await make(bob.key, { name: ' CI deploys ', scopes: ['links:write', 'links:read', 'links:read'] });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json().data;
    expect(made).toEqual({
      id: expect.any(Number),
      name: 'CI deploys',
      prefix: made.api_key.slice(0, 8),
      scopes: ['links:read', 'links:write'],
      expires_at: null,
      last_used_at: null,
      created_at: expect.stringMatching(/Z$/),
      user: { id: bob.id, name: 'Bob' },
      api_key: expect.stringMatching(/^ldk_/),
    });
    const [row] = await t.query<{ key_hash: string; workspace_id: number; user_id: number }>('SELECT key_hash, workspace_id, user_id FROM api_keys WHERE id = ?', made.id);
    expect(row).toEqual({ key_hash: hashApiKey(made.api_key), workspace_id: team, user_id: bob.id });
    const listed = await list(ada.key);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data[0]).toEqual({ ...made, api_key: undefined });
    expect(listed.body).not.toContain(made.api_key);
    // Sign-in keys are no workspace's: none is listed.
    expect(listed.json().data.map((k: { name: string }) => k.name)).not.toContain('Sign-in key');
    // A form body with bracket lists, and an expiry.
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    const byForm = await t.as(ada.key, { method: 'POST', url: keysUrl(), ...form([['name', 'Report'], ['scopes[]', 'analytics:read'], ['scopes[]', 'links:read'], ['expires_at', expires]]) });
    expect(byForm.statusCode, byForm.body).toBe(201);
    expect(byForm.json().data).toMatchObject({ scopes: ['links:read', 'analytics:read'], expires_at: expires });
  });

  it('refuses bad fields with 422 naming them', async () => {
    expect422(await make(ada.key, { scopes: ['links:read'] }), 'name');
    expect422(await make(ada.key, { name: ' ', scopes: ['links:read'] }), 'name');
    expect422(await make(ada.key, { name: 'x'.repeat(101), scopes: ['links:read'] }), 'name');
    expect422(await make(ada.key, { name: 'No scopes' }), 'scopes');
    expect422(await make(ada.key, { name: 'No scopes', scopes: [] }), 'scopes');
    const unknown = expect422(await make(ada.key, { name: 'Odd', scopes: ['links:read', 'links:delete'] }), 'scopes');
    expect(unknown.scopes?.[0]).toMatch(/links:delete is not one\.$/);
    expect422(await make(ada.key, { name: 'Past', scopes: ['links:read'], expires_at: '2020-01-01T00:00:00Z' }), 'expires_at');
    expect422(await make(ada.key, { name: 'Soon', scopes: ['links:read'], expires_at: 'tomorrow' }), 'expires_at');
  });

  it("refuses a scope beyond the caller's role, or beyond the key it is made with (422 on scopes naming it)", async () => {
    const beyond = expect422(await make(bob.key, { name: 'Too much', scopes: ['links:read', 'workspace:write'] }), 'scopes');
    expect(beyond.scopes).toEqual(['Your role in this workspace (admin) does not have the scope workspace:write: a key cannot do more than its person.']);
    expect((await make(ada.key, { name: 'Everything', scopes: [...API_SCOPES] })).statusCode).toBe(201);
    const keyMaker = await workspaceKey(t, ada, team, ['keys:write', 'links:read']);
    const wider = expect422(await make(keyMaker, { name: 'Wider', scopes: ['links:read', 'links:write', 'tags:write'] }), 'scopes');
    expect(wider.scopes).toEqual([
      'This API key does not have the scope links:write: a key made with it cannot have more than it has.',
      'This API key does not have the scope tags:write: a key made with it cannot have more than it has.',
    ]);
    expect((await make(keyMaker, { name: 'Narrower', scopes: ['links:read'] })).json().data.user).toEqual({ id: ada.id, name: 'Ada' });
  });

  it('needs keys:read and keys:write (403 naming them); a non-member gets 404', async () => {
    expectMissingScope(await list(cy.key), 'keys:read', 'member');
    expectMissingScope(await list(dee.key), 'keys:read', 'viewer');
    expectMissingScope(await make(cy.key, { name: 'Mine', scopes: ['links:read'] }), 'keys:write', 'member');
    expectMissingScope(await make(dee.key, { name: 42 }), 'keys:write', 'viewer');
    const outsider = await newPerson(t, 'Outsider');
    expect404(await list(outsider.key));
    expect404(await make(outsider.key, { name: 'In', scopes: ['links:read'] }));
  });
});

describe('a key of the workspace', () => {
  it('acts only in its workspace, with its scopes, and records its last use', async () => {
    const made = (await make(bob.key, { name: 'Reader', scopes: ['links:read'] })).json().data;
    const key = made.api_key as string;
    const links = await t.as(key, { method: 'GET', url: '/api/v1/links' });
    expect(links.json().data.map((l: { id: number }) => l.id)).toEqual([teamLink]);
    expectMissingScope(await t.as(key, { method: 'POST', url: '/api/v1/links', payload: { url: 'https://nope.example/' } }), 'links:write', 'key');
    expect404(await inWorkspace(t, key, bob.id, { method: 'GET', url: '/api/v1/links' }));
    expect404(await t.as(key, { method: 'GET', url: keysUrl(bob.id) }));
    const account = (await t.as(key, { method: 'GET', url: '/api/v1/account' })).json().data;
    expect(account).toMatchObject({ id: bob.id, workspace: { id: team, name: 'Team', personal: false, role: 'admin', scopes: ['links:read'] } });
    const used = (await list(ada.key)).json().data.find((k: { id: number }) => k.id === made.id);
    expect(used.last_used_at).toMatch(/Z$/);
  });

  it('is a 401 once expired', async () => {
    const made = (await make(ada.key, { name: 'Short', scopes: ['links:read'], expires_at: new Date(Date.now() + 60_000).toISOString() })).json().data;
    expect((await t.as(made.api_key, { method: 'GET', url: '/api/v1/links' })).statusCode).toBe(200);
    await t.query("UPDATE api_keys SET expires_at = '2020-01-01T00:00:00.000Z' WHERE id = ?", made.id);
    const res = await t.as(made.api_key, { method: 'GET', url: '/api/v1/links' });
    expect(res.json()).toEqual({ message: 'This API key expired (2020-01-01T00:00:00.000Z).', status: 401 });
  });
});

describe('revoking a key', () => {
  it('by an admin: any key of the workspace, which stops working at once (401)', async () => {
    const made = (await make(bob.key, { name: 'Old', scopes: ['links:read'] })).json().data;
    const res = await revoke(ada.key, made.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: made.id, object: 'api_key', deleted: true, status: 200 });
    expect401(await t.as(made.api_key, { method: 'GET', url: '/api/v1/links' }));
    expect404(await revoke(ada.key, made.id));
    expect404(await revoke(ada.key, 'abc'));
    // Not a sign-in key, nor a key of another workspace.
    const [signIn] = await t.query<{ id: number }>('SELECT id FROM api_keys WHERE user_id = ? AND workspace_id IS NULL', cy.id);
    expect404(await revoke(ada.key, signIn!.id));
    const elsewhere = await workspaceKey(t, ada, ada.id, ['links:read']);
    const [other] = await t.query<{ id: number }>('SELECT id FROM api_keys WHERE key_hash = ?', hashApiKey(elsewhere));
    expect404(await revoke(ada.key, other!.id));
  });

  it('by anyone: their own, with their sign-in key; others need keys:write (403 naming it)', async () => {
    const own = await workspaceKey(t, cy, team, ['links:read']);
    const second = await workspaceKey(t, cy, team, ['links:read']);
    const [ownRow, secondRow] = await t.query<{ id: number }>('SELECT id FROM api_keys WHERE user_id = ? AND workspace_id = ? ORDER BY id', cy.id, team);
    const adas = (await make(ada.key, { name: 'Ada only', scopes: ['links:read'] })).json().data;
    expectMissingScope(await revoke(cy.key, adas.id), 'keys:write', 'member');
    expectMissingScope(await revoke(cy.key, 999_999), 'keys:write', 'member');
    // A key of the workspace is no sign-in key: without keys:write it revokes nothing, not even its person's.
    expectMissingScope(await revoke(own, secondRow!.id), 'keys:write', 'member');
    expect((await revoke(cy.key, ownRow!.id)).statusCode).toBe(200);
    expect401(await t.as(own, { method: 'GET', url: '/api/v1/links' }));
    expect((await t.as(second, { method: 'GET', url: '/api/v1/links' })).statusCode).toBe(200);
    expect((await t.as(adas.api_key, { method: 'GET', url: '/api/v1/links' })).statusCode).toBe(200);
  });

  it('leaves an audit log entry for each write, in words', async () => {
    await t.app.audit.idle();
    const log = (await inWorkspace(t, ada.key, team, { method: 'GET', url: '/api/v1/audit-log?sort=asc&per_page=100&object=api_key' })).json().data as {
      action: string;
      summary: string;
      object_id: number;
    }[];
    const said = log.map((e) => `${e.action}: ${e.summary}`);
    expect(said).toEqual(
      expect.arrayContaining([
        'createApiKey: Created API key CI deploys with links:read, links:write',
        expect.stringMatching(/^createApiKey: Created API key Report with links:read, analytics:read, until \d{4}-\d\d-\d\d$/),
        'revokeApiKey: Revoked API key Old of Bob',
        'revokeApiKey: Revoked API key Test key of Cy',
      ]),
    );
    expect(log.every((e) => typeof e.object_id === 'number')).toBe(true);
  });
});
