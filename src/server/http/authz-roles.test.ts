// Authorization from the API document. Every operation of GET /api/v1/openapi.json is called by each
// role of a team workspace (a member's sign-in key naming it in the Linkdeck-Workspace header), by a key of that
// workspace holding only one scope (each scope in turn, an owner's), and by people and keys of other workspaces
// (in their own workspace, and naming this one). Each gets exactly the answer the document promises: the operation
// runs (2xx) when its scope (`x-linkdeck-scope`) is both the role's and the key's, else 403 naming the scope; a
// workspace one is not a member of, and its ids, are 404; another workspace's lists never show this one's data;
// `x-linkdeck-access` says which operations are the instance admin's or the caller's own. Every JSON answer is one
// the document gives the operation. A new route is covered without new code (test-utils/authz-requests.ts names
// what to add when its request cannot be built). A call that may write runs in a fresh workspace of its own, so
// that each one can succeed; the others share one workspace and its fixtures, which they must leave unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { WORKSPACE_ROLES, roleAtLeast, type WorkspaceRole } from '../../shared/workspace-roles';
import { documentValidator } from '../openapi/document-validator';
import { createTestApp } from '../test-utils/test-app';
import { startLocalDns } from '../test-utils/dns-server';
import { apiOperations, fillPath, readDocument, send, uniqueText, type ApiOperation } from '../test-utils/authz-requests';
import { bodyFor } from '../test-utils/authz-bodies';
import { CALLERS, callerName, checkAnswer, expectedAnswer, expectedOnOwn, World, type Caller, type Expected } from '../test-utils/authz-callers';

// The document is read before the tests are collected, so that each operation becomes its own test.
const dns = await startLocalDns(); // domain checks resolve here: every name is unknown, at once
const t = await createTestApp({ dnsResolver: [dns.resolver] });
const doc = await readDocument(t);
const validate = documentValidator(doc as never);
const ops = apiOperations(doc);
const team = new World(t, 'teamws');
/** The roles each operation ran for (2xx). */
const ranFor = new Map<string, Set<WorkspaceRole>>();

/** The fixture's owner's reads of it (operations whose path ends in a parameter), before and after the matrix. */
const itemReads = () => ops.filter((op) => op.method === 'GET' && op.access?.kind === 'workspace' && op.path.endsWith('}') && !op.problem);
const ownerRead = async (op: ApiOperation) => {
  const { key, headers } = await team.credentials({ kind: 'role', role: 'owner' });
  const res = await send(t, op, await fillPath(op, (k, parents) => team.fixture(k, parents)), `Bearer ${key}`, undefined, headers);
  return `${res.statusCode} ${res.body}`;
};
const before = new Map<string, string>();

beforeAll(async () => {
  // One of each fixture in the team workspace first, so that none of its lists is empty.
  for (const op of ops) if (!op.problem) await fillPath(op, (key, parents) => team.fixture(key, parents)).catch(() => undefined);
  for (const op of itemReads()) before.set(op.label, await ownerRead(op));
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

/** A call that may write gets a fresh workspace; the others share the team's. `own`: on the caller's own (the last parameter). */
async function call(op: ApiOperation, caller: Caller, expected: Expected, own = false): Promise<LightMyRequestResponse> {
  const world = 'runs' in expected && op.method !== 'GET' ? new World(t, 'freshws') : team;
  const { key, headers } = await world.credentials(caller);
  const last = own ? op.slots.at(-1)?.fixture : undefined;
  const url = await fillPath(op, (k, parents) => (k === last ? world.own(k, caller) : world.fixture(k, parents)));
  return send(t, op, url, `Bearer ${key}`, bodyFor(op, uniqueText(world.tag)), headers);
}

const listed = (body: unknown): { id?: unknown }[] => {
  const data = (body as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? (data as { id?: unknown }[]) : [];
};

/** Another workspace's answer to a read that lists: none of the team's rows, nor any text of its fixtures. */
function expectOwnData(res: LightMyRequestResponse, teams: unknown): void {
  expect(res.body.includes(team.tag), `sees the team workspace's data: ${res.body.slice(0, 300)}`).toBe(false);
  const ids = new Set<unknown>(listed(teams).flatMap((row) => (row.id === undefined ? [] : [row.id])));
  const shown = listed(res.json()).filter((row) => ids.has(row.id));
  expect(shown, 'sees rows of the team workspace').toEqual([]);
}

describe('authorization from the API document: roles, scopes and other workspaces', () => {
  it('builds a request for every operation', () => {
    expect(ops.filter((op) => op.problem).map((op) => `${op.label}: ${op.problem}`)).toEqual([]);
    expect(ops.length).toBeGreaterThanOrEqual(90);
    expect(new Set(ops.map((op) => op.access?.kind))).toEqual(new Set(['workspace', 'account', 'instance']));
  });

  for (const op of ops) {
    it(op.label, async () => {
      if (op.problem) throw new Error(`${op.label}: ${op.problem}`);
      const failures: string[] = [];
      const ran = new Set<WorkspaceRole>();
      let teams: unknown;
      for (const caller of CALLERS) {
        const expected = expectedAnswer(op, caller);
        const who = callerName(caller);
        try {
          const res = await call(op, caller, expected);
          const ok = res.statusCode >= 200 && res.statusCode < 300;
          if (caller.kind === 'role' && ok) ran.add(caller.role);
          if (String(res.headers['content-type']).startsWith('application/json')) {
            const problems = validate(op.method.toLowerCase(), op.path, res.statusCode, res.json());
            expect(problems, `an answer the document does not give (${res.statusCode})`).toEqual([]);
          }
          checkAnswer(res, expected);
          if (op.method !== 'GET' || op.access?.kind !== 'workspace' || !ok || !res.body?.startsWith('{')) continue;
          if (caller.kind === 'role' && caller.role === 'owner') teams = res.json();
          else if (caller.kind !== 'role' && caller.kind !== 'scope') expectOwnData(res, teams);
        } catch (err) {
          failures.push(`${who}: ${(err as Error).message.split('\n')[0]}`);
        }
      }
      ranFor.set(op.label, ran);
      expect(failures, `${op.label} (${op.access?.kind}, scope ${op.access?.scope})`).toEqual([]);
    });
  }

  // Leaving a workspace, revoking one's own key: any member, with their sign-in key; a key of the workspace needs the scope.
  for (const op of ops.filter((o) => o.access?.self_service)) {
    it(`${op.label} on one's own (self-service)`, async () => {
      const failures: string[] = [];
      for (const caller of CALLERS.filter((c) => c.kind === 'role' || c.kind === 'scope')) {
        try {
          const expected = expectedOnOwn(op, caller);
          checkAnswer(await call(op, caller, expected, true), expected);
        } catch (err) {
          failures.push(`${callerName(caller)}: ${(err as Error).message.split('\n')[0]}`);
        }
      }
      expect(failures, `${op.label} on one's own`).toEqual([]);
    });
  }

  // The roles, as the answers show them: owner > admin > member > viewer; the owner does everything, a
  // viewer only reads (analytics included); a member writes links, spaces, tags, pixels and templates; an admin
  // also members, keys, domains and webhooks; only an owner changes or deletes the workspace itself.
  const LEAST_WRITER: Record<string, WorkspaceRole> = {
    links: 'member',
    spaces: 'member',
    tags: 'member',
    pixels: 'member',
    'utm-templates': 'member',
    domains: 'admin',
    webhooks: 'admin',
    members: 'admin',
    invitations: 'admin',
    'api-keys': 'admin',
    workspaces: 'owner',
  };
  const VIEWER_READS = ['links', 'domains', 'spaces', 'pixels', 'tags', 'utm-templates', 'stats'];
  const family = (op: ApiOperation) => (op.segment === 'workspaces' ? op.resource : op.segment);

  it("matches the issue's roles", () => {
    const ranks = (label: string) => ranFor.get(label) ?? new Set<WorkspaceRole>();
    const wrong: string[] = [];
    for (const op of ops.filter((o) => o.access?.kind === 'workspace')) {
      const ran = ranks(op.label);
      const least = [...WORKSPACE_ROLES].reverse().find((role) => ran.has(role));
      if (!ran.has('owner')) wrong.push(`${op.label}: not for the owner`);
      if (least && WORKSPACE_ROLES.some((role) => roleAtLeast(role, least) && !ran.has(role))) wrong.push(`${op.label}: a lower role may, a higher may not`);
      if (op.method !== 'GET' && ran.has('viewer')) wrong.push(`${op.label}: a viewer writes`);
      const writer = LEAST_WRITER[family(op)];
      if (op.method !== 'GET' && writer && least !== writer) wrong.push(`${op.label}: from ${least ?? 'no role'} up, not ${writer}`);
    }
    for (const name of VIEWER_READS) if (!ranks(`GET /api/v1/${name}`).has('viewer')) wrong.push(`GET /api/v1/${name}: not for a viewer`);
    const written = new Set(ops.filter((op) => op.method !== 'GET').map(family));
    expect(Object.keys(LEAST_WRITER).filter((name) => !written.has(name)), 'families the document has no write of').toEqual([]);
    expect(wrong).toEqual([]);
  });

  it("leaves the team workspace's fixtures as they were", async () => {
    expect(before.size).toBeGreaterThanOrEqual(10);
    for (const op of itemReads()) {
      expect(before.get(op.label), op.label).toMatch(/^200 /);
      expect(await ownerRead(op), op.label).toBe(before.get(op.label));
    }
  });
});
