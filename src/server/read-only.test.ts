// One rule for every field an update cannot write, on every resource's PUT and PATCH
// /{id}. The fields are read from the API document (the answer's fields that the update body does not take, plus
// the owner and a link's domain), so a new resource or field is covered; a new resource only needs a recipe below.
// The read-only ones (identity and create-only: the update's description names them) are refused with another
// value; the ones the server computes are ignored. Runs on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, form, type TestApp } from './test-utils/test-app';
import { create, expect422, get, json } from './test-utils/api';

let t: TestApp;
type Doc = { paths: Record<string, Record<string, Op>>; components: { schemas: Record<string, Schema> } };
type Op = { requestBody?: { content: Record<string, { schema: Schema }> }; responses: Record<string, { content?: Record<string, { schema: Schema }> }> };
type Schema = { $ref?: string; properties?: Record<string, Schema>; allOf?: Schema[]; anyOf?: Schema[]; oneOf?: Schema[] };
let doc: Doc;

/** How to make one of each resource with a PUT /{id}: its id, the key that may change it, and fields it does not show. */
interface Recipe {
  make: () => Promise<number>;
  admin?: boolean;
  hidden: string[];
}
let recipes: Record<string, Recipe>;

beforeAll(async () => {
  t = await createTestApp({ webhookPollMs: 0 });
  doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as Doc;
  const domain = await create(t, t.userKey, 'domains', { name: 'ro.example.com' });
  const space = await create(t, t.userKey, 'spaces', { name: 'RO space' });
  const pixel = await create(t, t.userKey, 'pixels', { name: 'RO pixel', type: 'x', value: 'ro1' });
  const make = (resource: string, fields: Record<string, string | number> | [string, string | number][]) => async () =>
    (await create(t, t.userKey, resource, fields)).id;
  let n = 0;
  const owned = ['user_id'];
  recipes = {
    domains: { make: async () => (await create(t, t.userKey, 'domains', { name: `ro${++n}.example.org` })).id, hidden: owned },
    links: {
      make: make('links', [['url', 'https://e.example/ro'], ['domain_id', domain.id], ['space_id', space.id], ['pixel_ids[]', pixel.id], ['tags[]', 'ro']]),
      hidden: [...owned, 'domain_id'],
    },
    spaces: { make: async () => (await create(t, t.userKey, 'spaces', { name: `Space ${++n}` })).id, hidden: owned },
    pixels: { make: make('pixels', { name: 'P', type: 'facebook', value: 'abc' }), hidden: owned },
    tags: { make: async () => (await create(t, t.userKey, 'tags', { name: `tag-${++n}` })).id, hidden: owned },
    'utm-templates': { make: async () => (await create(t, t.userKey, 'utm-templates', { name: `T${++n}`, utm_source: 'news' })).id, hidden: owned },
    webhooks: { make: make('webhooks', [['url', 'https://hooks.example/ro'], ['events[]', 'link.created'], ['space_id', space.id]]), hidden: owned },
    views: { make: async () => (await create(t, t.userKey, 'views', { name: `View ${++n}`, query: 'status=2&sort_by=clicks' })).id, hidden: owned },
    users: { make: async () => (await create(t, t.adminKey, 'users', { name: `User ${++n}` })).id, admin: true, hidden: [] },
  };
});
afterAll(async () => t.close());

function propsOf(schema: Schema | undefined): string[] {
  if (!schema) return [];
  if (schema.$ref) return propsOf(doc.components.schemas[schema.$ref.split('/').pop() as string]);
  return [...Object.keys(schema.properties ?? {}), ...[...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap(propsOf)];
}

/** Per resource: the read-only fields its update's description names ("Read-only fields (`id`, ...)"). */
function namedReadOnly(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    const m = /^\/api\/v1\/([a-z-]+)\/\{id\}$/.exec(path);
    const text = (item.put as { description?: string } | undefined)?.description ?? '';
    const list = /Read-only fields \(([^)]*)\)/.exec(text)?.[1] ?? '';
    if (m && item.put) out.set(m[1] as string, [...list.matchAll(/`([a-z_]+)`/g)].map((x) => x[1] as string));
  }
  return out;
}

/** Per resource: the fields its answer shows that its update body does not take. */
function readOnlyFromDoc(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    const m = /^\/api\/v1\/([a-z-]+)\/\{id\}$/.exec(path);
    const op = item.put;
    if (!m || !op) continue;
    const body = new Set(propsOf(op.requestBody?.content['application/json']?.schema));
    const answer = op.responses['200']?.content?.['application/json']?.schema;
    const data = propsOf(answer).includes('data') ? answer?.properties?.data : answer;
    out.set(m[1] as string, propsOf(data).filter((f) => !body.has(f)));
  }
  return out;
}

/** A value that is surely not `v`, of the same kind. */
function otherThan(v: unknown): unknown {
  if (typeof v === 'number') return v + 1000;
  if (typeof v === 'boolean') return !v;
  if (typeof v === 'string') return /^\d{4}-\d\d-\d\dT/.test(v) ? '2001-02-03T04:05:06.000Z' : `${v}-other`;
  if (Array.isArray(v)) return [...v, 424242];
  if (v && typeof v === 'object') return { ...v, id: 424242 };
  return 424242;
}

describe('read-only fields on PUT and PATCH /{id}', () => {
  it('every resource with a PUT /{id} has a recipe here, and its read-only fields include the server-kept ones', () => {
    const found = readOnlyFromDoc();
    expect([...found.keys()].sort()).toEqual(Object.keys(recipes).sort());
    const named = namedReadOnly();
    for (const [resource, fields] of found) expect(fields, resource).toEqual(expect.arrayContaining(['id', 'created_at']));
    for (const [resource, fields] of named) expect(fields, resource).toEqual(expect.arrayContaining(['id', 'created_at']));
    expect(named.get('domains')).toEqual(expect.arrayContaining(['name']));
    expect(named.get('links')).toEqual(expect.arrayContaining(['domain_id', 'domain']));
    // Computed by the server: not read-only, ignored when sent.
    expect(named.get('links')).not.toEqual(expect.arrayContaining(['clicks']));
    expect(found.get('links')).toEqual(expect.arrayContaining(['clicks', 'short_url', 'space', 'pixels']));
  });

  it('accepts each one with the value the resource has, refuses any other with a 422 naming it (computed ones: ignored), and changes nothing', async () => {
    const named = namedReadOnly();
    for (const [resource, fromDoc] of readOnlyFromDoc()) {
      const readOnly = new Set([...(named.get(resource) ?? []), ...(recipes[resource]?.hidden ?? [])]);
      const recipe = recipes[resource] as Recipe;
      const key = recipe.admin ? t.adminKey : t.userKey;
      const id = await recipe.make();
      const url = `/api/v1/${resource}/${id}`;
      const read = async () => (await get(t, key, url)).json().data as Record<string, unknown>;
      const before = await read();
      for (const field of [...fromDoc, ...recipe.hidden]) {
        const what = `${resource}.${field}`;
        // The value it has now (an accepted write moves updated_at): as GET shows it, or as stored.
        const valueNow = async () => {
          const now = await read();
          const hidden: Record<string, unknown> = { user_id: t.userId, domain_id: (now.domain as { id?: number } | null)?.id ?? null };
          return field in now ? now[field] : hidden[field];
        };
        for (const method of ['PUT', 'PATCH'] as const) {
          const same = await t.as(key, { method, url, ...json({ [field]: await valueNow() }) });
          expect(same.statusCode, `${what} with its own value: ${same.body}`).toBe(200);
        }
        const current = await valueNow();
        const res: LightMyRequestResponse = await t.as(key, { method: 'PATCH', url, ...json({ [field]: otherThan(current) }) });
        if (readOnly.has(field)) {
          const errors = expect422(res, field);
          expect(errors[field]?.[0], what).toMatch(new RegExp(`^The ${field} field cannot be changed: .+\\.$`));
        } else {
          expect(res.statusCode, `${what} (computed: ignored): ${res.body}`).toBe(200);
        }
        if (field !== 'updated_at') expect(await valueNow(), what).toEqual(current);
      }
      // A form body carries numbers and times as text: the same values are still the same.
      const now = await read();
      const scalars = Object.entries(now).filter(([f, v]) => fromDoc.includes(f) && (typeof v === 'number' || typeof v === 'string'));
      expect((await t.as(key, { method: 'PUT', url, ...form(scalars as [string, string | number][]) })).statusCode, resource).toBe(200);
      const after = await read();
      expect({ ...after, updated_at: before.updated_at }, resource).toEqual(before);
    }
  });

  it('reports a read-only field together with nothing written, also when other fields are valid', async () => {
    const d = await create(t, t.userKey, 'domains', { name: 'keep.example.com' });
    const res = await t.as(t.userKey, { method: 'PUT', url: `/api/v1/domains/${d.id}`, ...form({ name: 'other.example.com', homepage_url: 'https://h.example/', id: d.id + 1 }) });
    expect(Object.keys(expect422(res, 'name', 'id')).sort()).toEqual(['id', 'name']);
    expect((await get(t, t.userKey, `/api/v1/domains/${d.id}`)).json().data).toMatchObject({ name: 'keep.example.com', homepage_url: null });
  });

  it('sends back what GET answered: a domain, a space, a pixel, a tag, a UTM template, a user, a webhook, a view', async () => {
    for (const resource of ['domains', 'spaces', 'pixels', 'tags', 'utm-templates', 'users', 'webhooks', 'views']) {
      const recipe = recipes[resource] as Recipe;
      const key = recipe.admin ? t.adminKey : t.userKey;
      const url = `/api/v1/${resource}/${await recipe.make()}`;
      const got = (await get(t, key, url)).json().data;
      const res = await t.as(key, { method: 'PUT', url, ...json(got) });
      expect(res.statusCode, `${resource}: ${res.body}`).toBe(200);
    }
  });

  it('leaves fields that are no field of the resource ignored', async () => {
    const s = await create(t, t.userKey, 'spaces', { name: 'Unknown fields' });
    const res = await t.as(t.userKey, { method: 'PUT', url: `/api/v1/spaces/${s.id}`, ...form({ color: 3, nonsense: 'x' }) });
    expect(res.json().data).toMatchObject({ color: 3 });
  });

  it("answers 404, not 422, for another account's resource", async () => {
    const theirs = await create(t, t.adminKey, 'spaces', { name: 'Theirs' });
    const res = await t.as(t.userKey, { method: 'PUT', url: `/api/v1/spaces/${theirs.id}`, ...form({ id: 1 }) });
    expect(res.statusCode).toBe(404);
  });
});
