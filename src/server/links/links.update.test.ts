// Link updates: PUT and PATCH change only what is sent, a failed update changes nothing, secrets stay hidden.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, form, type TestApp } from '../test-utils/test-app';
import { create, createLink, expect422, get, json } from '../test-utils/api';

let t: TestApp;
let spaceId: number;
let pixelA: number;
let pixelB: number;
let domainId: number;
beforeAll(async () => {
  t = await createTestApp();
  spaceId = (await create(t, t.userKey, 'spaces', { name: 'S' })).id;
  pixelA = (await create(t, t.userKey, 'pixels', { name: 'A', type: 'bing', value: 'a1' })).id;
  pixelB = (await create(t, t.userKey, 'pixels', { name: 'B', type: 'quora', value: 'b1' })).id;
  domainId = (await create(t, t.userKey, 'domains', { name: 'u.example.com' })).id;
});
afterAll(async () => t.close());

const put = (id: number, fields: Record<string, string | number> | [string, string | number][], method: 'PUT' | 'PATCH' = 'PUT') =>
  t.as(t.userKey, { method, url: `/api/v1/links/${id}`, ...form(fields) });

const full = (): [string, string | number][] => [
  ['url', 'https://example.com/full'],
  ['title', 'Full'],
  ['space_id', spaceId],
  ['pixel_ids[]', pixelA],
  ['sensitive_content', 1],
  ['clicks_limit', 50],
  ['expiration_url', 'https://example.com/exp'],
  ['active_period_start_at', '2030-01-01T00:00:00'],
  ['active_period_end_at', '2031-01-01T00:00:00'],
  ['targets_type', 'devices'],
  ['targets[0][key]', 'Mobile'],
  ['targets[0][value]', 'https://m.example.com'],
  ['redirect_password', 'door'],
];

describe('update link', () => {
  for (const method of ['PUT', 'PATCH'] as const) {
    it(`${method} changes only the fields that are sent`, async () => {
      const link = await createLink(t, t.userKey, full());
      const res = await put(link.id, { title: 'Renamed' }, method);
      expect(res.statusCode).toBe(200);
      const { title, updated_at: _u, ...rest } = res.json().data;
      const { title: _t, updated_at: _u2, ...before } = link;
      expect(title).toBe('Renamed');
      expect(rest).toEqual(before);
    });
  }

  it('updates every updatable field', async () => {
    const link = await createLink(t, t.userKey, full());
    const res = await put(link.id, [
      ['url', 'https://example.org/new'],
      ['alias', 'new-alias'],
      ['space_id', ''],
      ['pixel_ids[]', pixelB],
      ['sensitive_content', 0],
      ['privacy', 1],
      ['clicks_limit', 0],
      ['expiration_url', ''],
      ['active_period_start_at', ''],
      ['active_period_end_at', '2032-02-02 10:00'],
      ['targets_type', 'continents'],
      ['targets[0][key]', 'SA'],
      ['targets[0][value]', 'https://sa.example.com'],
      ['redirect_password', ''],
      ['disabled', 1],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      url: 'https://example.org/new', alias: 'new-alias', short_url: 'http://short.test/new-alias', space: null,
      pixels: [{ id: pixelB }], sensitive_content: 0, privacy: 1, clicks_limit: null, expiration_url: null,
      active_period_start_at: null, active_period_end_at: '2032-02-02T10:00:00.000Z', targets_type: 'continents',
      targets: [{ key: 'SA', value: 'https://sa.example.com' }], redirect_password: false, disabled: 1, status: 3,
    });
  });

  it('clears pixels with an empty pixel_ids and keeps them when not sent', async () => {
    const link = await createLink(t, t.userKey, [['url', 'https://e.com'], ['pixel_ids[]', pixelA], ['pixel_ids[]', pixelB]]);
    expect((await put(link.id, { title: 'x' })).json().data.pixels).toHaveLength(2);
    expect((await put(link.id, { 'pixel_ids[]': '' })).json().data.pixels).toEqual([]);
    expect((await t.as(t.userKey, { method: 'PATCH', url: `/api/v1/links/${link.id}`, ...json({ pixel_ids: [pixelB] }) })).json().data.pixels).toEqual([{ id: pixelB, name: 'B', type: 'quora' }]);
    expect((await t.as(t.userKey, { method: 'PATCH', url: `/api/v1/links/${link.id}`, ...json({ pixel_ids: [] }) })).json().data.pixels).toEqual([]);
  });

  it('a failed update changes nothing', async () => {
    const link = await createLink(t, t.userKey, full());
    const before = (await get(t, t.userKey, `/api/v1/links/${link.id}`)).json();
    const attempts: [string, string | number][][] = [
      [['title', 'Changed'], ['url', 'javascript:alert(1)']],
      [['title', 'Changed'], ['pixel_ids[]', 99999]],
      [['title', 'Changed'], ['space_id', 99999]],
      [['title', 'Changed'], ['privacy', 2]],
      [['title', 'Changed'], ['active_period_end_at', '2029-01-01T00:00:00']],
      [['title', 'Changed'], ['targets[0][key]', 'Fridge'], ['targets[0][value]', 'https://e.com']],
      [['alias', 'api'], ['title', 'Changed']],
    ];
    for (const fields of attempts) expect((await put(link.id, fields)).statusCode, JSON.stringify(fields)).toBe(422);
    expect((await get(t, t.userKey, `/api/v1/links/${link.id}`)).json()).toEqual(before);
  });

  it('refuses an alias taken on the same domain, allows keeping its own', async () => {
    await createLink(t, t.userKey, { url: 'https://e.com', alias: 'taken-one' });
    const link = await createLink(t, t.userKey, { url: 'https://e.com', alias: 'mine' });
    expect422(await put(link.id, { alias: 'taken-one' }), 'alias');
    expect((await put(link.id, { alias: 'mine' })).statusCode).toBe(200);
    const onDomain = await createLink(t, t.userKey, { url: 'https://e.com', alias: 'taken-one', domain_id: domainId });
    expect(onDomain.alias).toBe('taken-one');
  });

  it('domain_id is not updatable: another domain is refused under the name sent, its own accepted', async () => {
    const link = await createLink(t, t.userKey, { url: 'https://e.com' });
    const refused = expect422(await put(link.id, { domain_id: domainId, title: 't' }), 'domain_id');
    expect(refused.domain_id?.[0]).toMatch(/^The domain_id field cannot be changed: a link stays on the domain it was created on/);
    expect422(await put(link.id, { domain: domainId }), 'domain');
    expect((await get(t, t.userKey, `/api/v1/links/${link.id}`)).json().data).toMatchObject({ domain: null, title: null });
    const res = await put(link.id, { domain_id: '', title: 't' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ domain: null, title: 't' });
    const onDomain = await createLink(t, t.userKey, { url: 'https://e.com', domain: domainId });
    expect((await put(onDomain.id, { domain: domainId, title: 'kept' })).json().data).toMatchObject({ domain: { id: domainId }, title: 'kept' });
    expect(expect422(await put(onDomain.id, { domain: '' }), 'domain').domain_id).toBeUndefined();
  });

  it('privacy 2 needs a password once; passwords are never returned', async () => {
    const link = await createLink(t, t.userKey, { url: 'https://e.com' });
    expect422(await put(link.id, { privacy: 2 }), 'password');
    const res = await put(link.id, { privacy: 2, password: 'hunter2-secret' });
    expect(res.json().data).toMatchObject({ privacy: 2, password: true });
    expect(res.body).not.toContain('hunter2');
    expect((await put(link.id, { title: 'no password needed again' })).statusCode).toBe(200);
    expect422(await put(link.id, { password: '' }), 'password');
    const cleared = await put(link.id, { privacy: 0, password: '' });
    expect(cleared.json().data).toMatchObject({ privacy: 0, password: false });
    const rows = await t.query('SELECT password_hash, redirect_password_hash FROM links WHERE id = ?', link.id);
    expect(rows).toEqual([{ password_hash: null, redirect_password_hash: null }]);
    const withRedirect = await put(link.id, { redirect_password: 'let-me-in' });
    expect(withRedirect.json().data.redirect_password).toBe(true);
    const [stored = { h: '' }] = await t.query<{ h: string }>('SELECT redirect_password_hash AS h FROM links WHERE id = ?', link.id);
    expect(stored.h).toMatch(/^scrypt\$/);
    expect(stored.h).not.toContain('let-me-in');
    const listed = await get(t, t.userKey, '/api/v1/links?per_page=100');
    expect(listed.body).not.toContain('scrypt');
  });

  it('checks the period against the stored value', async () => {
    const link = await createLink(t, t.userKey, { url: 'https://e.com', active_period_start_at: '2030-06-01T00:00:00' });
    expect422(await put(link.id, { active_period_end_at: '2030-05-01T00:00:00' }), 'active_period_end_at');
    expect((await put(link.id, { active_period_end_at: '2030-07-01T00:00:00' })).statusCode).toBe(200);
  });

  it('accepts an empty body and answers the unchanged link', async () => {
    const link = await createLink(t, t.userKey, { url: 'https://e.com', title: 'same' });
    const res = await t.as(t.userKey, { method: 'PUT', url: `/api/v1/links/${link.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.title).toBe('same');
  });
});
