// Authorization matrix generated from GET /api/v1/openapi.json: every documented operation is probed
// without a key, with a bad key, as a non-admin, and (for {param} paths) with another account's id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { create, createLink, json } from '../test-utils/api';
import { PNG } from 'pngjs';
import { documentValidator } from '../openapi/document-validator';
import { isAdminOnly } from '../openapi/openapi-document';

interface Operation {
  security?: Record<string, string[]>[];
  requestBody?: unknown;
}
interface Op {
  method: string;
  path: string;
  kind: 'collection' | 'item' | 'fallback';
  segment: string;
  adminOnly: boolean;
  hasBody: boolean;
  problem?: string;
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query']);
const PATH_ITEM_FIELDS = new Set(['summary', 'description', 'servers', 'parameters', '$ref']);
const MESSAGES: Record<number, string> = { 401: 'Unauthenticated.', 403: 'This action is unauthorized.', 404: 'Resource not found.' };
const MISSING_ID = 999_999;
/** A second path parameter below an item, and the FIXTURES entry that holds the admin's id for it. */
const NESTED: Record<string, string> = { revision_id: 'revisions' };


function classify(path: string, method: string, op: Operation): Op {
  const segment = /^\/api\/v1\/([^/{}]+)/.exec(path)?.[1] ?? '';
  const params = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  const base = { method: method.toUpperCase(), path, segment, adminOnly: isAdminOnly(op), hasBody: op.requestBody !== undefined };
  if (path === '/api/v1/{*}') return { ...base, kind: 'fallback' };
  const problem = !HTTP_METHODS.has(method)
    ? `unknown operation key "${method}"`
    : !segment
      ? 'path is not /api/v1/<resource>/...'
      : (params.length > 1 && !(params.length === 2 && params[1]! in NESTED)) || params.includes('*')
        ? `cannot classify path parameters {${params.join('}, {')}}`
        : undefined;
  return { ...base, kind: params.length ? 'item' : 'collection', ...(problem ? { problem } : {}) };
}

// The document is read before the tests are collected, so each operation becomes its own test.
const t: TestApp = await createTestApp();
const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as { paths: Record<string, Record<string, Operation>> };
// Every JSON answer the matrix sees must be one the document gives the operation, and match its schema.
const validate = documentValidator(doc as never);
const undocumented: string[] = [];
function checkAnswer(op: Op, res: LightMyRequestResponse): void {
  if (op.kind === 'fallback' || !String(res.headers['content-type']).startsWith('application/json')) return;
  const problems = validate(op.method.toLowerCase(), op.path, res.statusCode, res.json());
  if (problems.length) undocumented.push(`${op.method} ${op.path} ${res.statusCode}: ${problems.join('; ')}`);
}
const ops: Op[] = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([key]) => !PATH_ITEM_FIELDS.has(key) && !key.startsWith('x-'))
    .map(([method, op]) => classify(path, method, op)),
);

// Resource ids owned by the admin, by first path segment; the plain user probes them.
const theirs: Record<string, number> = {};
const FIXTURES: Record<string, () => Promise<number>> = {
  domains: async () => (await create(t, t.adminKey, 'domains', { name: 'theirs.example.com' })).id,
  spaces: async () => (await create(t, t.adminKey, 'spaces', { name: 'Theirs' })).id,
  pixels: async () => (await create(t, t.adminKey, 'pixels', { name: 'Theirs', type: 'facebook', value: 'v1' })).id,
  links: async () =>
    (await createLink(t, t.adminKey, { url: 'https://e.com', alias: 'theirs', domain_id: theirs.domains!, space_id: theirs.spaces!, 'pixel_ids[]': theirs.pixels! })).id,
  stats: async () => theirs.links!,
  revisions: async () => (await t.as(t.adminKey, { method: 'GET', url: `/api/v1/links/${theirs.links}/revisions` })).json().data[0].id as number,
  users: async () => (await t.as(t.adminKey, { method: 'GET', url: '/api/v1/account' })).json().data.id as number,
  operations: async () => {
    const link = await createLink(t, t.adminKey, { url: 'https://e.com', alias: 'theirs-bulk' });
    const res = await t.as(t.adminKey, { method: 'PATCH', url: '/api/v1/links/bulk', ...json({ ids: [link.id], set: { clicks_limit: 5 } }) });
    return res.json().data.operation.id as number;
  },
  'utm-templates': async () => (await create(t, t.adminKey, 'utm-templates', { name: 'Theirs', utm_source: 'theirs' })).id,
  tags: async () => (await create(t, t.adminKey, 'tags', { name: 'Theirs' })).id,
  views: async () => (await create(t, t.adminKey, 'views', { name: 'Theirs', query: 'status=1' })).id,
  imports: async () => {
    const res = await t.as(t.adminKey, { method: 'POST', url: '/api/v1/links/import', payload: 'url\nhttps://e.com/theirs\n', headers: { 'content-type': 'text/csv' } });
    await t.app.importRunner.idle(); // finished, so that the owner's view of it stays the same
    return res.json().data.id as number;
  },
  // An event nothing here causes: no delivery is queued, so the owner's view stays the same.
  webhooks: async () => (await create(t, t.adminKey, 'webhooks', { url: 'https://theirs.example/hook', 'events[]': 'link.expired' })).id,
  // A team workspace of the admin's: the plain user is no member there.
  workspaces: async () => (await create(t, t.adminKey, 'workspaces', { name: 'Theirs' })).id,
};
// Operations whose body is a file, not JSON: a valid one, and its type.
const FILE_BODIES: Record<string, { payload: string | Buffer; type: string }> = {
  'POST /api/v1/links/import': { payload: 'url\nhttps://matrix.example/imported\n', type: 'text/csv' },
  'PUT /api/v1/account/qr-logo': { payload: tinyPng(), type: 'image/png' },
  'POST /api/v1/og-images': { payload: tinyPng(), type: 'image/png' },
};

/** A 1x1 PNG. */
function tinyPng(): Buffer {
  const png = new PNG({ width: 1, height: 1 });
  png.data.set([0, 0, 0, 255]);
  return PNG.sync.write(png);
}
// Valid bodies, so that a 422 cannot stand in for the authorization answer.
const BODIES: Record<string, { create?: object; update?: object }> = {
  domains: { create: { name: 'matrix.example.com' }, update: { homepage_url: 'https://hijack.example' } },
  spaces: { create: { name: 'Hijacked' }, update: { name: 'Hijacked' } },
  pixels: { create: { name: 'Hijacked', type: 'facebook', value: 'v2' }, update: { name: 'Hijacked' } },
  links: { create: { url: 'https://hijack.example' }, update: { title: 'Hijacked', url: 'https://hijack.example' } },
  users: { create: { name: 'Hijacked' }, update: { name: 'Hijacked' } },
  'utm-templates': { create: { name: 'Hijacked', utm_source: 'x' }, update: { name: 'Hijacked' } },
  webhooks: { create: { url: 'https://hijack.example/hook', events: ['link.expired'] }, update: { url: 'https://hijack.example/hook' } },
  tags: { create: { name: 'Hijacked' }, update: { name: 'Hijacked' } },
  views: { create: { name: 'Hijacked', query: 'status=1' }, update: { name: 'Hijacked', query: 'status=2' } },
  workspaces: { create: { name: 'Hijacked' }, update: { name: 'Hijacked' } },
};
// Routes whose valid body is not their resource's (by method and path).
const PATH_BODIES: Record<string, object> = {
  'POST /api/v1/links/bulk': { links: [{ url: 'https://hijack.example' }] },
  'PATCH /api/v1/links/bulk': { all: 1, set: { disabled: 1 } },
  'DELETE /api/v1/links/bulk': { all: 1 },
  'PUT /api/v1/account/qr-style': { fg: '#112233' },
};
// Routes with a required query: a valid one, so that a 422 cannot stand in for the authorization answer.
const PATH_QUERIES: Record<string, string> = {
  'GET /api/v1/links/alias-availability': '?alias=matrix-probe',
};
// Invalid for every resource: authorization must still win over validation.
const JUNK = { name: 42, url: 'not a url', type: [], homepage_url: 'nope' };

const idOf = (op: Op) => (op.kind === 'item' ? theirs[op.segment] : undefined);
const urlFor = (op: Op, id: number | undefined) =>
  op.kind === 'fallback'
    ? '/api/v1/authz-matrix-probe'
    : op.path.replace(/\{(\w+)\}/g, (_whole, name: string) => String((name in NESTED ? theirs[NESTED[name]!] : id) ?? MISSING_ID)) +
      (PATH_QUERIES[`${op.method} ${op.path}`] ?? '');

function bodyFor(op: Op): object | undefined {
  if (op.kind === 'fallback') return {}; // QUERY without a body is a 400 before routing
  if (!op.hasBody) return undefined;
  if (FILE_BODIES[`${op.method} ${op.path}`]) return {}; // send() puts the file in its place
  const special = PATH_BODIES[`${op.method} ${op.path}`];
  if (special) return special;
  const body = BODIES[op.segment]?.[op.method === 'POST' ? 'create' : 'update'];
  if (!body) throw new Error(`${op.method} ${op.path}: no valid body for "${op.segment}" — add one to BODIES in authz-matrix.test.ts`);
  return body;
}

// Server-Sent Events: an accepted stream never ends, so only its status and headers are awaited.
const EVENT_STREAMS = new Set(['GET /api/v1/stats/live']);

/** inject() with an Authorization header (or none) and an optional JSON body. */
async function send(op: Op, url: string, authorization: string | null, body?: object): Promise<LightMyRequestResponse> {
  const file = FILE_BODIES[`${op.method} ${op.path}`];
  const payload = file ? { payload: file.payload } : body ? json(body) : {};
  const type = file ? file.type : body ? 'application/json' : undefined;
  const headers = { ...(authorization ? { authorization } : {}), ...(type ? { 'content-type': type } : {}) };
  if (!EVENT_STREAMS.has(`${op.method} ${op.path}`)) {
    const res = await t.app.inject({ method: op.method as 'GET', url, ...payload, headers });
    checkAnswer(op, res);
    return res;
  }
  const res = await t.app.inject({ method: op.method as 'GET', url, ...payload, headers, payloadAsStream: true });
  const stream = res.stream();
  if (res.statusCode === 200 && String(res.headers['content-type']).startsWith('text/event-stream')) {
    stream.destroy();
    return res;
  }
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return Object.assign(res, { body: text, payload: text, json: () => JSON.parse(text) as unknown });
}

function expectError(res: LightMyRequestResponse, status: number, label: string): void {
  expect(res.statusCode, `${label}: ${res.body}`).toBe(status);
  if (res.body) expect(res.json(), label).toEqual({ message: MESSAGES[status], status });
}

/** Another account's id must answer exactly like an id that does not exist. */
async function expectLikeMissing(op: Op, key: string, body: object | undefined, label: string): Promise<void> {
  const probe = await send(op, urlFor(op, idOf(op)), `Bearer ${key}`, body);
  const missing = await send(op, urlFor(op, MISSING_ID), `Bearer ${key}`, body);
  expect({ status: probe.statusCode, body: probe.body }, label).toEqual({ status: missing.statusCode, body: missing.body });
}

async function freshUserKey(): Promise<string> {
  const res = await t.as(t.adminKey, { method: 'POST', url: '/api/v1/users', ...json({ name: 'Matrix probe' }) });
  return res.json().data.api_key as string;
}

const probed = new Set<string>();
const ownerViews = new Map<string, string>();
const ownerView = async (url: string) => {
  const res = await t.as(t.adminKey, { method: 'GET', url });
  return `${res.statusCode} ${res.body}`;
};
const ownerUrls = () => ops.filter((op) => op.kind === 'item' && op.method === 'GET' && !op.problem && op.segment in theirs).map((op) => urlFor(op, idOf(op)));

beforeAll(async () => {
  for (const [segment, make] of Object.entries(FIXTURES)) theirs[segment] = await make();
  for (const url of ownerUrls()) ownerViews.set(url, await ownerView(url));
});
afterAll(async () => t.close());

describe('authorization matrix (from openapi.json)', () => {
  it('classifies every operation, has a fixture for every {param} path and a sensible size', () => {
    expect(ops.filter((op) => op.problem).map((op) => `${op.method} ${op.path}: ${op.problem}`), 'unclassifiable operations').toEqual([]);
    const uncovered = ops.filter((op) => op.kind === 'item' && !(op.segment in FIXTURES));
    expect(uncovered.map((op) => `${op.method} ${op.path}: no fixture for "${op.segment}" — add one to FIXTURES`)).toEqual([]);
    const real = ops.filter((op) => op.kind !== 'fallback');
    expect(real.length).toBeGreaterThanOrEqual(33);
    expect(real.filter((op) => op.kind === 'item').length).toBeGreaterThanOrEqual(21);
    expect(real.filter((op) => op.adminOnly).length).toBeGreaterThanOrEqual(6);
    expect([...new Set(real.map((op) => op.segment))]).toEqual(expect.arrayContaining(['domains', 'links', 'spaces', 'pixels', 'users', 'account', 'stats']));
  });

  for (const op of ops) {
    const label = `${op.method} ${op.path}`;
    it(`${label}${op.adminOnly ? ' (admin-only)' : ''}`, async () => {
      if (op.problem) throw new Error(`${label}: ${op.problem}`);
      if (op.kind === 'item' && !(op.segment in theirs)) {
        throw new Error(`${label}: no fixture for "${op.segment}" — add an admin-owned id to FIXTURES in authz-matrix.test.ts`);
      }
      const body = bodyFor(op);
      const url = urlFor(op, idOf(op));
      const junk = op.hasBody ? JUNK : undefined;

      // No key, a bad key, a wrong scheme: 401 before anything else (even before validation).
      for (const auth of [null, 'Bearer not-a-real-key-0000', `Basic ${t.userKey}`]) {
        expectError(await send(op, url, auth, junk), 401, `${label} with ${auth ?? 'no key'}`);
        expectError(await send(op, url, auth, body), 401, `${label} with ${auth ?? 'no key'}`);
      }

      if (op.adminOnly) {
        // A non-admin is refused whatever the id and the body.
        for (const target of [url, urlFor(op, MISSING_ID)]) {
          expectError(await send(op, target, `Bearer ${t.userKey}`, body), 403, `${label} as non-admin`);
          expectError(await send(op, target, `Bearer ${t.userKey}`, junk), 403, `${label} as non-admin, invalid body`);
        }
      } else if (op.kind === 'item') {
        // The admin's resource is 404 for the plain user, like a missing id, with a valid or an invalid body.
        expectError(await send(op, url, `Bearer ${t.userKey}`, body), 404, `${label} on another account's id`);
        await expectLikeMissing(op, t.userKey, body, `${label}: another account's id vs a missing id`);
        if (junk) await expectLikeMissing(op, t.userKey, junk, `${label}: another account's id vs a missing id, invalid body`);
      } else if (op.kind === 'fallback') {
        expectError(await send(op, url, `Bearer ${t.userKey}`, body), 404, `${label} as a user`);
      } else {
        // Not marked admin-only, so a non-admin must get through (a fresh user: some routes rotate the key).
        const res = await send(op, url, `Bearer ${await freshUserKey()}`, body);
        expect(res.statusCode, `${label} as a fresh non-admin: ${res.body}`).toBeLessThan(300);
      }
      probed.add(label);
    });
  }

  it("GET /api/v1/stats/{link_id} with analytics parameters: another account's link is like a missing one; as filters of GET /api/v1/stats its ids match nothing", async () => {
    const op = ops.find((o) => o.method === 'GET' && o.path === '/api/v1/stats/{link_id}');
    expect(op).toBeDefined();
    for (const q of ['group_by=country', 'interval=hour', 'compare=previous', 'unique=1', 'group_by=planet']) {
      const probe = await t.as(t.userKey, { method: 'GET', url: `/api/v1/stats/${theirs.stats}?${q}` });
      const missing = await t.as(t.userKey, { method: 'GET', url: `/api/v1/stats/${MISSING_ID}?${q}` });
      expect({ status: probe.statusCode, body: probe.body }, q).toEqual({ status: missing.statusCode, body: missing.body });
    }
    for (const q of [`link_id=${theirs.links}`, `space_id=${theirs.spaces}`, `domain_id=${theirs.domains}`]) {
      const res = await t.as(t.userKey, { method: 'GET', url: `/api/v1/stats?${q}&group_by=link` });
      expect(res.statusCode, q).toBe(200);
      expect(res.json().data, q).toMatchObject({ totals: { clicks: 0 }, groups: [] });
    }
  });

  it('probed every operation, and the owner\'s resources are unchanged', async () => {
    expect([...probed].sort()).toEqual(ops.map((op) => `${op.method} ${op.path}`).sort());
    expect(undocumented, 'answers the document does not describe').toEqual([]);
    expect(ownerViews.size).toBeGreaterThanOrEqual(6);
    for (const [url, before] of ownerViews) {
      expect(before, url).toMatch(/^200 /);
      expect(await ownerView(url), url).toBe(before);
    }
  });
});
