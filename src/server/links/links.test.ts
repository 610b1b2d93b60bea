// Links: store with every field of seed 2.2 (+ title, disabled), bodies in both encodings, aliases, show, delete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, form, type TestApp } from '../test-utils/test-app';
import { create, createLink, expect404, expect422, get, json, post } from '../test-utils/api';

let t: TestApp;
let domainId: number;
let spaceId: number;
let pixelA: number;
let pixelB: number;
beforeAll(async () => {
  t = await createTestApp();
  domainId = (await create(t, t.userKey, 'domains', { name: 'go.example.com' })).id;
  spaceId = (await create(t, t.userKey, 'spaces', { name: 'Marketing', color: 3 })).id;
  pixelA = (await create(t, t.userKey, 'pixels', { name: 'FB', type: 'facebook', value: '123' })).id;
  pixelB = (await create(t, t.userKey, 'pixels', { name: 'GA', type: 'google-analytics', value: 'G-1' })).id;
});
afterAll(async () => t.close());

const LINK_KEYS = [
  'active_period_end_at', 'active_period_start_at', 'alias', 'clicks', 'clicks_limit', 'created_at', 'disabled', 'domain',
  'expiration_url', 'id', 'password', 'pixels', 'privacy', 'redirect_password', 'sensitive_content', 'short_url', 'space',
  'status', 'tags', 'targets', 'targets_type', 'title', 'updated_at', 'url', 'utm_campaign', 'utm_content', 'utm_medium', 'utm_source', 'utm_term', 'og_description', 'og_image', 'og_title', 'imported_clicks', 'imported_at',
].sort();

describe('store link', () => {
  it('stores every field of seed 2.2 plus title and disabled from a bracket form body', async () => {
    const res = await post(t, t.userKey, '/api/v1/links', [
      ['url', 'https://example.com/page'],
      ['domain_id', domainId],
      ['alias', 'Spring_Sale-1'],
      ['title', 'Spring sale'],
      ['space_id', spaceId],
      ['pixel_ids[]', pixelA],
      ['pixel_ids[]', pixelB],
      ['redirect_password', 'open sesame'],
      ['sensitive_content', 1],
      ['privacy', 2],
      ['password', 'stats-secret'],
      ['active_period_start_at', '2030-01-02T03:04:05'],
      ['active_period_end_at', '2031-01-02 03:04'],
      ['clicks_limit', 500],
      ['expiration_url', 'https://example.com/expired'],
      ['targets_type', 'countries'],
      ['targets[0][key]', 'us'],
      ['targets[0][value]', 'https://example.com/us'],
      ['targets[1][key]', 'DE'],
      ['targets[1][value]', 'https://example.com/de'],
      ['disabled', 0],
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.status).toBe(200);
    expect(Object.keys(body.data).sort()).toEqual(LINK_KEYS);
    expect(body.data).toMatchObject({
      alias: 'Spring_Sale-1',
      url: 'https://example.com/page',
      short_url: 'https://go.example.com/Spring_Sale-1',
      title: 'Spring sale',
      status: 1,
      disabled: 0,
      targets_type: 'countries',
      targets: [
        { key: 'US', value: 'https://example.com/us' },
        { key: 'DE', value: 'https://example.com/de' },
      ],
      sensitive_content: 1,
      privacy: 2,
      password: true,
      redirect_password: true,
      active_period_start_at: '2030-01-02T03:04:05.000Z',
      active_period_end_at: '2031-01-02T03:04:00.000Z',
      clicks_limit: 500,
      expiration_url: 'https://example.com/expired',
      clicks: 0,
      space: { id: spaceId, name: 'Marketing', color: 3 },
      domain: { id: domainId, name: 'go.example.com', url: 'https://go.example.com' },
      pixels: [
        { id: pixelA, name: 'FB', type: 'facebook' },
        { id: pixelB, name: 'GA', type: 'google-analytics' },
      ],
    });
    expect(res.body).not.toContain('open sesame');
    expect(res.body).not.toContain('stats-secret');
    const shown = await get(t, t.userKey, `/api/v1/links/${body.data.id}`);
    expect(shown.json()).toEqual(body);
  });

  it('applies defaults: generated alias, default domain, no space, public, not sensitive', async () => {
    const link = await createLink(t, t.userKey, { url: 'https://example.com/defaults' });
    expect(link).toMatchObject({
      sensitive_content: 0, privacy: 0, disabled: 0, status: 1, domain: null, space: null, pixels: [], targets: [], targets_type: null,
      password: false, redirect_password: false, clicks_limit: null, title: null,
    });
    expect(link.alias).toMatch(/^[A-Za-z0-9_-]{5,}$/);
    expect(link.short_url).toBe(`http://short.test/${link.alias}`);
  });

  it('generates distinct aliases', async () => {
    const aliases = new Set<string>();
    for (let i = 0; i < 20; i++) aliases.add((await createLink(t, t.userKey, { url: 'https://example.com/gen', alias: '' })).alias as string);
    expect(aliases.size).toBe(20);
  });

  it('accepts `domain` as the name of domain_id on create', async () => {
    const link = await createLink(t, t.userKey, { url: 'https://example.com/d', domain: domainId });
    expect(link.domain).toMatchObject({ id: domainId });
  });

  it('names an error on the domain as the body named it: `domain` or `domain_id`, alone or in a batch', async () => {
    const theirs = await create(t, t.adminKey, 'domains', { name: 'theirs-d.example.com' });
    for (const name of ['domain', 'domain_id']) {
      const other = name === 'domain' ? 'domain_id' : 'domain';
      for (const value of ['abc', 9999, theirs.id]) {
        const errors = expect422(await post(t, t.userKey, '/api/v1/links', { url: 'https://e.com', [name]: value }), name);
        expect(errors[other], `${name}=${value}`).toBeUndefined();
      }
      const batch = { links: [{ url: 'https://e.com/ok' }, { url: 'https://e.com', [name]: theirs.id }, { url: 'https://e.com', [name]: 'x' }] };
      const errors = expect422(await t.as(t.userKey, { method: 'POST', url: '/api/v1/links/bulk', ...json(batch) }), `links.1.${name}`, `links.2.${name}`);
      expect(Object.keys(errors).some((k) => k.endsWith(`.${other}`))).toBe(false);
    }
    // Both names for one domain are fine; for two, the alias is refused.
    expect((await post(t, t.userKey, '/api/v1/links', { url: 'https://e.com', domain: domainId, domain_id: domainId })).statusCode).toBe(201);
    expect422(await post(t, t.userKey, '/api/v1/links', { url: 'https://e.com', domain: theirs.id, domain_id: domainId }), 'domain');
  });

  it('accepts JSON bodies with the same field names', async () => {
    const res = await t.as(t.userKey, {
      method: 'POST',
      url: '/api/v1/links',
      ...json({ url: 'https://example.com/json', alias: 'json-link', pixel_ids: [pixelA], targets_type: 'devices', targets: [{ key: 'Mobile', value: 'https://m.example.com' }], disabled: true, sensitive_content: 1, clicks_limit: 3 }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ alias: 'json-link', disabled: 1, status: 3, sensitive_content: 1, clicks_limit: 3, pixels: [{ id: pixelA }], targets: [{ key: 'Mobile', value: 'https://m.example.com' }] });
  });

  it('keeps aliases unique per domain and case-sensitive', async () => {
    await createLink(t, t.userKey, { url: 'https://example.com/1', alias: 'dup' });
    expect422(await post(t, t.userKey, '/api/v1/links', { url: 'https://example.com/2', alias: 'dup' }), 'alias');
    expect422(await post(t, t.adminKey, '/api/v1/links', { url: 'https://example.com/2', alias: 'dup' }), 'alias');
    await createLink(t, t.userKey, { url: 'https://example.com/3', alias: 'DUP' });
    await createLink(t, t.userKey, { url: 'https://example.com/4', alias: 'dup', domain_id: domainId });
  });

  it('refuses reserved and malformed aliases with 422', async () => {
    for (const alias of ['api', 'API', 'dashboard', 'health', 'assets', 'Docs', 'has space', 'sl/ash', 'dot.ted', 'ü', 'x'.repeat(256)]) {
      expect422(await post(t, t.userKey, '/api/v1/links', { url: 'https://example.com', alias }), 'alias');
    }
  });

  it('refuses bad values field by field', async () => {
    const bad: [Record<string, string | number>, string][] = [
      [{}, 'url'],
      [{ url: 'javascript:alert(1)' }, 'url'],
      [{ url: 'data:text/html,hi' }, 'url'],
      [{ url: 'file:///etc/passwd' }, 'url'],
      [{ url: 'example.com' }, 'url'],
      [{ url: `https://example.com/${'a'.repeat(2048)}` }, 'url'],
      [{ url: 'https://e.com', sensitive_content: 2 }, 'sensitive_content'],
      [{ url: 'https://e.com', privacy: 3 }, 'privacy'],
      [{ url: 'https://e.com', privacy: 2 }, 'password'],
      [{ url: 'https://e.com', password: 'x'.repeat(129) }, 'password'],
      [{ url: 'https://e.com', disabled: 'yes' }, 'disabled'],
      [{ url: 'https://e.com', clicks_limit: -1 }, 'clicks_limit'],
      [{ url: 'https://e.com', clicks_limit: 1_000_000_000 }, 'clicks_limit'],
      [{ url: 'https://e.com', clicks_limit: 'ten' }, 'clicks_limit'],
      [{ url: 'https://e.com', active_period_start_at: '2026-13-01T00:00:00' }, 'active_period_start_at'],
      [{ url: 'https://e.com', active_period_end_at: 'tomorrow' }, 'active_period_end_at'],
      [{ url: 'https://e.com', active_period_start_at: '2030-01-02T00:00:00', active_period_end_at: '2030-01-01T00:00:00' }, 'active_period_end_at'],
      [{ url: 'https://e.com', expiration_url: 'mailto:a@b.c' }, 'expiration_url'],
      [{ url: 'https://e.com', title: 'x'.repeat(256) }, 'title'],
      [{ url: 'https://e.com', domain_id: 'abc' }, 'domain_id'],
      [{ url: 'https://e.com', domain_id: 9999 }, 'domain_id'],
      [{ url: 'https://e.com', space_id: 9999 }, 'space_id'],
      [{ url: 'https://e.com', 'pixel_ids[]': 9999 }, 'pixel_ids.0'],
      [{ url: 'https://e.com', 'pixel_ids[]': 'x' }, 'pixel_ids.0'],
    ];
    for (const [fields, field] of bad) expect422(await post(t, t.userKey, '/api/v1/links', fields), field);
  });

  it('refuses another account\'s domain, space and pixels', async () => {
    const theirs = await create(t, t.adminKey, 'domains', { name: 'admin.example.com' });
    const theirSpace = await create(t, t.adminKey, 'spaces', { name: 'Admin space' });
    const theirPixel = await create(t, t.adminKey, 'pixels', { name: 'P', type: 'x', value: 'abc' });
    const errors = expect422(
      await post(t, t.userKey, '/api/v1/links', [['url', 'https://e.com'], ['domain_id', theirs.id], ['space_id', theirSpace.id], ['pixel_ids[]', pixelA], ['pixel_ids[]', theirPixel.id]]),
      'domain_id',
      'space_id',
      'pixel_ids.1',
    );
    expect(errors['pixel_ids.0']).toBeUndefined();
  });

  it('accepts every timestamp format of the contract, storing UTC', async () => {
    const cases: [string, string][] = [
      ['2030-05-06T07:08:09', '2030-05-06T07:08:09.000Z'],
      ['2030-05-06 07:08', '2030-05-06T07:08:00.000Z'],
      ['2030-05-06 07:08:09', '2030-05-06T07:08:09.000Z'],
      ['2030-05-06T07:08:09Z', '2030-05-06T07:08:09.000Z'],
      ['2030-05-06T07:08:09+02:00', '2030-05-06T05:08:09.000Z'],
      ['2030-05-06T07:08:09.250-01:30', '2030-05-06T08:38:09.250Z'],
    ];
    for (const [input, stored] of cases) {
      const link = await createLink(t, t.userKey, { url: 'https://e.com', active_period_start_at: input });
      expect(link.active_period_start_at).toBe(stored);
    }
  });
});

describe('show and delete link', () => {
  it('shows and deletes; a deleted id is 404', async () => {
    const link = await createLink(t, t.userKey, { url: 'https://example.com/bye' });
    const del = await t.as(t.userKey, { method: 'DELETE', url: `/api/v1/links/${link.id}` });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ id: link.id, object: 'link', deleted: true, status: 200, operation: expect.objectContaining({ type: 'delete', object: 'link', object_id: link.id, undoable: true }) });
    expect404(await get(t, t.userKey, `/api/v1/links/${link.id}`));
    expect404(await t.as(t.userKey, { method: 'DELETE', url: `/api/v1/links/${link.id}` }));
    expect404(await t.as(t.userKey, { method: 'PUT', url: `/api/v1/links/${link.id}`, ...form({ title: 'x' }) }));
  });

  it('answers 404 for malformed ids', async () => {
    for (const id of ['0', 'abc', '-3', '1e3']) expect404(await get(t, t.userKey, `/api/v1/links/${id}`));
  });
});
