// Export is whole: every field of a link that a client can write (shared/link.schema.ts,
// LINK_WRITABLE_FIELDS) leaves through GET /links/export and comes back through POST /links/import into a
// fresh account. The fields come from the schema, not from this file: a field added to the schema fails
// here, by name, until it has a sample below, a column of the export (LINK_EXPORT_CARRIERS) and a way back in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { create, get, json } from '../test-utils/api';
import { parseCsv, unescapeCell } from '../../shared/csv';
import { LINK_WRITABLE_FIELDS } from '../../shared/link.schema';
import { LINK_EXPORT_CARRIERS, LINK_EXPORT_OMITTED } from '../../shared/export.schema';
import { finished } from '../imports/import-test-helpers';

/** Skipped by name: a password is never exported (only whether one is set), so it cannot come back. */
const SECRETS: Record<string, string> = {
  password: 'a secret: the export only says whether one is set',
  redirect_password: 'a secret: the export only says whether one is set',
};

type Refs = { domain: number; space: number; pixel: number };
type Link = Record<string, unknown>;

/** A value other than the default for each writable field (refs: the source account's domain, space and pixel). */
const SAMPLES: Record<string, (r: Refs) => unknown> = {
  url: () => 'https://example.com/landing?keep=1',
  alias: () => 'whole-trip',
  title: () => 'Round trip, "quoted"',
  domain_id: (r) => r.domain,
  space_id: (r) => r.space,
  pixel_ids: (r) => [r.pixel],
  tags: () => ['email', 'spring'],
  sensitive_content: () => 1,
  privacy: () => 1,
  disabled: () => 1,
  active_period_start_at: () => '2031-01-01T00:00:00.000Z',
  active_period_end_at: () => '2031-06-30T12:00:00.000Z',
  clicks_limit: () => 250,
  expiration_url: () => 'https://example.com/over',
  targets_type: () => 'countries',
  targets: () => [{ key: 'US', value: 'https://example.com/us' }, { key: 'DE', value: 'https://example.com/de' }],
  og_title: () => '=Card headline',
  og_description: () => 'Card text, with a comma',
  og_image: () => 'https://example.com/card.png',
  utm_source: () => 'newsletter',
  utm_medium: () => 'email',
  utm_campaign: () => 'spring-2031',
  utm_term: () => 'shoes',
  utm_content: () => 'banner',
};

/** The key of the Link object that shows a writable field: its own, or the object it refers to (space_id: space, pixel_ids: pixels). */
function shownAs(link: Link, field: string): string | undefined {
  if (field in link) return field;
  const stem = field.replace(/_ids?$/, '');
  if (field.endsWith('_ids') && `${stem}s` in link) return `${stem}s`;
  if (field.endsWith('_id') && stem in link) return stem;
  return undefined;
}

/** A referred object compares by name (ids differ between accounts); lists element by element. */
function comparable(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(comparable);
  if (v && typeof v === 'object' && 'name' in v) return (v as { name: unknown }).name;
  return v;
}

/** The texts of a value that its export cell must hold. */
function texts(v: unknown): string[] {
  if (Array.isArray(v)) return v.flatMap(texts);
  if (v && typeof v === 'object') return [JSON.stringify(v)];
  return [String(v)];
}

const value = (link: Link, field: string) => {
  const key = shownAs(link, field);
  return key === undefined ? undefined : comparable(link[key]);
};

const fields = LINK_WRITABLE_FIELDS.filter((f) => !(f in SECRETS));

let t: TestApp;
let source = '';
let target = '';
let refs: Refs;
let exported: { csv: string; json: { omitted: Record<string, string>; data: Link[] } };
let original: Link;
let bare: Link;

async function account(name: string): Promise<string> {
  const res = await t.as(t.adminKey, { method: 'POST', url: '/api/v1/users', ...json({ name }) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.api_key as string;
}

const body = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};

beforeAll(async () => {
  t = await createTestApp();
  [source, target] = [await account('Exporter'), await account('Importer')];
  refs = {
    domain: (await create(t, source, 'domains', { name: 'trip.example.com' })).id,
    space: (await create(t, source, 'spaces', { name: 'Campaigns, 2031', color: 2 })).id,
    pixel: (await create(t, source, 'pixels', { name: 'Meta, main', type: 'facebook', value: 'px-1' })).id,
  };
  const sample = Object.fromEntries(fields.filter((f) => SAMPLES[f]).map((f) => [f, SAMPLES[f]?.(refs)]));
  const made = await t.as(source, { method: 'POST', url: '/api/v1/links', ...json(sample) });
  expect(made.statusCode, made.body).toBe(201);
  // Clicks counted here, and an older creation time, travel too (the starting count; the creation time).
  await t.query('UPDATE links SET clicks = ?, created_at = ? WHERE id = ?', 1234, '2030-05-06T07:08:09.000Z', made.json().data.id);
  const plain = await t.as(t.adminKey, { method: 'POST', url: '/api/v1/links', ...json({ url: 'https://example.com/' }) });
  bare = plain.json().data as Link;
  exported = {
    csv: body(await get(t, source, '/api/v1/links/export?format=csv')),
    json: JSON.parse(body(await get(t, source, '/api/v1/links/export?format=json'))),
  };
  original = exported.json.data[0] as Link;
  // The importing account has what the file refers to by name; a domain name is the instance's, so it moves.
  expect((await t.as(source, { method: 'DELETE', url: `/api/v1/domains/${refs.domain}` })).statusCode).toBe(200);
  await create(t, target, 'domains', { name: 'trip.example.com' });
  await create(t, target, 'spaces', { name: 'Campaigns, 2031', color: 5 });
  await create(t, target, 'pixels', { name: 'Meta, main', type: 'facebook', value: 'px-1' });
});
afterAll(async () => t.close());

describe('export and import carry every writable field of a link (generated from the link schema)', () => {
  it('has a sample, other than the default, for every writable field, and only for those', () => {
    const problems = [
      ...fields.filter((f) => !SAMPLES[f]).map((f) => `${f}: no sample value in this test`),
      ...Object.keys(SAMPLES).filter((f) => !fields.includes(f as never)).map((f) => `${f}: not a writable field of the schema any more`),
      ...fields
        .filter((f) => SAMPLES[f] && JSON.stringify(value(original, f)) === JSON.stringify(value(bare, f)))
        .map((f) => `${f}: the link shows its default (${JSON.stringify(value(bare, f))})`),
    ];
    expect(problems).toEqual([]);
    expect(exported.json.data).toHaveLength(1);
  });

  it('finds every writable field in both export formats; the passwords are omitted, and the file says so', () => {
    const [header = [], row = []] = [...parseCsv(exported.csv)].map((r) => r.fields);
    const carriers: Record<string, string | undefined> = LINK_EXPORT_CARRIERS;
    const problems: string[] = [];
    for (const f of fields) {
      const shown = value(original, f);
      if (shown === undefined) problems.push(`${f}: not in the JSON export`);
      const column = carriers[f];
      const at = column === undefined ? -1 : header.indexOf(column);
      if (at === -1) {
        problems.push(`${f}: no column of the CSV export carries it`);
        continue;
      }
      const cell = unescapeCell(row[at] ?? '');
      const missing = texts(shown).filter((text) => !cell.includes(text));
      if (missing.length) problems.push(`${f}: the CSV column ${column} lacks ${missing.join(', ')}`);
    }
    expect(problems).toEqual([]);
    expect(Object.keys(exported.json.omitted).sort()).toEqual(Object.keys(SECRETS).sort());
    expect(exported.json.omitted).toEqual(LINK_EXPORT_OMITTED);
    expect(Object.keys(SECRETS).every((s) => (LINK_WRITABLE_FIELDS as string[]).includes(s))).toBe(true);
  });

  // Besides the writable fields: the clicks (the starting count) and the creation time.
  const KEPT = [...fields, 'clicks', 'created_at'];

  it.each(['csv', 'json'] as const)('imports the %s export into a fresh account with every field as it was', async (format) => {
    const file = format === 'csv' ? exported.csv : JSON.stringify(exported.json);
    const type = format === 'csv' ? 'text/csv' : 'application/json';
    const sent = await t.as(target, { method: 'POST', url: '/api/v1/links/import', payload: file, headers: { 'content-type': type } });
    const job = await finished(t, target, sent);
    expect(job.failures).toEqual([]);
    expect(job).toMatchObject({ status: 'completed', source: 'linkdeck', created: 1 });
    const [copy] = (await get(t, target, '/api/v1/links')).json().data as Link[];
    expect(copy).toBeDefined();
    const problems = KEPT.flatMap((f) => {
      const [was, is] = [value(original, f), value(copy as Link, f)];
      if (was === undefined) return [`${f}: not found in the export`];
      return JSON.stringify(is) === JSON.stringify(was) ? [] : [`${f}: exported ${JSON.stringify(was)}, imported ${JSON.stringify(is)}`];
    });
    expect(problems).toEqual([]);
    expect(copy).toMatchObject({ clicks: 1234, imported_clicks: 1234 });
    // The next format goes into the same account: this copy makes way for it.
    expect((await t.as(target, { method: 'DELETE', url: `/api/v1/links/${String((copy as Link).id)}` })).statusCode).toBe(200);
  });
});
