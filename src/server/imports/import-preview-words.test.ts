// The dry run says what is kept and what is dropped before the import runs (every column of every
// format with its reason, what the file has no column for), and a failing row's problems name fields in words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import type { ImportDryRun } from '../../shared/import.schema';
import { IMPORT_SOURCES } from '../../shared/enums';
import { formatOf } from './formats';
import { fixture, postCsv, postFile } from './import-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

function dryRun(res: LightMyRequestResponse): ImportDryRun {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ImportDryRun;
}

describe('what comes across', () => {
  it('gives every column of every format a field, or the reason it is not imported', () => {
    for (const source of IMPORT_SOURCES) {
      const silent = Object.entries(formatOf(source).columns).filter(([, use]) => use.field === null && !use.note?.trim());
      expect(silent.map(([column]) => `${source}: ${column}`)).toEqual([]);
    }
  });

  it('keeps Bitly’s engagements as imported clicks and says why Status is dropped', async () => {
    const dry = dryRun(await postFile(t, t.userKey, fixture('bitly-dashboard.csv'), '?dry_run=1&partial=1&date_format=mdy', 'bitly.csv'));
    expect(dry.source).toBe('bitly');
    expect(dry.columns.find((c) => c.column === 'Engagements')).toEqual({ column: 'Engagements', field: 'clicks', note: expect.stringMatching(/imported clicks/) });
    expect(dry.columns.find((c) => c.column === 'Status')).toMatchObject({ field: null, note: expect.stringMatching(/still redirects/) });
    expect(dry.columns.every((c) => c.field !== null || (c.note ?? '').length > 0)).toBe(true);
    expect(dry.absent).toEqual([]);
    expect(dry.preview[0]).toMatchObject({ line: 2, clicks: 1234 });
  });

  it('says when a file has no click counts or creation dates, which its format could carry', async () => {
    const legacy = dryRun(await postFile(t, t.userKey, fixture('bitly-legacy.csv'), '?dry_run=1&partial=1'));
    expect(legacy.absent).toEqual([{ field: 'clicks', note: expect.stringMatching(/^This export has no click counts .* every link starts at 0 clicks\. .*Engagements\.$/) }]);
    const mine = dryRun(await postCsv(t, t.userKey, 'url,alias\nhttps://e.com/a,a\n', '?dry_run=1'));
    expect(mine.absent.map((a) => [a.field, a.note])).toEqual([
      ['clicks', 'No column of this file has click counts: every link starts at 0 clicks.'],
      ['created_at', 'No column of this file has creation dates: every link is dated the day of the import.'],
    ]);
    const yourls = dryRun(await postFile(t, t.userKey, fixture('yourls-dump.csv'), '?dry_run=1&partial=1'));
    expect(yourls.absent).toEqual([]);
  });

  it('lists the parts of a JSON object, not the object beside them', async () => {
    const api = dryRun(await postFile(t, t.userKey, fixture('bitly-api.json'), '?dry_run=1&partial=1', 'bitly.json'));
    expect(api.columns.map((c) => c.column)).not.toContain('references');
    expect(api.columns.find((c) => c.column === 'references.group')).toMatchObject({ field: null, note: expect.stringMatching(/Bitly's API/) });
    const shlink = dryRun(await postFile(t, t.userKey, fixture('shlink-api.json'), '?dry_run=1&partial=1', 'shlink.json'));
    expect(shlink.columns.map((c) => c.column)).not.toEqual(expect.arrayContaining(['meta']));
    expect(shlink.columns.map((c) => c.column)).not.toContain('visitsSummary');
    expect(shlink.columns.find((c) => c.column === 'meta.maxVisits')).toMatchObject({ field: 'clicks_limit' });
  });
});

describe('a failing row in words', () => {
  const HEAD = 'url,alias,targets_type,targets,active_period_start_at,active_period_end_at,tags';
  const rules = (json: string) => `"${json.replace(/"/g, '""')}"`;

  it('names a rule, a tag and a date by their words, never by their paths', async () => {
    const csv = [
      HEAD,
      `https://e.com/1,a1,countries,${rules('[{"key":"DE","value":"https://e.com/de"},{"key":"DE","value":"javascript:x"}]')},,,`,
      `https://e.com/2,a2,,,2026-05-01T00:00:00Z,2026-04-01T00:00:00Z,`,
      `https://e.com/3,a3,,,,,"ok,${'x'.repeat(80)}"`,
    ].join('\n');
    const dry = dryRun(await postCsv(t, t.userKey, csv, '?dry_run=1&partial=1'));
    const messages = dry.failures.map((f) => [f.line, f.field, f.message]);
    expect(messages).toEqual([
      [2, 'targets.1.value', 'The "targets" column (rule 2, destination) must be a valid http or https URL.'],
      [2, 'targets.1.key', 'The "targets" column (rule 2, key): DE is used twice (rule 1 has it too).'],
      [3, 'active_period_end_at', 'The "active_period_end_at" column must be after Start date.'],
      [4, 'tags.1', 'The "tags" column (tag 2) must not be longer than 40 characters.'],
    ]);
    for (const f of dry.failures) expect(f.message).not.toMatch(/\b(targets|tags)\.\d|active_period_start_at/);
  });

  it('names a field without a column of its own in words', async () => {
    // Bitly's legacy export has no domain column: the domain comes from the custom link's host.
    const csv = 'Created,Title,Bitlink,Custom Bitlinks,Long URL,Tags\n2026-03-02 09:15:00,T,bit.ly/x1,https://nowhere.example/x1,https://e.com/x,\n';
    const dry = dryRun(await postCsv(t, t.userKey, csv, '?dry_run=1'));
    expect(dry.failures).toEqual([{ line: 2, field: 'domain_name', column: null, message: expect.stringMatching(/^The domain names the domain "nowhere.example"/) }]);
  });
});
