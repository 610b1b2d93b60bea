// Cross-account isolation: another account's id answers exactly like an id that does not exist, on every route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, form, type TestApp } from '../test-utils/test-app';
import { create, createLink, expect404, get } from '../test-utils/api';

let t: TestApp;
const theirs: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  // The admin owns these; the plain user probes them (admins see only their own resources too).
  theirs.domains = (await create(t, t.adminKey, 'domains', { name: 'theirs.example.com' })).id;
  theirs.spaces = (await create(t, t.adminKey, 'spaces', { name: 'Theirs' })).id;
  theirs.pixels = (await create(t, t.adminKey, 'pixels', { name: 'Theirs', type: 'x', value: 'v' })).id;
  theirs.links = (await createLink(t, t.adminKey, { url: 'https://e.com', alias: 'theirs', domain_id: theirs.domains, space_id: theirs.spaces, 'pixel_ids[]': theirs.pixels })).id;
});
afterAll(async () => t.close());

const BODY: Record<string, Record<string, string>> = {
  domains: { homepage_url: 'https://hijack.example' },
  spaces: { name: 'Hijacked' },
  pixels: { name: 'Hijacked' },
  links: { title: 'Hijacked', url: 'https://hijack.example' },
};

describe('cross-account isolation', () => {
  for (const resource of ['domains', 'spaces', 'pixels', 'links']) {
    it(`${resource}: show, PUT, PATCH and DELETE of another account's id are 404, like a missing id`, async () => {
      const id = theirs[resource]!;
      for (const key of [t.userKey, t.adminKey]) {
        const target = key === t.userKey ? id : 999_999;
        expect404(await get(t, key, `/api/v1/${resource}/${target}`));
        expect404(await t.as(key, { method: 'PUT', url: `/api/v1/${resource}/${target}`, ...form(BODY[resource]!) }));
        expect404(await t.as(key, { method: 'PATCH', url: `/api/v1/${resource}/${target}`, ...form(BODY[resource]!) }));
        expect404(await t.as(key, { method: 'DELETE', url: `/api/v1/${resource}/${target}` }));
      }
      // Nothing changed for the owner.
      const own = await get(t, t.adminKey, `/api/v1/${resource}/${id}`);
      expect(own.statusCode).toBe(200);
      expect(own.body).not.toContain('Hijack');
    });

    it(`${resource}: lists show only the caller's own`, async () => {
      const res = await get(t, t.userKey, `/api/v1/${resource}?per_page=100`);
      expect(res.json().meta.total).toBe(0);
      expect(res.json().data).toEqual([]);
    });
  }

  it('stats of another account\'s link are 404', async () => {
    expect404(await get(t, t.userKey, `/api/v1/stats/${theirs.links}`));
    expect404(await get(t, t.userKey, `/api/v1/stats/${theirs.links}?name=country`));
  });

  it('list filters with another account\'s ids find nothing', async () => {
    const mine = await createLink(t, t.userKey, { url: 'https://e.com/mine' });
    for (const q of [`space_id=${theirs.spaces}`, `domain_id=${theirs.domains}`, `pixel_id=${theirs.pixels}`]) {
      const res = await get(t, t.userKey, `/api/v1/links?${q}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().meta.total).toBe(0);
    }
    expect((await get(t, t.userKey, '/api/v1/links')).json().data.map((l: { id: number }) => l.id)).toEqual([mine.id]);
  });

  it('links cannot be moved into another account\'s space or pixels', async () => {
    const mine = await createLink(t, t.userKey, { url: 'https://e.com/mine2' });
    const res = await t.as(t.userKey, { method: 'PUT', url: `/api/v1/links/${mine.id}`, ...form([['space_id', theirs.spaces!], ['pixel_ids[]', theirs.pixels!]]) });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['pixel_ids.0', 'space_id']);
    expect((await get(t, t.userKey, `/api/v1/links/${mine.id}`)).json().data).toMatchObject({ space: null, pixels: [] });
  });

  it('admins get no special access to other accounts\' links (only /users is admin-wide)', async () => {
    const mine = await createLink(t, t.userKey, { url: 'https://e.com/mine3' });
    expect404(await get(t, t.adminKey, `/api/v1/links/${mine.id}`));
  });
});
