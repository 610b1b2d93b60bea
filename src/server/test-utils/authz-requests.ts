// The requests of the authorization tests (http/authz-matrix.test.ts, http/authz-roles.test.ts), built from the
// served API document: its operations with their access (`x-linkdeck-access`), a fixture for each path parameter,
// a valid body and query, and sending one (event streams included). A route added to the API is covered without
// new test code; one whose request cannot be built fails naming the operation and what to add here (or in
// authz-bodies.ts, the bodies and queries).
import { DRY_RUN_TIMING } from '../imports/dry-run-jobs';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AccessDoc } from '../openapi/access-docs';
import { isAdminOnly } from '../openapi/openapi-document';
import { ApiKeysRepo } from '../api-keys/api-keys.repo';
import { json } from './api';
import { bodyProblem, FILE_BODIES, PATH_QUERIES } from './authz-bodies';
import type { TestApp } from './test-app';
import { addMember, newPerson, type Person } from './workspaces';

export interface DocOperation {
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema?: { $ref?: string; required?: string[] } }> };
  parameters?: { in: string; name: string; required?: boolean }[];
  'x-linkdeck-access'?: AccessDoc;
}
export interface ApiDocument {
  paths: Record<string, Record<string, DocOperation>>;
  components?: { schemas?: Record<string, { required?: string[] }> };
}

export interface ApiOperation {
  method: string;
  path: string;
  /** `METHOD /api/v1/path`. */
  label: string;
  access: AccessDoc | null;
  adminOnly: boolean;
  /** The first literal segment below /api/v1 (`links`), and the last one (`revisions`, `members`). */
  segment: string;
  resource: string;
  /** Each path parameter in order, with the FIXTURES entry that fills it (`links/{id}`: the segment before it). */
  slots: { param: string; fixture: string }[];
  hasBody: boolean;
  /** Why no request can be built for it. */
  problem?: string;
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query']);
const PATH_ITEM_FIELDS = new Set(['summary', 'description', 'servers', 'parameters', '$ref']);
const API = '/api/v1';

export async function readDocument(t: TestApp): Promise<ApiDocument> {
  return (await t.app.inject({ method: 'GET', url: `${API}/openapi.json` })).json() as ApiDocument;
}

function operation(doc: ApiDocument, path: string, method: string, op: DocOperation): ApiOperation {
  const parts = path.slice(API.length).split('/').filter(Boolean);
  const literals = parts.filter((p) => !p.startsWith('{'));
  const slots = parts.flatMap((p, i) => (p.startsWith('{') ? [{ param: p.slice(1, -1), fixture: `${parts[i - 1] ?? ''}/${p}` }] : []));
  const label = `${method.toUpperCase()} ${path}`;
  const requiredQuery = (op.parameters ?? []).filter((p) => p.in === 'query' && p.required).map((p) => p.name);
  const problem = !HTTP_METHODS.has(method)
    ? `unknown operation key "${method}"`
    : !path.startsWith(`${API}/`) || !literals.length || parts[0]!.startsWith('{')
      ? 'the path is not /api/v1/<resource>/...'
      : slots.some((s) => s.fixture.startsWith('/') || s.fixture.startsWith('{') || s.param === '*')
        ? `cannot fill the path parameters of ${path}`
        : requiredQuery.some((name) => !PATH_QUERIES[label]?.includes(`${name}=`))
          ? `needs the query ${requiredQuery.join(', ')}: add a valid one to PATH_QUERIES in test-utils/authz-bodies.ts`
          : !op['x-linkdeck-access']
            ? 'the document gives it no x-linkdeck-access'
            : undefined;
  const base: ApiOperation = {
    method: method.toUpperCase(),
    path,
    label,
    access: op['x-linkdeck-access'] ?? null,
    adminOnly: isAdminOnly(op),
    segment: literals[0] ?? '',
    resource: literals.at(-1) ?? '',
    slots,
    hasBody: op.requestBody !== undefined,
  };
  return problem ? { ...base, problem } : bodyProblem(doc, base, op);
}

/** Every operation of the document. */
export function apiOperations(doc: ApiDocument): ApiOperation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([key]) => !PATH_ITEM_FIELDS.has(key) && !key.startsWith('x-'))
      .map(([method, op]) => operation(doc, path, method, op)),
  );
}

/** What fixtures are made with: a workspace, one of its owners, and requests as that owner there. */
export interface FixtureMaker {
  t: TestApp;
  workspace: number;
  maker: Person;
  act(opts: InjectOptions): Promise<LightMyRequestResponse>;
  /** Text of this maker's fixtures (names, hosts), unique in the app: tests look for their tag in answers. */
  unique(): string;
}
type Ids = Record<string, string | number>;
type Fixture = (m: FixtureMaker, parents: Ids) => Promise<string | number>;

let counter = 0;
/** Unique text starting with `tag`. */
export const uniqueText = (tag: string) => `${tag}${++counter}`;

async function made(m: FixtureMaker, url: string, body: object): Promise<Record<string, unknown>> {
  const res = await m.act({ method: 'POST', url: `${API}${url}`, ...json(body) });
  if (res.statusCode >= 300) throw new Error(`fixture POST ${url}: ${res.statusCode} ${res.body}`);
  return res.json().data as Record<string, unknown>;
}
const idOf = async (data: Promise<Record<string, unknown>>) => (await data).id as number;
const newLink = (m: FixtureMaker) => {
  const u = m.unique();
  return idOf(made(m, '/links', { url: `https://${u}.example/`, title: u }));
};

/** A value for each path parameter, by the segment before it: a new one of the maker's at each call. */
export const FIXTURES: Record<string, Fixture> = {
  'links/{id}': newLink,
  'stats/{link_id}': newLink,
  'revisions/{revision_id}': async (m, { id }) => {
    const res = await m.act({ method: 'GET', url: `${API}/links/${id}/revisions` });
    return (res.json().data as { id: number }[]).at(-1)!.id; // the oldest: the link as created
  },
  'domains/{id}': (m) => idOf(made(m, '/domains', { name: `${m.unique()}.example.com` })),
  'spaces/{id}': (m) => idOf(made(m, '/spaces', { name: m.unique() })),
  'pixels/{id}': (m) => idOf(made(m, '/pixels', { name: m.unique(), type: 'facebook', value: 'v1' })),
  'tags/{id}': (m) => idOf(made(m, '/tags', { name: m.unique() })),
  'utm-templates/{id}': (m) => idOf(made(m, '/utm-templates', { name: m.unique(), utm_source: 'matrix' })),
  'views/{id}': (m) => idOf(made(m, '/views', { name: m.unique(), query: 'status=1' })),
  // An event nothing here causes: no delivery is queued by the other requests.
  'webhooks/{id}': (m) => idOf(made(m, '/webhooks', { url: `https://${m.unique()}.example/hook`, events: ['link.expired'] })),
  'operations/{id}': async (m) => {
    const res = await m.act({ method: 'PATCH', url: `${API}/links/bulk`, ...json({ ids: [await newLink(m)], set: { clicks_limit: 5 } }) });
    return res.json().data.operation.id as number;
  },
  'imports/{id}': async (m) => {
    const res = await m.act({ method: 'POST', url: `${API}/links/import`, payload: `url\nhttps://${m.unique()}.example/imported\n`, headers: { 'content-type': 'text/csv' } });
    await m.t.app.importRunner.idle(); // finished: its answers stay the same
    return res.json().data.id as number;
  },
  // A dry run past its wait becomes a job (imports/dry-run-jobs.ts); a wait of 0 makes one at once.
  'dry-runs/{id}': async (m) => {
    const wait = DRY_RUN_TIMING.waitMs;
    DRY_RUN_TIMING.waitMs = 0;
    const res = await m.act({ method: 'POST', url: `${API}/links/import?dry_run=1`, payload: `url\nhttps://${m.unique()}.example/dry\n`, headers: { 'content-type': 'text/csv' } }).finally(() => (DRY_RUN_TIMING.waitMs = wait));
    return res.json().data.id as string;
  },
  'users/{id}': async (m) => (await newPerson(m.t, m.unique())).id,
  'workspaces/{id}': async (m) => m.workspace,
  'members/{user_id}': async (m) => {
    const person = await newPerson(m.t, m.unique());
    await addMember(m.t, m.workspace, person, 'viewer');
    return person.id;
  },
  'api-keys/{key_id}': async (m) =>
    (await new ApiKeysRepo(m.t.db.kysely).create({ userId: m.maker.id, workspaceId: m.workspace, name: m.unique(), scopes: ['links:read'] })).id,
  'invitations/{invitation_id}': (m) => idOf(made(m, `/workspaces/${m.workspace}/invitations`, { role: 'viewer' })),
  // An invitation to a workspace of the maker's own, which no one else is a member of.
  'invitations/{token}': async (m) => {
    const host = await idOf(made(m, '/workspaces', { name: m.unique() }));
    return (await made(m, `/workspaces/${host}/invitations`, { role: 'viewer' })).token as string;
  },
};

/**
 * For operations a person may call on what is their own without the scope (`x-linkdeck-access.self_service`): the
 * value of the path's last parameter that is `person`'s own, by its fixture.
 */
export const OWN_FIXTURES: Record<string, (m: FixtureMaker, person: Person) => Promise<string | number>> = {
  'members/{user_id}': async (_m, person) => person.id,
  'api-keys/{key_id}': async (m, person) =>
    (await new ApiKeysRepo(m.t.db.kysely).create({ userId: person.id, workspaceId: m.workspace, name: m.unique(), scopes: ['links:read'] })).id,
};

/** The path with each parameter filled by `fixture` (which may reuse values); throws naming a missing fixture. */
export async function fillPath(op: ApiOperation, fixture: (key: string, parents: Ids) => Promise<string | number>): Promise<string> {
  const ids: Ids = {};
  for (const { param, fixture: key } of op.slots) {
    if (!FIXTURES[key]) throw new Error(`${op.label}: no fixture for {${param}}: add "${key}" to FIXTURES in test-utils/authz-requests.ts`);
    ids[param] = await fixture(key, { ...ids });
  }
  return op.path.replace(/\{([^}]+)\}/g, (_all, name: string) => encodeURIComponent(String(ids[name]))) + (PATH_QUERIES[op.label] ?? '');
}

// Server-Sent Events: an accepted stream never ends, so only its status and headers are awaited.
const EVENT_STREAMS = new Set(['GET /api/v1/stats/live']);

/** inject() with an Authorization header (or none), other headers and a body (JSON, or the operation's file). */
export async function send(
  t: TestApp,
  op: ApiOperation,
  url: string,
  authorization: string | null,
  body?: object,
  extra: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const file = FILE_BODIES[op.label];
  const payload = file ? { payload: file.payload } : body ? json(body) : {};
  const type = file ? file.type : body ? 'application/json' : undefined;
  const headers = { ...extra, ...(authorization ? { authorization } : {}), ...(type ? { 'content-type': type } : {}) };
  const request = { method: op.method as 'GET', url, ...payload, headers };
  if (!EVENT_STREAMS.has(op.label)) return t.app.inject(request);
  const res = await t.app.inject({ ...request, payloadAsStream: true });
  const stream = res.stream();
  if (res.statusCode === 200 && String(res.headers['content-type']).startsWith('text/event-stream')) {
    stream.destroy();
    return res;
  }
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return Object.assign(res, { body: text, payload: text, json: () => JSON.parse(text) as unknown });
}
