import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { createLink, expect422, get } from '../test-utils/api';
import type { ImportDryRun } from '../../shared/import.schema';
import { finished, fixture, postCsv, postFile } from './import-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createLink(t, t.userKey, { url: 'https://e.com/old', alias: 'taken' });
});
afterAll(async () => t.close());

function dryRun(res: LightMyRequestResponse): ImportDryRun {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().status).toBe(200);
  return res.json().data as ImportDryRun;
}

const counts = async (key: string) => ({
  links: (await get(t, key, '/api/v1/links?per_page=10')).json().meta.total as number,
  imports: (await get(t, key, '/api/v1/imports?per_page=10')).json().meta.total as number,
});

const CSV = [
  'url,alias,title',
  'https://e.com/1,first,"A title, with a comma"',
  'javascript:alert(1),bad-url,',
  'https://e.com/3,taken,Taken already',
  'https://e.com/4,,No alias',
].join('\n');

describe('POST /api/v1/links/import?dry_run=1', () => {
  it('answers 200 with the mapped rows and the failures the import reports, and writes nothing', async () => {
    const before = await counts(t.userKey);
    const dry = dryRun(await postFile(t, t.userKey, CSV, '?dry_run=1&on_conflict=fail', 'mine.csv'));
    expect(dry).toMatchObject({
      dry_run: true, source: 'linkdeck', on_conflict: 'fail', partial: 0, file_name: 'mine.csv', headers: ['url', 'alias', 'title'],
      rows_total: 4, created: 0, failed: 2,
    });
    expect(dry.error).toBe('2 rows failed, so nothing was imported. Fix them, or send partial=1 to import the valid rows.');
    expect(dry.preview.map((r) => [r.line, r.outcome, r.alias])).toEqual([[2, 'create', 'first'], [3, 'fail', 'bad-url'], [4, 'fail', 'taken'], [5, 'create', null]]);
    expect(dry.preview[0]).toMatchObject({ url: 'https://e.com/1', title: 'A title, with a comma', problems: [] });
    expect(dry.preview[1]?.problems).toEqual([{ line: 3, field: 'url', column: 'url', message: 'The "url" column must be a valid http or https URL.' }]);
    expect(dry.preview[2]?.problems).toEqual([{ line: 4, field: 'alias', column: 'alias', message: 'The "alias" column has already been taken.' }]);
    expect(await counts(t.userKey)).toEqual(before);
    // The real import reports the same failures.
    const job = await finished(t, t.userKey, await postCsv(t, t.userKey, CSV));
    expect(job.failures).toEqual(dry.failures);
    expect(job.error).toBe(dry.error);
  });

  it('shows what on_conflict and partial do: skip, rename, and the rows a partial import would create', async () => {
    const skip = dryRun(await postCsv(t, t.userKey, CSV, '?dry_run=1&on_conflict=skip&partial=1'));
    expect(skip).toMatchObject({ created: 2, skipped: 1, failed: 1, error: null, partial: 1 });
    expect(skip.preview.map((r) => r.outcome)).toEqual(['create', 'fail', 'skip', 'create']);
    const rename = dryRun(await postCsv(t, t.userKey, 'url,alias\nhttps://e.com/a,taken\nhttps://e.com/b,fresh\nhttps://e.com/c,fresh\n', '?dry_run=1&on_conflict=rename'));
    expect(rename).toMatchObject({ created: 3, skipped: 0, failed: 0, error: null });
    expect(rename.preview.map((r) => [r.outcome, r.alias, r.new_alias])).toEqual([['rename', 'taken', 'taken-2'], ['create', 'fresh', null], ['rename', 'fresh', 'fresh-2']]);
  });

  it('detects Bitly, maps its columns, and shows only the first 20 rows but counts and reports them all', async () => {
    const bitly = dryRun(await postFile(t, t.userKey, fixture('bitly-legacy.csv'), '?dry_run=1&partial=1'));
    expect(bitly.source).toBe('bitly');
    expect(bitly.preview[1]).toMatchObject({ line: 3, alias: 'q1-report', domain_name: 'go.example.org', outcome: 'fail', url: 'https://example.org/reports/2026/q1.pdf', title: 'Quarterly report, Q1', created_at: '2026-03-05 17:40:12' });
    expect(bitly.preview[2]).toMatchObject({ line: 4, outcome: 'fail', url: null, problems: [{ line: 4, field: 'url' }] });
    const many = ['url,alias', ...Array.from({ length: 30 }, (_, i) => `https://e.com/${i},${i === 25 ? 'no good' : `row-${i}`}`)].join('\n');
    const dry = dryRun(await postCsv(t, t.userKey, many, '?dry_run=1'));
    expect(dry.preview).toHaveLength(20);
    expect(dry).toMatchObject({ rows_total: 30, failed: 1, failures: [{ line: 27, field: 'alias' }] });
  });

  it('puts every row on the domain_id given, and checks names of domains and spaces like the import', async () => {
    const dry = dryRun(await postCsv(t, t.userKey, 'url,alias,domain_name,space_name\nhttps://e.com/x,x,nowhere.example,\nhttps://e.com/y,y,,Nope\n', '?dry_run=1&partial=1'));
    expect(dry.preview.map((r) => r.problems.map((p) => [p.line, p.field]))).toEqual([[[2, 'domain_name']], [[3, 'space_name']]]);
    expect(dry.preview[0]?.domain_name).toBe('nowhere.example');
  });

  it('refuses bad files and parameters as the import does: 413, 422 naming the line, the header or the parameter', async () => {
    const before = await counts(t.userKey);
    const huge = Buffer.alloc(50 * 1024 * 1024 + 10, 'a');
    huge.write('url\n');
    const big = await postCsv(t, t.userKey, huge, '?dry_run=1');
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toMatch(/at most 50 MB/);
    let errors = expect422(await postCsv(t, t.userKey, 'url,alias\nhttps://e.com,ok\n"https://e.com,broken\n', '?dry_run=1'), 'file');
    expect(errors.file?.[0]).toBe('A quoted field that starts on line 3 is never closed.');
    errors = expect422(await postFile(t, t.userKey, 'name,destination\nA,https://e.com\n', '?dry_run=1'), 'file');
    expect(errors.file?.[0]).toContain('"name,destination"');
    errors = expect422(await postCsv(t, t.userKey, fixture('bitly-legacy.csv'), '?dry_run=1&source=yourls'), 'file');
    expect(errors.file?.[0]).toContain('is not the yourls format');
    expect422(await postCsv(t, t.userKey, 'url\nhttps://e.com\n', '?dry_run=1&source=tinyurl'), 'source');
    expect422(await postCsv(t, t.userKey, 'url\nhttps://e.com\n', '?dry_run=maybe'), 'dry_run');
    expect422(await postCsv(t, t.userKey, 'url,alias\n', '?dry_run=1'), 'file');
    expect(await counts(t.userKey)).toEqual(before);
  });

  it("another account's domain is a 422, and a dry run needs a key", async () => {
    const theirs = await t.as(t.adminKey, { method: 'POST', url: '/api/v1/domains', payload: { name: 'admins-dry.example' } });
    expect422(await postCsv(t, t.userKey, 'url\nhttps://e.com\n', `?dry_run=1&domain_id=${theirs.json().data.id}`), 'domain_id');
    const anon = await t.app.inject({ method: 'POST', url: '/api/v1/links/import?dry_run=1', payload: 'url\nhttps://e.com\n', headers: { 'content-type': 'text/csv' } });
    expect(anon.statusCode).toBe(401);
  });
});
