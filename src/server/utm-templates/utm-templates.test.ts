// UTM templates: CRUD in the contract's style, a name taken twice is a 422, a template needs a parameter,
// and another account's template is a 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { create, expect404, expect422, get, json, post } from '../test-utils/api';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('UTM templates', () => {
  it('creates, lists by name, updates and deletes', async () => {
    const a = await create(t, t.userKey, 'utm-templates', { name: 'Newsletter', utm_source: 'newsletter', utm_medium: 'email' });
    expect(a).toMatchObject({ name: 'Newsletter', utm_source: 'newsletter', utm_medium: 'email', utm_campaign: null, utm_term: null, utm_content: null });
    await create(t, t.userKey, 'utm-templates', { name: 'Ads', utm_source: 'google', utm_medium: 'cpc' });
    const list = (await get(t, t.userKey, '/api/v1/utm-templates?sort_by=name&sort=asc')).json();
    expect(list.data.map((x: { name: string }) => x.name)).toEqual(['Ads', 'Newsletter']);
    expect(list.meta.total).toBe(2);
    expect((await get(t, t.userKey, '/api/v1/utm-templates?search=news')).json().meta.total).toBe(1);

    const res = await t.as(t.userKey, { method: 'PATCH', url: `/api/v1/utm-templates/${a.id}`, ...json({ utm_campaign: 'spring', utm_medium: '' }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Newsletter', utm_source: 'newsletter', utm_medium: null, utm_campaign: 'spring' });
    const del = await t.as(t.userKey, { method: 'DELETE', url: `/api/v1/utm-templates/${a.id}` });
    expect(del.json()).toEqual({ id: a.id, object: 'utm_template', deleted: true, status: 200 });
    expect404(await get(t, t.userKey, `/api/v1/utm-templates/${a.id}`));
  });

  it('422 naming the field: a taken name, no parameter, too long values', async () => {
    await create(t, t.userKey, 'utm-templates', { name: 'Taken', utm_source: 'x' });
    expect422(await post(t, t.userKey, '/api/v1/utm-templates', { name: 'Taken', utm_source: 'y' }), 'name');
    expect422(await post(t, t.userKey, '/api/v1/utm-templates', { name: 'Empty' }), 'utm_source');
    expect422(await post(t, t.userKey, '/api/v1/utm-templates', { name: 'Long', utm_term: 'x'.repeat(256) }), 'utm_term');
    expect422(await post(t, t.userKey, '/api/v1/utm-templates', { name: '', utm_term: 'x' }), 'name');
  });

  it("another account's template is a 404 and stays as it was", async () => {
    const theirs = await create(t, t.adminKey, 'utm-templates', { name: 'Theirs', utm_source: 'theirs' });
    expect404(await get(t, t.userKey, `/api/v1/utm-templates/${theirs.id}`));
    expect404(await t.as(t.userKey, { method: 'PATCH', url: `/api/v1/utm-templates/${theirs.id}`, ...json({ name: 'Mine' }) }));
    expect404(await t.as(t.userKey, { method: 'DELETE', url: `/api/v1/utm-templates/${theirs.id}` }));
    expect((await get(t, t.adminKey, `/api/v1/utm-templates/${theirs.id}`)).json().data.name).toBe('Theirs');
  });
});
