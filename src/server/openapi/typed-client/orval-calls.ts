// The round trip through the fetch client orval generates (./orval/linkdeck-api.ts, in the test's temp directory,
// generated with the listening server's URL as its baseUrl).
import { createLink, deleteLink, deleteLinksInBulk, getLink, listLinks } from './orval/linkdeck-api';
import { expectStatus, type RoundTrip } from './round-trip';

export async function linkRoundTrip(_baseUrl: string, apiKey: string, alias: string): Promise<RoundTrip> {
  const init = { headers: { Authorization: `Bearer ${apiKey}` } };
  const created = await createLink({ url: `https://generated.example/${alias}`, alias }, init);
  if (created.status !== 201) throw new Error(`createLink: ${created.status} ${JSON.stringify(created.data)}`);
  const id = created.data.data.id;
  const fetched = await getLink(id, init);
  if (fetched.status !== 200) throw new Error(`getLink: ${fetched.status} ${JSON.stringify(fetched.data)}`);
  const listed = await listLinks({ search: alias, search_by: 'alias', per_page: 25 }, init);
  if (listed.status !== 200) throw new Error(`listLinks: ${listed.status} ${JSON.stringify(listed.data)}`);
  const deleted = await deleteLink(id, init);
  if (deleted.status !== 200) throw new Error(`deleteLink: ${deleted.status} ${JSON.stringify(deleted.data)}`);
  const gone = await getLink(id, init);
  expectStatus('getLink after delete', gone.status, 404, gone.data);
  return {
    id,
    alias: created.data.data.alias,
    fetched: fetched.data.data.alias,
    listed: listed.data.data.map((link) => link.id),
    deleted: deleted.data.deleted,
    gone: gone.status,
  };
}

/** Never called: each line must fail to type-check, which proves the generated types are not `any`. */
export function misuses() {
  // @ts-expect-error a path id is an integer, not its text
  void getLink('1');
  // @ts-expect-error url is required to create a link
  void createLink({ alias: 'no-url' });
  // @ts-expect-error dry_run is 0 or 1
  void deleteLinksInBulk({ all: 1 }, { dry_run: 2 });
}
