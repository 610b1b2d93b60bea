// The round trip through the fetch client @hey-api/openapi-ts generates (./hey-api, in the test's temp directory).
import { createClient, createConfig } from './hey-api/client';
import { createLink, deleteLink, deleteLinksInBulk, getLink, listLinks } from './hey-api';
import { expectStatus, type RoundTrip } from './round-trip';

export async function linkRoundTrip(baseUrl: string, apiKey: string, alias: string): Promise<RoundTrip> {
  const client = createClient(createConfig({ baseUrl, auth: apiKey }));
  const created = await createLink({ client, body: { url: `https://generated.example/${alias}`, alias } });
  expectStatus('createLink', created.response.status, 201, created.error);
  const id = created.data!.data.id;
  const fetched = await getLink({ client, path: { id } });
  expectStatus('getLink', fetched.response.status, 200, fetched.error);
  const listed = await listLinks({ client, query: { search: alias, search_by: 'alias', per_page: 25 } });
  expectStatus('listLinks', listed.response.status, 200, listed.error);
  const deleted = await deleteLink({ client, path: { id } });
  expectStatus('deleteLink', deleted.response.status, 200, deleted.error);
  const gone = await getLink({ client, path: { id } });
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
export function misuses() {
  // @ts-expect-error a path id is an integer, not its text
  void getLink({ path: { id: '1' } });
  // @ts-expect-error url is required to create a link
  void createLink({ body: { alias: 'no-url' } });
  // @ts-expect-error dry_run is 0 or 1
  void deleteLinksInBulk({ query: { dry_run: 2 }, body: { all: 1 } });
}
