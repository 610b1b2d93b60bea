// The round trip through openapi-fetch over the types openapi-typescript generates
// (./openapi-typescript/linkdeck-api.ts, in the test's temp directory).
import createClient from 'openapi-fetch';
import type { paths } from './openapi-typescript/linkdeck-api';
import { expectStatus, type RoundTrip } from './round-trip';

export async function linkRoundTrip(baseUrl: string, apiKey: string, alias: string): Promise<RoundTrip> {
  const client = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${apiKey}` } });
  const created = await client.POST('/api/v1/links', { body: { url: `https://generated.example/${alias}`, alias } });
  expectStatus('POST /links', created.response.status, 201, created.error);
  const id = created.data!.data.id;
  const fetched = await client.GET('/api/v1/links/{id}', { params: { path: { id } } });
  expectStatus('GET /links/{id}', fetched.response.status, 200, fetched.error);
  const listed = await client.GET('/api/v1/links', { params: { query: { search: alias, search_by: 'alias', per_page: 25 } } });
  expectStatus('GET /links', listed.response.status, 200, listed.error);
  const deleted = await client.DELETE('/api/v1/links/{id}', { params: { path: { id } } });
  expectStatus('DELETE /links/{id}', deleted.response.status, 200, deleted.error);
  const gone = await client.GET('/api/v1/links/{id}', { params: { path: { id } } });
  return {
    id,
    alias: created.data!.data.alias,
    fetched: fetched.data!.data.alias,
    listed: listed.data!.data.map((link) => link.id),
    deleted: deleted.data!.deleted,
    gone: gone.response.status,
  };
}

/** Never called: each line must fail to type-check, which proves the generated types are not `any`. */
export function misuses(client: ReturnType<typeof createClient<paths>>) {
  // @ts-expect-error a path id is an integer, not its text
  void client.GET('/api/v1/links/{id}', { params: { path: { id: '1' } } });
  // @ts-expect-error dry_run is 0 or 1
  void client.DELETE('/api/v1/links/bulk', { params: { query: { dry_run: 2 } }, body: { all: 1 } });
}
