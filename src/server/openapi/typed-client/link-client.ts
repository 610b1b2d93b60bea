// A small client of the API, as an integrator would write it: openapi-fetch over the types openapi-typescript
// generates from the live document (`./linkdeck-api`, written by openapi-client.test.ts next to a copy of this
// file in a temp directory and type-checked there; this folder is outside tsconfig.json, as that file is not here).
import createClient from 'openapi-fetch';
import { stringify } from 'qs';
import type { paths } from './linkdeck-api';

/** Every answer the client received: the test validates each against the document's schemas. */
export interface Exchange {
  method: string;
  path: string;
  status: number;
  body: unknown;
}

export async function linkLifecycle(baseUrl: string, apiKey: string, seen: Exchange[]) {
  const client = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${apiKey}` } });
  client.use({
    async onResponse({ request, response, schemaPath }) {
      seen.push({ method: request.method.toLowerCase(), path: schemaPath, status: response.status, body: await response.clone().json() });
    },
  });

  const created = await client.POST('/api/v1/links', {
    body: { url: 'https://shop.example.com/spring', alias: 'typed-client', tags: ['campaign'], utm_source: 'newsletter' },
  });
  if (!created.data) throw new Error(`create: ${JSON.stringify(created.error)}`);
  const link = created.data.data;
  // Path ids are integers in the document: the id a link comes back with is the one its path takes.
  const id = link.id;

  // The same operation with a form body in bracket notation, as the document describes it.
  const formed = await client.POST('/api/v1/links', {
    body: { url: 'https://shop.example.com/autumn', tags: ['campaign', 'autumn'] },
    bodySerializer: (body) => stringify(body, { arrayFormat: 'brackets' }),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  if (!formed.data) throw new Error(`form create: ${JSON.stringify(formed.error)}`);

  const listed = await client.GET('/api/v1/links', { params: { query: { search: 'shop.example.com', search_by: 'url', per_page: 25 } } });
  if (!listed.data) throw new Error(`list: ${JSON.stringify(listed.error)}`);

  const updated = await client.PATCH('/api/v1/links/{id}', { params: { path: { id } }, body: { title: 'Spring sale', disabled: 1 } });
  if (!updated.data) throw new Error(`update: ${JSON.stringify(updated.error)}`);

  const invalid = await client.PATCH('/api/v1/links/{id}', { params: { path: { id } }, body: { url: 'not a url' } });
  const removed = await client.DELETE('/api/v1/links/{id}', { params: { path: { id } } });
  if (!removed.data) throw new Error(`delete: ${JSON.stringify(removed.error)}`);
  const gone = await client.GET('/api/v1/links/{id}', { params: { path: { id } } });

  return {
    created: link,
    formTags: formed.data.data.tags.map((t) => t.name),
    listedAliases: listed.data.data.map((l) => l.alias),
    total: listed.data.meta.total,
    updated: { title: updated.data.data.title, disabled: updated.data.data.disabled, status: updated.data.data.status },
    invalidErrors: invalid.error?.errors,
    deleted: removed.data.deleted,
    goneStatus: gone.response.status,
  };
}

/** Never called: each line must fail to type-check, which proves the generated types are not `any`. */
export function misuses(client: ReturnType<typeof createClient<paths>>) {
  // @ts-expect-error url is required to create a link
  void client.POST('/api/v1/links', { body: { alias: 'no-url' } });
  // @ts-expect-error disabled is 0 or 1
  void client.PATCH('/api/v1/links/{id}', { params: { path: { id: 1 } }, body: { disabled: 'yes' } });
  // @ts-expect-error a path id is an integer, not its text
  void client.DELETE('/api/v1/links/{id}', { params: { path: { id: '1' } } });
  // @ts-expect-error no such path
  void client.GET('/api/v1/linkz');
  return client.GET('/api/v1/links/{id}', { params: { path: { id: 1 } } }).then((r) => {
    // @ts-expect-error a link has no such field
    return r.data?.data.nonexistent;
  });
}
