import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { create, createLink, expect404, expect422, get } from '../test-utils/api';
import { finished, fixture, postCsv, postFile } from './import-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type L = Record<string, unknown> & { alias: string };
async function linksOf(key: string, search = ''): Promise<Map<string, L>> {
  const res = await get(t, key, `/api/v1/links?per_page=100${search}`);
  return new Map((res.json().data as L[]).map((l) => [l.alias, l]));
}

describe('POST /api/v1/links/import', () => {
  it("imports Linkdeck's own export format from a text/csv body: 202 with a job, then every field", async () => {
    const res = await postCsv(t, t.userKey, fixture('linkdeck.csv'));
    expect(res.statusCode, res.body).toBe(202);
    const body = res.json();
    expect(body.status).toBe(200);
    expect(body.data).toMatchObject({ status: 'queued', source: 'linkdeck', on_conflict: 'fail', partial: 0, rows_total: 2, created: 0, file_name: null });
    expect(res.headers.location).toBe(`/api/v1/imports/${body.data.id}`);
    const job = await finished(t, t.userKey, res);
    expect(job).toMatchObject({ status: 'completed', rows_read: 2, created: 2, skipped: 0, failed: 0, failures: [], error: null });
    expect(job.finished_at).not.toBeNull();
    const links = await linksOf(t.userKey);
    expect(links.get('launch')).toMatchObject({
      url: 'https://example.com/launch',
      title: 'Launch, with "quotes"',
      targets_type: 'countries',
      targets: [{ key: 'US', value: 'https://example.com/us' }, { key: 'DE', value: 'https://example.com/de' }],
      short_url: 'http://short.test/launch',
      // The export's clicks are the link's starting count.
      clicks: 10,
      imported_clicks: 10,
      created_at: '2026-01-01T00:00:00.000Z',
    });
    // The export's formula guard is undone; passwords never travel: privacy 2 comes in as 1, a redirect
    // password as a disabled link.
    expect(links.get('-dash-first')).toMatchObject({
      title: '=not a formula', sensitive_content: 1, privacy: 1, password: false, redirect_password: false, disabled: 1, status: 3,
      active_period_start_at: '2026-01-01T00:00:00.000Z', active_period_end_at: '2030-01-01T00:00:00.000Z', clicks_limit: 500,
      expiration_url: 'https://example.com/expired',
    });
  });

  it('detects Bitly, Kutt and Shlink files sent as multipart/form-data, and reports bad rows by line (partial=1)', async () => {
    // A custom bitlink's host is its domain, matched with the account's.
    const domain = await create(t, t.adminKey, 'domains', { name: 'go.example.org' });
    const expectations: [string, string, Record<string, Partial<L>>, { line: number; field: string | null }[]][] = [
      ['bitly-legacy.csv', 'bitly', {
        '3xYzAbc': { url: 'https://shop.example.com/spring?utm_source=bitly', title: 'Spring sale landing page', created_at: '2026-03-02T09:15:00.000Z' },
        'q1-report': { url: 'https://example.org/reports/2026/q1.pdf', title: 'Quarterly report, Q1', domain: { id: domain.id } },
      }, [{ line: 4, field: 'url' }]],
      ['kutt-csv.csv', 'kutt', {
        'kutt-home': { url: 'https://kutt.example/', title: 'Kutt home', created_at: '2026-01-10T12:00:00.000Z', active_period_end_at: null },
        promo: { url: 'https://example.com/promo', active_period_end_at: '2027-01-01T00:00:00.000Z' },
      }, [{ line: 4, field: 'url' }]],
      ['shlink-csv.csv', 'shlink', { imported1: { url: 'https://example.com/from-shlink-import-format', title: 'Shlink CSV import format' } }, []],
    ];
    for (const [file, source, expected, failures] of expectations) {
      const res = await postFile(t, t.adminKey, fixture(file), '?partial=1', file);
      expect(res.json().data, file).toMatchObject({ source, file_name: file, partial: 1 });
      const job = await finished(t, t.adminKey, res);
      expect(job, file).toMatchObject({ status: 'completed', created: Object.keys(expected).length, failed: failures.length });
      expect(job.failures.map((f) => ({ line: f.line, field: f.field })), file).toEqual(failures);
      const links = await linksOf(t.adminKey);
      for (const [alias, fields] of Object.entries(expected)) expect(links.get(alias), `${file} ${alias}`).toMatchObject(fields);
    }
    const kutt = await finished(t, t.adminKey, await postFile(t, t.adminKey, fixture('kutt-csv.csv'), '?partial=1&on_conflict=skip'));
    expect(kutt.failures[0]).toMatchObject({ field: 'url', column: 'target', message: 'The "target" column must be a valid http or https URL.' });
  });

  it('writes nothing when a row fails, unless partial=1', async () => {
    const csv = 'keyword,url,title\nall-or-nothing,https://e.com/1,One\nbad alias!,https://e.com/2,Two\nall-or-nothing-2,https://e.com/3,\n';
    const job = await finished(t, t.userKey, await postFile(t, t.userKey, csv));
    expect(job).toMatchObject({ status: 'failed', source: 'yourls', rows_read: 3, created: 0, failed: 1 });
    expect(job.error).toMatch(/^1 row failed, so nothing was imported/);
    expect(job.failures).toEqual([{ line: 3, field: 'alias', column: 'keyword', message: 'The "keyword" column may only contain letters, digits, dashes and underscores.' }]);
    expect((await linksOf(t.userKey)).has('all-or-nothing')).toBe(false);
    const partial = await finished(t, t.userKey, await postFile(t, t.userKey, csv, '?partial=1'));
    expect(partial).toMatchObject({ status: 'completed', created: 2, failed: 1, error: null });
    expect((await linksOf(t.userKey)).has('all-or-nothing')).toBe(true);
  });

  it('applies the rules of POST /links: reserved aliases, URLs, own pixels, spaces and domains by name', async () => {
    const space = await create(t, t.userKey, 'spaces', { name: 'Team, "A"' });
    const pixel = await create(t, t.userKey, 'pixels', { name: 'FB', type: 'facebook', value: 'px1' });
    const foreignPixel = await create(t, t.adminKey, 'pixels', { name: 'Other', type: 'x', value: 'px2' });
    const domain = await create(t, t.userKey, 'domains', { name: 'Links.Example.ORG' });
    const csv = [
      'alias,url,space_name,domain_name,pixel_ids',
      `ok-row,https://e.com/1,"Team, ""A""",links.example.org,${pixel.id}`,
      'api,https://e.com/2,,,',
      'bad-url,javascript:alert(1),,,',
      `foreign,https://e.com/3,,,${pixel.id} ${foreignPixel.id}`,
      'nospace,https://e.com/4,Nope,,',
      'nodomain,https://e.com/5,,other.example,',
      'toolong,https://e.com/6,,,,extra',
    ].join('\n');
    const job = await finished(t, t.userKey, await postCsv(t, t.userKey, csv, '?partial=1'));
    expect(job.failures.map((f) => [f.line, f.field])).toEqual([
      [3, 'alias'], [4, 'url'], [5, 'pixel_ids.1'], [6, 'space_name'], [7, 'domain_name'], [8, null],
    ]);
    expect(job.failures[3]?.message).toBe('The "space_name" column names the space "Nope", which is not one of your spaces: create it first.');
    expect(job.created).toBe(1);
    const link = (await linksOf(t.userKey)).get('ok-row');
    expect(link).toMatchObject({ space: { id: space.id }, domain: { id: domain.id }, pixels: [{ id: pixel.id }], short_url: 'https://links.example.org/ok-row' });
  });

  it('on_conflict: fail writes nothing, skip leaves taken aliases out, rename numbers them', async () => {
    const t2 = await createTestApp();
    try {
      await createLink(t2, t2.userKey, { url: 'https://e.com/old', alias: 'taken' });
      const csv = 'url,alias\nhttps://e.com/a,taken\nhttps://e.com/b,fresh\nhttps://e.com/c,fresh\nhttps://e.com/d,\n';
      const failed = await finished(t2, t2.userKey, await postCsv(t2, t2.userKey, csv));
      expect(failed).toMatchObject({ status: 'failed', created: 0, failed: 2 });
      expect(failed.failures.map((f) => [f.line, f.field, f.message])).toEqual([
        [2, 'alias', 'The "alias" column has already been taken.'],
        [4, 'alias', 'The "alias" column has already been taken.'],
      ]);
      expect([...(await lk(t2)).keys()]).toEqual(['taken']);

      const skipped = await finished(t2, t2.userKey, await postCsv(t2, t2.userKey, csv, '?on_conflict=skip'));
      expect(skipped).toMatchObject({ status: 'completed', created: 2, skipped: 2, failed: 0 });
      const afterSkip = await lk(t2);
      expect(afterSkip.get('taken')?.url).toBe('https://e.com/old');
      expect(afterSkip.get('fresh')?.url).toBe('https://e.com/b');
      expect(afterSkip.size).toBe(3);

      const renamed = await finished(t2, t2.userKey, await postCsv(t2, t2.userKey, csv, '?on_conflict=rename'));
      expect(renamed).toMatchObject({ status: 'completed', created: 4, skipped: 0 });
      const afterRename = await lk(t2);
      expect(afterRename.get('taken-2')?.url).toBe('https://e.com/a');
      expect(afterRename.get('fresh-2')?.url).toBe('https://e.com/b');
      expect(afterRename.get('fresh-3')?.url).toBe('https://e.com/c');
      expect(afterRename.size).toBe(7);
    } finally {
      await t2.close();
    }
  });

  it('serves a link whose alias was a cached miss of the redirect as soon as the import wrote it', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/was-missing', headers: { host: 'short.test' } });
    expect(before.statusCode).toBe(404);
    await finished(t, t.userKey, await postCsv(t, t.userKey, 'url,alias\nhttps://e.com/now-here,was-missing\n'));
    const after = await t.app.inject({ method: 'GET', url: '/was-missing', headers: { host: 'short.test' } });
    expect(after.statusCode).toBe(302);
    expect(after.headers.location).toBe('https://e.com/now-here');
  });
});

async function lk(app: TestApp): Promise<Map<string, L>> {
  const res = await get(app, app.userKey, '/api/v1/links?per_page=100');
  return new Map((res.json().data as L[]).map((l) => [l.alias, l]));
}

describe('POST /api/v1/links/import: bad files and parameters', () => {
  it('422 naming the line of malformed CSV, the header of an unknown format, and the parameters', async () => {
    let errors = expect422(await postCsv(t, t.userKey, 'url,alias\nhttps://e.com,ok\n"https://e.com,broken\n'), 'file');
    expect(errors.file?.[0]).toBe('A quoted field that starts on line 3 is never closed.');
    errors = expect422(await postCsv(t, t.userKey, 'url,alias\n"https://e.com"x,a\n'), 'file');
    expect(errors.file?.[0]).toMatch(/^Line 2 has text after a closing quote/);
    errors = expect422(await postCsv(t, t.userKey, 'name,destination\nA,https://e.com\n'), 'file');
    expect(errors.file?.[0]).toContain('"name,destination"');
    errors = expect422(await postCsv(t, t.userKey, fixture('linkdeck.csv'), '?source=kutt'), 'file');
    expect(errors.file?.[0]).toContain('is not the kutt format');
    expect422(await postCsv(t, t.userKey, 'url,alias\n'), 'file');
    expect422(await postCsv(t, t.userKey, ''), 'file');
    expect422(await postCsv(t, t.userKey, Buffer.from([0x75, 0x72, 0x6c, 0x0a, 0xff, 0xfe, 0x0a])), 'file');
    expect422(await postCsv(t, t.userKey, 'url\nhttps://e.com\n', '?on_conflict=overwrite'), 'on_conflict');
    expect422(await postCsv(t, t.userKey, 'url\nhttps://e.com\n', '?source=tinyurl'), 'source');
    expect422(await postCsv(t, t.userKey, 'url\nhttps://e.com\n', '?partial=yes'), 'partial');
    const foreignDomain = await create(t, t.adminKey, 'domains', { name: 'admins-only.example' });
    expect422(await postCsv(t, t.userKey, 'url\nhttps://e.com\n', `?domain_id=${foreignDomain.id}`), 'domain_id');
    expect422(await t.as(t.userKey, { method: 'POST', url: '/api/v1/links/import' }), 'file');
    expect422(await postFile(t, t.userKey, 'url\nhttps://e.com\n', '').then(() => t.as(t.userKey, {
      method: 'POST', url: '/api/v1/links/import', payload: '--b\r\nContent-Disposition: form-data; name="other"\r\n\r\nx\r\n--b--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    })), 'file');
    // A JSON body is a file too (its layout is read from its content): an object without a list of links is a 422.
    const json = await t.as(t.userKey, { method: 'POST', url: '/api/v1/links/import', payload: '{"url":"https://e.com"}', headers: { 'content-type': 'application/json' } });
    expect422(json, 'file');
    expect(json.json().errors.file[0]).toMatch(/JSON without a list of links/);
    const xml = await t.as(t.userKey, { method: 'POST', url: '/api/v1/links/import', payload: '<links/>', headers: { 'content-type': 'application/xml' } });
    expect(xml.statusCode).toBe(415);
  });

  it('413 with a clear message for a file over 50 MB', async () => {
    const big = Buffer.alloc(50 * 1024 * 1024 + 10, 'a');
    big.write('url\n');
    // Over the limit by a little (checked after reading), and by more than the multipart allowance (refused while reading).
    const huge = Buffer.alloc(52 * 1024 * 1024, 'a');
    for (const res of [await postCsv(t, t.userKey, big), await postFile(t, t.userKey, big), await postCsv(t, t.userKey, huge)]) {
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: 'The file is too large: imports take CSV files of at most 50 MB. Split it into smaller files.', status: 413 });
    }
  });
});

describe('GET /api/v1/imports', () => {
  it("lists the account's own jobs, newest first; another account's job is a 404", async () => {
    const mine = (await postCsv(t, t.userKey, 'url\nhttps://e.com/list\n')).json().data.id as number;
    const theirs = (await postCsv(t, t.adminKey, 'url\nhttps://e.com/theirs\n')).json().data.id as number;
    const list = await get(t, t.userKey, '/api/v1/imports?per_page=10');
    expect(list.statusCode).toBe(200);
    const ids = (list.json().data as { id: number }[]).map((j) => j.id);
    expect(ids[0]).toBe(mine);
    expect(ids).not.toContain(theirs);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(list.json().meta.total).toBe(ids.length);
    expect404(await get(t, t.userKey, `/api/v1/imports/${theirs}`));
    expect404(await get(t, t.userKey, '/api/v1/imports/abc'));
    expect422(await get(t, t.userKey, '/api/v1/imports?per_page=7'), 'per_page');
  });
});

describe('an import when the server stops', () => {
  it('stops after the batch under way and says so in the job', async () => {
    const t3 = await createTestApp();
    try {
      const rows = Array.from({ length: 5000 }, (_, i) => `https://e.com/stop/${i},stop-${i}`).join('\n');
      const res = await postCsv(t3, t3.userKey, `url,alias\n${rows}\n`, '?partial=1');
      expect(res.statusCode).toBe(202);
      await t3.app.close();
      const [job] = await t3.query<{ status: string; error: string; created: number }>('SELECT status, error, created FROM imports WHERE id = ?', res.json().data.id);
      expect(job?.status).toBe('failed');
      expect(job?.error).toMatch(/^The server stopped during the import; \d+ links had been written/);
      const [count] = await t3.query<{ n: number }>("SELECT count(*) AS n FROM links WHERE alias LIKE 'stop-%'");
      expect(count?.n).toBeLessThan(5000);
    } finally {
      await t3.close();
    }
  });
});
