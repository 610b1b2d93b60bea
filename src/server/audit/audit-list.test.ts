// GET /api/v1/audit-log: the current workspace's entries only, newest first, paginated as every list,
// with filters that combine; a bad filter is a 422 naming it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { expect404, expect422, get, json, post } from '../test-utils/api';
import { ApiKeysRepo } from '../api-keys/api-keys.repo';
import type { AuditEntry } from '../../shared/audit.schema';

let t: TestApp;
/** The workspace's owner, a member of it with a key of their own, and someone else. */
let owner: { id: number; key: string };
let member: { id: number; key: string };
let stranger: { id: number; key: string };
let ciKey: { id: number; key: string };
let linkId: number;
let spaceId: number;

async function person(name: string) {
  const data = (await post(t, t.adminKey, '/api/v1/users', { name })).json().data as { id: number; api_key: string };
  return { id: data.id, key: data.api_key };
}
const write = async (key: string, method: string, url: string, body: object, headers: Record<string, string> = {}) => {
  const res = await t.as(key, { method: method as 'POST', url: `/api/v1/${url}`, ...json(body), headers: { 'content-type': 'application/json', ...headers } });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data as { id: number };
};
const list = (key: string, query = '', headers: Record<string, string> = {}) => t.as(key, { method: 'GET', url: `/api/v1/audit-log${query}`, headers });
const entries = async (query: string) => {
  const res = await list(owner.key, query, inTeam());
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as AuditEntry[];
};
let team: number;
const inTeam = () => ({ 'linkdeck-workspace': String(team) });

beforeAll(async () => {
  t = await createTestApp();
  owner = await person('Owner');
  member = await person('Member');
  stranger = await person('Stranger');
  team = (await t.query<{ id: number }>("INSERT INTO users (name, role, kind, api_key_hash, created_at, updated_at) VALUES ('Team', 'user', 'workspace', 'unusable-team', '2026-01-01', '2026-01-01') RETURNING id"))[0]!.id;
  for (const [who, role] of [[owner.id, 'owner'], [member.id, 'member']] as const) {
    await t.query('INSERT INTO memberships (workspace_id, user_id, role, created_at) VALUES (?, ?, ?, ?)', team, who, role, '2026-01-01');
  }
  ciKey = await new ApiKeysRepo(t.db.kysely).create({ userId: member.id, workspaceId: team, name: 'CI', scopes: ['links:read', 'links:write'] });
  // 1-2: the owner through the dashboard; 3-4: the member with the CI key; 5: the member's sign-in key.
  linkId = (await write(owner.key, 'POST', 'links', { url: 'https://example.com/a', alias: 'a' }, { ...inTeam(), 'linkdeck-client': 'dashboard' })).id;
  spaceId = (await write(owner.key, 'POST', 'spaces', { name: 'Launch' }, { ...inTeam(), 'linkdeck-client': 'dashboard' })).id;
  await write(ciKey.key, 'PUT', `links/${linkId}`, { title: 'One' });
  await write(ciKey.key, 'POST', 'links', { url: 'https://example.com/b', alias: 'b' });
  await write(member.key, 'PATCH', `spaces/${spaceId}`, { name: 'Launch 2' }, inTeam());
  // The stranger's own writes are in their own log only.
  await write(stranger.key, 'POST', 'links', { url: 'https://example.com/s', alias: 's' });
  await t.app.audit.idle();
  // Known times, a day apart: 2026-03-01 ... 2026-03-05.
  const rows = await t.query<{ id: number }>('SELECT id FROM audit_log WHERE workspace_id = ? ORDER BY id', team);
  for (const [i, r] of rows.entries()) await t.query('UPDATE audit_log SET at = ? WHERE id = ?', `2026-03-0${i + 1}T12:00:00.000Z`, r.id);
});
afterAll(async () => t.close());

const actions = (rows: AuditEntry[]) => rows.map((r) => r.action);

describe('GET /audit-log', () => {
  it("lists the workspace's entries, newest first, as a page", async () => {
    const res = await list(owner.key, '', inTeam());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(actions(body.data)).toEqual(['patchSpace', 'createLink', 'updateLink', 'createSpace', 'createLink']);
    expect(body.meta).toMatchObject({ current_page: 1, per_page: 10, total: 5, from: 1, to: 5, last_page: 1 });
    expect(actions(await entries('?sort=asc&per_page=10&page=1'))).toEqual(['createLink', 'createSpace', 'updateLink', 'createLink', 'patchSpace']);
    expect(await entries('?page=2')).toEqual([]);
  });

  it('filters by person, way, key, action, object and its id, and combines them', async () => {
    expect((await entries(`?actor_user_id=${member.id}`)).map((r) => r.actor_name)).toEqual(['Member', 'Member', 'Member']);
    expect(actions(await entries('?via=dashboard'))).toEqual(['createSpace', 'createLink']);
    expect((await entries('?via=api')).every((r) => r.via === 'api' && r.key_id !== null)).toBe(true);
    expect(await entries(`?key_id=${ciKey.id}`)).toEqual([
      expect.objectContaining({ action: 'createLink', key_name: 'CI' }),
      expect.objectContaining({ action: 'updateLink', key_name: 'CI', object_id: linkId }),
    ]);
    expect(actions(await entries('?action=createLink'))).toEqual(['createLink', 'createLink']);
    expect(actions(await entries('?object=space'))).toEqual(['patchSpace', 'createSpace']);
    expect(actions(await entries(`?object=link&object_id=${linkId}`))).toEqual(['updateLink', 'createLink']);
    expect(actions(await entries(`?object_id=${spaceId}&object=space&actor_user_id=${owner.id}`))).toEqual(['createSpace']);
    expect(await entries('?action=deleteLink')).toEqual([]);
    // An empty value is no filter.
    expect(await entries('?via=&object=&action=')).toHaveLength(5);
  });

  it('filters by time: a day is the whole day (UTC), a moment is exact, both ends included', async () => {
    expect(actions(await entries('?from=2026-03-02&to=2026-03-03'))).toEqual(['updateLink', 'createSpace']);
    expect(actions(await entries('?from=2026-03-04T12:00:00Z'))).toEqual(['patchSpace', 'createLink']);
    expect(actions(await entries('?to=2026-03-01T12:00:00'))).toEqual(['createLink']);
    expect(actions(await entries('?from=2026-03-04T14:00:00%2B02:00&to=2026-03-04'))).toEqual(['createLink']);
    expect(await entries('?from=2026-04-01')).toEqual([]);
  });

  it('answers a bad filter with a 422 naming it', async () => {
    const bad: [string, string][] = [
      ['via=robot', 'via'],
      ['object=gadget', 'object'],
      ['action=drop%20table', 'action'],
      [`action=${'a'.repeat(65)}`, 'action'],
      ['key_id=abc', 'key_id'],
      ['object_id=0', 'object_id'],
      ['actor_user_id=-1', 'actor_user_id'],
      ['from=yesterday', 'from'],
      ['to=2026-02-30', 'to'],
      ['from=2026-03-05&to=2026-03-01', 'to'],
      ['per_page=7', 'per_page'],
      ['sort=up', 'sort'],
    ];
    for (const [query, field] of bad) {
      const errors = expect422(await list(owner.key, `?${query}`, inTeam()), field);
      expect(Object.keys(errors), query).toEqual([field]);
    }
  });

  it("shows only the current workspace's entries: another account sees none of them, and cannot name this workspace", async () => {
    const own = (await list(stranger.key)).json().data as AuditEntry[];
    expect(own).toEqual([expect.objectContaining({ actor_user_id: stranger.id, action: 'createLink', summary: 'Created link short.test/s' })]);
    expect404(await list(stranger.key, '', inTeam()));
    expect404(await list(ciKey.key, '', { 'linkdeck-workspace': String(owner.id) }));
    // The owner's personal workspace has its own (empty) log; the member's key reads links, not the log.
    expect((await list(owner.key)).json().data).toEqual([]);
    expect((await list(ciKey.key)).statusCode).toBe(403);
    expect((await get(t, stranger.key, `/api/v1/audit-log?object=link&object_id=${linkId}`)).json().data).toEqual([]);
  });
});
