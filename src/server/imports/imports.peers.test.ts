// Each peer's real export (fixtures/, as its own code or docs write it) imports with every field its
// source holds: domains matched by host, click counts kept as the starting count, protected links disabled
// with the reason, dates read exactly or the row fails, and a dry run that shows every problem of every row.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { create, get } from '../test-utils/api';
import type { ImportDryRun } from '../../shared/import.schema';
import { finished, fixture, postCsv, postFile } from './import-test-helpers';

type L = Record<string, unknown> & { alias: string; domain: { name: string } | null };

let t: TestApp;
let go: number;
beforeEach(async () => {
  t = await createTestApp();
  go = (await create(t, t.userKey, 'domains', { name: 'go.example.org' })).id;
});
afterEach(async () => t.close());

const links = async () => (await get(t, t.userKey, '/api/v1/links?per_page=100')).json().data as L[];
/** The links by "domain/alias" (the default domain: "-"). */
const byShortUrl = async () => new Map((await links()).map((l) => [`${l.domain?.name ?? '-'}/${l.alias}`, l]));

function dryRun(res: LightMyRequestResponse): ImportDryRun {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ImportDryRun;
}

const send = (file: string, query = '') => postFile(t, t.userKey, fixture(file), query, file);

describe('peers: imports from their real exports', () => {
  it("Bitly's dashboard export: refuses the ambiguous date until date_format says, keeps hosts, engagements and times", async () => {
    const dry = dryRun(await send('bitly-dashboard.csv', '?dry_run=1'));
    expect(dry).toMatchObject({ source: 'bitly', layout: 'csv', failed: 1, date_format: 'auto' });
    expect(dry.failures).toEqual([
      { line: 4, field: 'created_at', column: 'Date created', message: expect.stringMatching(/^The "Date created" column: "03\/02\/2026 08:00" could be 3 February or 2 March\. Send date_format=dmy/) },
    ]);
    expect(dry.columns.find((c) => c.column === 'Status')).toMatchObject({ field: null, note: expect.stringMatching(/still redirects/) });
    expect(dry.columns.find((c) => c.column === 'Engagements')).toMatchObject({ field: 'clicks' });
    const job = await finished(t, t.userKey, await send('bitly-dashboard.csv', '?date_format=mdy'));
    expect(job, job.error ?? '').toMatchObject({ status: 'completed', created: 3, failed: 0 });
    const got = await byShortUrl();
    expect(got.get('-/3xYzAbc')).toMatchObject({ clicks: 1234, imported_clicks: 1234, created_at: '2026-03-02T09:15:00.000Z', disabled: 0 });
    expect(got.get('go.example.org/q1-report')).toMatchObject({ clicks: 87, title: 'Quarterly report, Q1' });
    expect(got.get('-/5bAdRow')).toMatchObject({ created_at: '2026-03-02T08:00:00.000Z' });
  });

  it("Bitly's API bitlinks as a JSON file: tags, custom bitlinks' domains", async () => {
    const job = await finished(t, t.userKey, await send('bitly-api.json'));
    expect(job).toMatchObject({ source: 'bitly', created: 2, failed: 0 });
    const got = await byShortUrl();
    expect((got.get('-/3xYzAbc')?.tags as { name: string }[]).map((x) => x.name)).toEqual(['marketing', 'spring']);
    expect(got.get('go.example.org/q1-report')?.created_at).toBe('2026-03-05T17:40:12.000Z');
  });

  it("Shlink's web client export: the same code on two domains stays two links; tags joined with | keep their commas' place", async () => {
    const job = await finished(t, t.userKey, await send('shlink-web-client.csv'));
    expect(job).toMatchObject({ source: 'shlink', created: 2, skipped: 0, failed: 0 });
    const got = await byShortUrl();
    expect(got.get('-/abc12')).toMatchObject({ url: 'https://www.example.com/articles/1', clicks: 5 });
    const other = got.get('go.example.org/abc12');
    expect(other).toMatchObject({ clicks: 1234, short_url: 'https://go.example.org/abc12' });
    expect((other?.tags as { name: string }[]).map((x) => x.name).sort()).toEqual(['promo', 'spring; sale']);
  });

  it("shlink-importer's Short URL-only file: the host is the domain; an unknown host fails the row, domain_id= places every row", async () => {
    const dry = dryRun(await send('shlink-importer.csv', '?dry_run=1'));
    expect(dry.preview.map((r) => [r.alias, r.domain_name, r.outcome])).toEqual([['only1', 'go.example.org', 'create'], ['only2', 's.test', 'fail']]);
    expect(dry.failures[0]?.message).toMatch(/"s\.test", which is not one of your domains\. Add it on the Domains page first/);
    await finished(t, t.userKey, await send('shlink-importer.csv', `?domain_id=${go}`));
    expect([...(await byShortUrl()).keys()].sort()).toEqual(['go.example.org/only1', 'go.example.org/only2']);
  });

  it("Shlink's API answer (JSON): validity, max visits, visits and tags", async () => {
    await finished(t, t.userKey, await send('shlink-api.json'));
    expect((await byShortUrl()).get('go.example.org/12C18')).toMatchObject({
      active_period_start_at: '2026-01-15T00:00:00.000Z', active_period_end_at: '2026-12-31T23:59:59.000Z', clicks_limit: 500, clicks: 328, title: 'Phones',
    });
  });

  it("Kutt's API answer: a password-protected link comes in disabled and the dry run says why; domain null is the default", async () => {
    const dry = dryRun(await send('kutt-api.json', '?dry_run=1'));
    expect(dry).toMatchObject({ source: 'kutt', layout: 'json', failed: 0, created: 3 });
    expect(dry.preview.map((r) => r.line)).toEqual([1, 2, 3]);
    expect(dry.preview[1]?.notes).toEqual([{ field: 'disabled', message: expect.stringMatching(/had a password in Kutt/) }]);
    expect(dry.notes).toEqual([{ field: 'disabled', message: expect.stringMatching(/had a password in Kutt/), rows: 1, first_line: 2 }]);
    await finished(t, t.userKey, await send('kutt-api.json'));
    const got = await byShortUrl();
    expect(got.get('go.example.org/promo')).toMatchObject({ disabled: 1, active_period_end_at: '2027-01-01T00:00:00.000Z', clicks: 3 });
    expect(got.get('-/promo')).toMatchObject({ disabled: 0, url: 'https://example.com/promo-default' });
    expect(got.get('-/kutt-home')).toMatchObject({ clicks: 1234, title: 'Kutt home', created_at: '2026-01-10T12:00:00.000Z' });
  });

  it('YOURLS dumps (CSV with NULL and \\n, TSV) and the Import-Export plugin', async () => {
    await finished(t, t.userKey, await send('yourls-dump.csv'));
    let got = await byShortUrl();
    expect(got.get('-/ozh')).toMatchObject({ title: null, clicks: 7, created_at: '2025-12-03T22:31:05.000Z' });
    expect(got.get('-/multi')).toMatchObject({ title: 'Line one\nLine two', clicks: 1024 });
    const tsv = await finished(t, t.userKey, await send('yourls.tsv', '?on_conflict=rename'));
    expect(tsv).toMatchObject({ source: 'yourls', created: 2, failed: 0 });
    got = await byShortUrl();
    expect(got.get('-/start-here-2')?.title).toBe('Says "hi"\there');
    const plugin = await finished(t, t.userKey, await send('yourls-plugin.csv', '?on_conflict=skip'));
    expect(plugin).toMatchObject({ source: 'yourls', created: 0, skipped: 2 });
  });

  it('a dry run shows every problem of a row at once, each naming its column, in words', async () => {
    const csv = 'Long URL,Bitlink,Created,Clicks\njavascript:alert(1),bit.ly/bad alias!,yesterday,lots\n';
    const dry = dryRun(await postCsv(t, t.userKey, csv, '?dry_run=1'));
    expect(dry.preview[0]?.problems.map((p) => [p.field, p.column])).toEqual([
      ['created_at', 'Created'], ['clicks', 'Clicks'], ['url', 'Long URL'], ['alias', 'Bitlink'],
    ]);
    expect(dry.preview[0]?.problems[0]?.message).toBe('The "Created" column: "yesterday" cannot be read as a date. Use ISO 8601 (2025-03-02T10:00:00Z), or name the order of numeric dates with date_format=dmy or date_format=mdy.');
    expect(dry.failures).toHaveLength(4);
    expect(dry.failed).toBe(1);
    const targets = 'url,alias,targets_type,targets\nhttps://e.com,x,countries,"[{""key"":""ZZ"",""value"":""nope""}]"\n';
    const rule = dryRun(await postCsv(t, t.userKey, targets, '?dry_run=1'));
    expect(rule.failures.map((f) => f.message).join(' ')).toMatch(/The "targets" column \(rule 1, (key|destination)\)/);
    expect(rule.failures.map((f) => f.message).join(' ')).not.toMatch(/targets\.\d/);
  });
});
