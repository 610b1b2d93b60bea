// Authorization matrix generated from GET /api/v1/openapi.json: every documented operation is probed
// without a key, with a bad key, as a non-admin, and (for {param} paths) with another workspace's id. The
// requests are built from the document (test-utils/authz-requests.ts); authz-roles.test.ts probes the roles
// and scopes of a team workspace with them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { json } from '../test-utils/api';
import { documentValidator } from '../openapi/document-validator';
import { apiOperations, FIXTURES, fillPath, readDocument, send as sendRequest, uniqueText, type ApiOperation } from '../test-utils/authz-requests';
import { bodyFor } from '../test-utils/authz-bodies';
import { World } from '../test-utils/authz-callers';

const MESSAGES: Record<number, string> = { 401: 'Unauthenticated.', 403: 'This action is unauthorized.', 404: 'Resource not found.' };
const MISSING_ID = 999_999;

// The document is read before the tests are collected, so each operation becomes its own test.
const t: TestApp = await createTestApp();
const doc = await readDocument(t);
// Every JSON answer the matrix sees must be one the document gives the operation, and match its schema.
const validate = documentValidator(doc as never);
const undocumented: string[] = [];
function checkAnswer(op: ApiOperation, res: LightMyRequestResponse): void {
  if (!String(res.headers['content-type']).startsWith('application/json')) return;
  const problems = validate(op.method.toLowerCase(), op.path, res.statusCode, res.json());
  if (problems.length) undocumented.push(`${op.label} ${res.statusCode}: ${problems.join('; ')}`);
}
const ops = apiOperations(doc);
const isItem = (op: ApiOperation) => op.slots.length > 0;

// Resources of another workspace (a team workspace of another person's), which the plain user probes.
const theirs = new World(t, 'theirs');
const urlFor = (op: ApiOperation, missing = false) => fillPath(op, (key, parents) => (missing ? Promise.resolve(MISSING_ID) : theirs.fixture(key, parents)));

// Invalid for every resource: authorization must still win over validation.
const JUNK = { name: 42, url: 'not a url', type: [], homepage_url: 'nope' };

async function send(op: ApiOperation, url: string, authorization: string | null, body?: object): Promise<LightMyRequestResponse> {
  const res = await sendRequest(t, op, url, authorization, body);
  checkAnswer(op, res);
  return res;
}

function expectError(res: LightMyRequestResponse, status: number, label: string): void {
  expect(res.statusCode, `${label}: ${res.body}`).toBe(status);
  if (res.body) expect(res.json(), label).toEqual({ message: MESSAGES[status], status });
}

/** Another workspace's id must answer exactly like an id that does not exist. */
async function expectLikeMissing(op: ApiOperation, key: string, body: object | undefined, label: string): Promise<void> {
  const probe = await send(op, await urlFor(op), `Bearer ${key}`, body);
  const missing = await send(op, await urlFor(op, true), `Bearer ${key}`, body);
  expect({ status: probe.statusCode, body: probe.body }, label).toEqual({ status: missing.statusCode, body: missing.body });
}

async function freshUserKey(): Promise<string> {
  const res = await t.as(t.adminKey, { method: 'POST', url: '/api/v1/users', ...json({ name: 'Matrix probe' }) });
  return res.json().data.api_key as string;
}

const probed = new Set<string>();
const ownerViews = new Map<string, string>();
const ownerView = async (url: string) => {
  const { key, headers } = await theirs.credentials({ kind: 'role', role: 'owner' });
  const res = await t.as(key, { method: 'GET', url, headers });
  return `${res.statusCode} ${res.body}`;
};
const ownerOps = () => ops.filter((op) => isItem(op) && op.method === 'GET' && !op.problem && op.access?.kind === 'workspace');

beforeAll(async () => {
  // Every fixture first, so that none appears in a list after the owner's view of it is taken.
  for (const op of ops) if (!op.problem) await urlFor(op).catch(() => undefined);
  for (const op of ownerOps()) {
    const url = await urlFor(op);
    ownerViews.set(url, await ownerView(url));
  }
});
afterAll(async () => t.close());

describe('authorization matrix (from openapi.json)', () => {
  it('classifies every operation, has a fixture for every {param} path and a sensible size', () => {
    expect(ops.filter((op) => op.problem).map((op) => `${op.label}: ${op.problem}`), 'unclassifiable operations').toEqual([]);
    const uncovered = ops.flatMap((op) => op.slots.filter((s) => !FIXTURES[s.fixture]).map((s) => `${op.label}: no fixture "${s.fixture}" — add one to FIXTURES`));
    expect(uncovered).toEqual([]);
    expect(ops.length).toBeGreaterThanOrEqual(33);
    expect(ops.filter(isItem).length).toBeGreaterThanOrEqual(21);
    expect(ops.filter((op) => op.adminOnly).length).toBeGreaterThanOrEqual(6);
    expect([...new Set(ops.map((op) => op.segment))]).toEqual(expect.arrayContaining(['domains', 'links', 'spaces', 'pixels', 'users', 'account', 'stats']));
  });

  for (const op of ops) {
    const label = op.label;
    it(`${label}${op.adminOnly ? ' (admin-only)' : ''}`, async () => {
      if (op.problem) throw new Error(`${label}: ${op.problem}`);
      const body = bodyFor(op, uniqueText('hijacked'));
      const url = await urlFor(op);
      const junk = op.hasBody ? JUNK : undefined;

      // No key, a bad key, a wrong scheme: 401 before anything else (even before validation).
      for (const auth of [null, 'Bearer not-a-real-key-0000', `Basic ${t.userKey}`]) {
        expectError(await send(op, url, auth, junk), 401, `${label} with ${auth ?? 'no key'}`);
        expectError(await send(op, url, auth, body), 401, `${label} with ${auth ?? 'no key'}`);
      }

      if (op.adminOnly) {
        // A non-admin is refused whatever the id and the body.
        for (const target of [url, await urlFor(op, true)]) {
          expectError(await send(op, target, `Bearer ${t.userKey}`, body), 403, `${label} as non-admin`);
          expectError(await send(op, target, `Bearer ${t.userKey}`, junk), 403, `${label} as non-admin, invalid body`);
        }
      } else if (isItem(op) && op.access?.kind === 'workspace') {
        // Another workspace's resource is 404 for the plain user, like a missing id, with a valid or an invalid body.
        expectError(await send(op, url, `Bearer ${t.userKey}`, body), 404, `${label} on another workspace's id`);
        await expectLikeMissing(op, t.userKey, body, `${label}: another workspace's id vs a missing id`);
        if (junk) await expectLikeMissing(op, t.userKey, junk, `${label}: another workspace's id vs a missing id, invalid body`);
      } else {
        // Not marked admin-only, nor another workspace's: a non-admin must get through (a fresh user: some routes rotate the key).
        const res = await send(op, url, `Bearer ${await freshUserKey()}`, body);
        expect(res.statusCode, `${label} as a fresh non-admin: ${res.body}`).toBeLessThan(300);
      }
      probed.add(label);
    });
  }

  it("GET /api/v1/stats/{link_id} with analytics parameters: another workspace's link is like a missing one; as filters of GET /api/v1/stats its ids match nothing", async () => {
    expect(ops.find((o) => o.label === 'GET /api/v1/stats/{link_id}')).toBeDefined();
    const link = await theirs.fixture('stats/{link_id}', {});
    for (const q of ['group_by=country', 'interval=hour', 'compare=previous', 'unique=1', 'group_by=planet']) {
      const probe = await t.as(t.userKey, { method: 'GET', url: `/api/v1/stats/${link}?${q}` });
      const missing = await t.as(t.userKey, { method: 'GET', url: `/api/v1/stats/${MISSING_ID}?${q}` });
      expect({ status: probe.statusCode, body: probe.body }, q).toEqual({ status: missing.statusCode, body: missing.body });
    }
    const filters = { link_id: 'links/{id}', space_id: 'spaces/{id}', domain_id: 'domains/{id}' };
    for (const [name, fixture] of Object.entries(filters)) {
      const q = `${name}=${await theirs.fixture(fixture, {})}`;
      const res = await t.as(t.userKey, { method: 'GET', url: `/api/v1/stats?${q}&group_by=link` });
      expect(res.statusCode, q).toBe(200);
      expect(res.json().data, q).toMatchObject({ totals: { clicks: 0 }, groups: [] });
    }
  });

  it("probed every operation, and the owner's resources are unchanged", async () => {
    expect([...probed].sort()).toEqual(ops.map((op) => op.label).sort());
    expect(undocumented, 'answers the document does not describe').toEqual([]);
    expect(ownerViews.size).toBeGreaterThanOrEqual(6);
    for (const [url, before] of ownerViews) {
      expect(before, url).toMatch(/^200 /);
      expect(await ownerView(url), url).toBe(before);
    }
  });
});
