// Valid bodies and queries for the authorization tests' requests (authz-requests.ts), so that a 422 cannot stand in
// for the authorization answer: by the path's last literal segment, or by operation. A JSON body with no required
// field is sent empty; an operation that needs another body or a query, and has none here, fails naming it.
import { PNG } from 'pngjs';
import type { ApiDocument, ApiOperation, DocOperation } from './authz-requests';

type Body = (u: string) => object;
// Bodies by the path's last literal segment: `create` for POST, `update` for PUT and PATCH; `u` is unique text.
export const BODIES: Record<string, { create?: Body; update?: Body }> = {
  domains: { create: (u) => ({ name: `${u}.example.com` }), update: () => ({ homepage_url: 'https://matrix.example/home' }) },
  spaces: { create: (u) => ({ name: u }), update: (u) => ({ name: u }) },
  pixels: { create: (u) => ({ name: u, type: 'facebook', value: 'v2' }), update: (u) => ({ name: u }) },
  links: { create: (u) => ({ url: `https://${u}.example/` }), update: (u) => ({ title: u, url: `https://${u}.example/` }) },
  users: { create: (u) => ({ name: u }), update: (u) => ({ name: u }) },
  'utm-templates': { create: (u) => ({ name: u, utm_source: 'x' }), update: (u) => ({ name: u }) },
  webhooks: { create: (u) => ({ url: `https://${u}.example/hook`, events: ['link.expired'] }), update: (u) => ({ url: `https://${u}.example/hook` }) },
  tags: { create: (u) => ({ name: u }), update: (u) => ({ name: u }) },
  views: { create: (u) => ({ name: u, query: 'status=1' }), update: (u) => ({ name: u, query: 'status=2' }) },
  workspaces: { create: (u) => ({ name: u }), update: (u) => ({ name: u }) },
  members: { update: () => ({ role: 'member' }) },
  invitations: { create: () => ({ role: 'viewer' }) },
  'api-keys': { create: (u) => ({ name: u, scopes: ['keys:write'] }) },
};
// Operations whose valid body is not their resource's.
export const PATH_BODIES: Record<string, Body> = {
  'POST /api/v1/links/bulk': (u) => ({ links: [{ url: `https://${u}.example/` }] }),
  'PATCH /api/v1/links/bulk': () => ({ all: 1, set: { disabled: 1 } }),
  'DELETE /api/v1/links/bulk': () => ({ all: 1 }),
  'PUT /api/v1/account/qr-style': () => ({ fg: '#112233' }),
};
// Operations whose body is a file, not JSON: a valid one, and its type.
export const FILE_BODIES: Record<string, { payload: string | Buffer; type: string }> = {
  'POST /api/v1/links/import': { payload: 'url\nhttps://matrix.example/imported\n', type: 'text/csv' },
  'PUT /api/v1/account/qr-logo': { payload: tinyPng(), type: 'image/png' },
  'POST /api/v1/og-images': { payload: tinyPng(), type: 'image/png' },
};
// Operations with a required query: a valid one.
export const PATH_QUERIES: Record<string, string> = {
  'GET /api/v1/links/alias-availability': '?alias=matrix-probe',
};

/** A 1x1 PNG. */
function tinyPng(): Buffer {
  const png = new PNG({ width: 1, height: 1 });
  png.data.set([0, 0, 0, 255]);
  return PNG.sync.write(png);
}

/** A JSON body with no required field is sent empty; any other needs an entry above. */
export function bodyProblem(doc: ApiDocument, op: ApiOperation, docOp: DocOperation): ApiOperation {
  if (!op.hasBody || FILE_BODIES[op.label] || PATH_BODIES[op.label] || BODIES[op.resource]?.[op.method === 'POST' ? 'create' : 'update']) return op;
  const schema = docOp.requestBody?.content['application/json']?.schema;
  const named = schema?.$ref ? doc.components?.schemas?.[schema.$ref.split('/').pop()!] : schema;
  if (named && !named.required?.length) return op;
  return { ...op, problem: `no valid body: add one for "${op.resource}" to BODIES (or the operation to PATH_BODIES) in test-utils/authz-bodies.ts` };
}

/** A valid body for the operation (`{}` stands for a file, which send() puts in its place); `u`: unique text. */
export function bodyFor(op: ApiOperation, u: string): object | undefined {
  if (!op.hasBody) return undefined;
  if (FILE_BODIES[op.label]) return {};
  const body = PATH_BODIES[op.label] ?? BODIES[op.resource]?.[op.method === 'POST' ? 'create' : 'update'];
  return body ? body(u) : {};
}
