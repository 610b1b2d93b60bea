// Team workspaces for the API tests: people, workspaces, memberships and keys of one workspace, made
// straight in the database where the API to make them is not the subject.
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { ApiScope } from '../../shared/api-scopes';
import type { WorkspaceRole } from '../../shared/workspace-roles';
import { ApiKeysRepo } from '../api-keys/api-keys.repo';
import { UsersRepo } from '../users/users.repo';
import { nowIso } from '../db/sql-values';
import type { TestApp } from './test-app';

export interface Person {
  id: number;
  key: string;
}

export async function newPerson(t: TestApp, name: string): Promise<Person> {
  const { user, apiKey } = await new UsersRepo(t.db.kysely).create(name, 'user');
  return { id: user.id, key: apiKey };
}

/** A team workspace made through the API by `owner`; its id. */
export async function newWorkspace(t: TestApp, owner: Person, name: string): Promise<number> {
  const res = await t.as(owner.key, { method: 'POST', url: '/api/v1/workspaces', payload: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

export async function addMember(t: TestApp, workspaceId: number, person: Person, role: WorkspaceRole): Promise<void> {
  await t.db.kysely.insertInto('memberships').values({ workspace_id: workspaceId, user_id: person.id, role, created_at: nowIso() }).execute();
}

/** A key of one workspace for `person`; the key. */
export async function workspaceKey(t: TestApp, person: Person, workspaceId: number, scopes: ApiScope[], expiresAt: string | null = null): Promise<string> {
  const { key } = await new ApiKeysRepo(t.db.kysely).create({ userId: person.id, workspaceId, name: 'Test key', scopes, expiresAt });
  return key;
}

/** inject() with the key and, if given, the `Linkdeck-Workspace` header. */
export function inWorkspace(t: TestApp, key: string, workspaceId: number | string | null, opts: InjectOptions): Promise<LightMyRequestResponse> {
  const headers = { ...(workspaceId === null ? {} : { 'linkdeck-workspace': String(workspaceId) }), ...(opts.headers ?? {}) };
  return t.as(key, { ...opts, headers });
}

/** The 403 of a missing scope, exactly. */
export function expectMissingScope(res: LightMyRequestResponse, scope: ApiScope, lacking: 'key' | WorkspaceRole): void {
  expect(res.statusCode, res.body).toBe(403);
  const which = lacking === 'key' ? 'this API key does not have' : `your role in this workspace (${lacking}) does not have`;
  expect(res.json()).toEqual({ message: `This request needs the scope ${scope}, which ${which}.`, status: 403, scope });
}
