// Moving in from another shortener: a Shlink export names its default domain's host, which is the instance's
// default domain here (BASE_URL's host); other unknown hosts are listed by the dry run and placed with
// domain_map=; the messages name real parameters and the file's own columns; YOURLS' plugin writes its
// keywords as paths; the revisions of imported links name the person who ran the import.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { create, get } from '../test-utils/api';
import { addMember, inWorkspace, newPerson, newWorkspace, workspaceKey } from '../test-utils/workspaces';
import type { ImportDryRun, ImportJob } from '../../shared/import.schema';
import { finished, fixture, postFile } from './import-test-helpers';

let t: TestApp;
let go: number;
beforeAll(async () => {
  t = await createTestApp({ baseUrl: 'https://s.test', reservedHosts: ['legacy.s.test'] });
  go = (await create(t, t.userKey, 'domains', { name: 'go.example.org' })).id;
});
afterAll(async () => t.close());

function dryRun(res: LightMyRequestResponse): ImportDryRun {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ImportDryRun;
}

const send = (file: string | Buffer, query = '', key = t.userKey) => postFile(t, key, file, query, 'export.csv');
const HOSTS = fixture('shlink-web-client-hosts.csv');

describe('moving in from another shortener', () => {
  it("a Shlink export's rows naming BASE_URL's host (or a reserved host) are the default domain's; the dry run lists the other unknown hosts", async () => {
    const csv = `${HOSTS}2026-02-04T12:00:00+00:00,legacy.s.test,old1,https://legacy.s.test/old1,https://www.example.com/old/1,,,0\n`;
    const dry = dryRun(await send(csv, '?dry_run=1'));
    expect(dry.preview.map((r) => [r.alias, r.outcome])).toEqual([['home1', 'create'], ['away1', 'fail'], ['mine1', 'create'], ['old1', 'create']]);
    expect(dry.unknown_hosts).toEqual([{ host: 'old.example', rows: 1, first_line: 3 }]);
    // The message names the parameters as they are sent.
    const message = dry.failures[0]?.message ?? '';
    expect(message).toMatch(/domain_map=old\.example:<domain id or default>/);
    expect(message).toMatch(/send domain_id=<domain id> to put every row on one domain/);
    expect(message).not.toMatch(/Domain=/);
  });

  it('domain_map= places an unknown host on the default domain or on one of the domains, for the whole file', async () => {
    const toDefault = dryRun(await send(HOSTS, '?dry_run=1&domain_map=old.example:default'));
    expect(toDefault).toMatchObject({ failed: 0, unknown_hosts: [], domain_map: [{ host: 'old.example', domain_id: null }] });
    const job = await finished(t, t.userKey, await send(HOSTS, `?domain_map=OLD.example:${go}`));
    expect(job).toMatchObject({ status: 'completed', created: 3, failed: 0 });
    const links = (await get(t, t.userKey, '/api/v1/links?per_page=100')).json().data as { alias: string; domain: { id: number } | null }[];
    const domainOf = (alias: string) => links.find((l) => l.alias === alias)?.domain?.id ?? null;
    expect([domainOf('home1'), domainOf('away1'), domainOf('mine1')]).toEqual([null, go, go]);
  });

  it('refuses a domain_map that is malformed or names a domain that is not yours (422 naming domain_map)', async () => {
    const other = await create(t, t.adminKey, 'domains', { name: 'theirs.example' });
    for (const query of ['?dry_run=1&domain_map=old.example', '?dry_run=1&domain_map=old.example:12x', `?dry_run=1&domain_map=old.example:${other.id}`]) {
      const res = await send(HOSTS, query);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors), query).toEqual(['domain_map']);
    }
  });

  it("reads the keyword of YOURLS' Import-Export plugin from its source path (/keyword/)", async () => {
    const dry = dryRun(await send(fixture('yourls-plugin.csv'), '?dry_run=1'));
    expect(dry).toMatchObject({ source: 'yourls', failed: 0 });
    expect(dry.preview.map((r) => r.alias)).toEqual(['start-here', 'ozh']);
  });

  it('a taken alias names the column the alias came from (Bitly: "Custom Link", not "Link")', async () => {
    await create(t, t.userKey, 'links', { url: 'https://e.com/taken', alias: 'q1-report', domain_id: go });
    const dry = dryRun(await send(fixture('bitly-dashboard.csv'), '?dry_run=1&date_format=mdy'));
    expect(dry.failures).toEqual([{ line: 3, field: 'alias', column: 'Custom Link', message: 'The "Custom Link" column has already been taken.' }]);
  });

  it('the revisions of imported links name the person who ran the import, not the workspace', async () => {
    const owner = await newPerson(t, 'Olga Owner');
    const person = await newPerson(t, 'Imre Importer');
    const ws = await newWorkspace(t, owner, 'Team');
    await addMember(t, ws, person, 'member');
    const key = await workspaceKey(t, person, ws, ['links:read', 'imports:write']);
    const res = await inWorkspace(t, key, ws, { method: 'POST', url: '/api/v1/links/import', payload: 'url,alias\nhttps://e.com/team,team-link\n', headers: { 'content-type': 'text/csv' } });
    expect(res.statusCode, res.body).toBe(202);
    await t.app.importRunner.idle();
    const job = (await inWorkspace(t, key, ws, { method: 'GET', url: `/api/v1/imports/${res.json().data.id}` })).json().data as ImportJob;
    expect(job.status).toBe('completed');
    const rows = await t.query<{ actor_id: number; owner_id: number }>(
      "SELECT r.actor_id, r.owner_id FROM link_revisions r JOIN links l ON l.id = r.link_id WHERE l.alias = 'team-link'",
    );
    expect(rows).toEqual([{ actor_id: person.id, owner_id: ws }]);
  });
});
