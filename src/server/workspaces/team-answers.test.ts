// The answers of members, invitations and workspace keys are those the API document gives each operation (issue
// 27), the refusals too: the 422 of a route without a body (the last owner leaving, a used invitation), the 403 of
// a missing scope or of a key that is no sign-in key, the 404 of an unknown token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { addMember, newPerson, newWorkspace, workspaceKey, type Person } from '../test-utils/workspaces';
import { documentValidator } from '../openapi/document-validator';

let t: TestApp;
let validate: ReturnType<typeof documentValidator>;
let ada: Person;
let bob: Person;
let team: number;
beforeAll(async () => {
  t = await createTestApp();
  validate = documentValidator((await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json());
  [ada, bob] = (await Promise.all(['Ada', 'Bob'].map((name) => newPerson(t, name)))) as [Person, Person];
  team = await newWorkspace(t, ada, 'Team');
});
afterAll(async () => t.close());

/** The answer, after checking it against the document's `path` (as the document writes it) and the expected status. */
async function answer(path: string, status: number, res: Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
  const r = await res;
  expect(r.statusCode, `${path}: ${r.body}`).toBe(status);
  const [method, route] = path.split(' ') as [string, string];
  expect(validate(method.toLowerCase(), route, r.statusCode, r.json()), path).toEqual([]);
  return r;
}

describe('answers as documented', () => {
  it('for members, invitations and keys, refusals included', async () => {
    const ws = `/api/v1/workspaces/${team}`;
    const created = await answer('POST /api/v1/workspaces/{id}/invitations', 201, t.as(ada.key, { method: 'POST', url: `${ws}/invitations`, payload: { role: 'viewer' } }));
    const { token, id } = created.json().data as { token: string; id: number };
    await answer('GET /api/v1/workspaces/{id}/invitations', 200, t.as(ada.key, { method: 'GET', url: `${ws}/invitations` }));
    await answer('GET /api/v1/invitations/{token}', 200, t.as(bob.key, { method: 'GET', url: `/api/v1/invitations/${token}` }));
    await answer('GET /api/v1/invitations/{token}', 404, t.as(bob.key, { method: 'GET', url: '/api/v1/invitations/nope' }));
    const bobsKey = await workspaceKey(t, bob, bob.id, ['links:read']);
    await answer('POST /api/v1/invitations/{token}/accept', 403, t.as(bobsKey, { method: 'POST', url: `/api/v1/invitations/${token}/accept` }));
    await answer('POST /api/v1/invitations/{token}/accept', 200, t.as(bob.key, { method: 'POST', url: `/api/v1/invitations/${token}/accept` }));
    await answer('POST /api/v1/invitations/{token}/accept', 422, t.as(bob.key, { method: 'POST', url: `/api/v1/invitations/${token}/accept` }));
    await answer('DELETE /api/v1/workspaces/{id}/invitations/{invitation_id}', 422, t.as(ada.key, { method: 'DELETE', url: `${ws}/invitations/${id}` }));
    await answer('GET /api/v1/workspaces/{id}/members', 200, t.as(ada.key, { method: 'GET', url: `${ws}/members` }));
    await answer('GET /api/v1/workspaces/{id}/members', 403, t.as(bob.key, { method: 'GET', url: `${ws}/members` }));
    await answer('PATCH /api/v1/workspaces/{id}/members/{user_id}', 422, t.as(ada.key, { method: 'PATCH', url: `${ws}/members/${ada.id}`, payload: { role: 'viewer' } }));
    await answer('DELETE /api/v1/workspaces/{id}/members/{user_id}', 422, t.as(ada.key, { method: 'DELETE', url: `${ws}/members/${ada.id}` }));
    await answer('DELETE /api/v1/workspaces/{id}', 422, t.as(ada.key, { method: 'DELETE', url: `/api/v1/workspaces/${ada.id}` }));
    await addMember(t, team, await newPerson(t, 'Cy'), 'member');
    const key = await answer('POST /api/v1/workspaces/{id}/api-keys', 201, t.as(ada.key, { method: 'POST', url: `${ws}/api-keys`, payload: { name: 'CI', scopes: ['links:read'] } }));
    await answer('POST /api/v1/workspaces/{id}/api-keys', 422, t.as(ada.key, { method: 'POST', url: `${ws}/api-keys`, payload: { name: 'CI', scopes: [] } }));
    await answer('GET /api/v1/workspaces/{id}/api-keys', 200, t.as(ada.key, { method: 'GET', url: `${ws}/api-keys` }));
    await answer('DELETE /api/v1/workspaces/{id}/api-keys/{key_id}', 200, t.as(ada.key, { method: 'DELETE', url: `${ws}/api-keys/${key.json().data.id}` }));
    await answer('DELETE /api/v1/workspaces/{id}/members/{user_id}', 200, t.as(bob.key, { method: 'DELETE', url: `${ws}/members/${bob.id}` }));
    await answer('GET /api/v1/account', 200, t.as(ada.key, { method: 'GET', url: '/api/v1/account', headers: { 'linkdeck-workspace': String(team) } }));
  });
});
