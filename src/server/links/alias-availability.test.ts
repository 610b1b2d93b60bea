// GET /api/v1/links/alias-availability: taken or free on a domain, by the rules a create runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { create, createLink, expect401, expect422, get } from '../test-utils/api';

let t: TestApp;
let domainId: number;
let otherDomainId: number;
let linkId: number;
beforeAll(async () => {
  t = await createTestApp();
  domainId = (await create(t, t.userKey, 'domains', { name: 'go.example.org' })).id;
  otherDomainId = (await create(t, t.adminKey, 'domains', { name: 'admin.example.org' })).id;
  linkId = (await createLink(t, t.userKey, { url: 'https://e.com/1', alias: 'spring' })).id;
  await createLink(t, t.userKey, { url: 'https://e.com/2', alias: 'autumn', domain_id: domainId });
  // Another account's alias counts too: aliases are unique per domain, whoever holds them.
  await createLink(t, t.adminKey, { url: 'https://e.com/3', alias: 'winter' });
});
afterAll(async () => t.close());

const check = async (query: string, key = t.userKey) => get(t, key, `/api/v1/links/alias-availability?${query}`);
const answer = async (query: string) => {
  const res = await check(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { alias: string; domain_id: number | null; available: boolean; reason: string | null; message: string | null };
};

describe('GET /api/v1/links/alias-availability', () => {
  it('says free or taken on the chosen domain (the default one without domain_id)', async () => {
    expect(await answer('alias=summer')).toEqual({ alias: 'summer', domain_id: null, available: true, reason: null, message: null });
    expect(await answer('alias=spring')).toEqual({ alias: 'spring', domain_id: null, available: false, reason: 'taken', message: 'has already been taken.' });
    expect(await answer('alias=winter')).toMatchObject({ available: false, reason: 'taken' });
    expect(await answer(`alias=spring&domain_id=${domainId}`)).toMatchObject({ domain_id: domainId, available: true });
    expect(await answer(`alias=autumn&domain_id=${domainId}`)).toMatchObject({ available: false, reason: 'taken' });
    expect(await answer('alias=autumn')).toMatchObject({ available: true });
    expect(await answer('alias=%20summer%20')).toMatchObject({ alias: 'summer', available: true });
  });

  it('refuses what a create refuses: reserved words and a bad format, with the create’s own message', async () => {
    expect(await answer('alias=Dashboard')).toEqual({ alias: 'Dashboard', domain_id: null, available: false, reason: 'reserved', message: 'is reserved by Linkdeck; choose another alias.' });
    expect(await answer('alias=no%20spaces')).toMatchObject({ available: false, reason: 'invalid', message: 'may only contain letters, digits, dashes and underscores.' });
    expect(await answer(`alias=${'a'.repeat(300)}`)).toMatchObject({ available: false, reason: 'invalid', message: 'must not be longer than 255 characters.' });
    // The same aliases are what POST /links refuses.
    const res = await t.as(t.userKey, { method: 'POST', url: '/api/v1/links', payload: { url: 'https://e.com/x', alias: 'Dashboard' } });
    expect(expect422(res, 'alias').alias?.[0]).toBe('The alias field is reserved by Linkdeck; choose another alias.');
  });

  it('keeps an edited link’s own alias free for it, on its own domain', async () => {
    expect(await answer(`alias=spring&link_id=${linkId}`)).toMatchObject({ domain_id: null, available: true, reason: null });
    expect(await answer(`alias=winter&link_id=${linkId}`)).toMatchObject({ available: false, reason: 'taken' });
    expect(await answer(`alias=fresh&link_id=${linkId}`)).toMatchObject({ available: true });
  });

  it('answers 422 naming the field for a bad query', async () => {
    expect422(await check(''), 'alias');
    expect422(await check('alias='), 'alias');
    expect422(await check('alias=x&domain_id=abc'), 'domain_id');
    expect422(await check('alias=x&domain_id=0'), 'domain_id');
    expect(expect422(await check(`alias=x&domain_id=${otherDomainId}`), 'domain_id').domain_id).toEqual(['The domain_id field must be one of your domains.']);
    expect422(await check('alias=x&link_id=999999'), 'link_id');
    expect422(await check(`alias=x&link_id=${linkId}`, t.adminKey), 'link_id');
    expect422(await check(`alias=x&link_id=${linkId}&domain_id=${domainId}`), 'domain_id');
  });

  it('needs a key', async () => {
    expect401(await t.app.inject({ method: 'GET', url: '/api/v1/links/alias-availability?alias=x' }));
  });
});
