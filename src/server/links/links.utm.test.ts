// UTM fields on links: stored in the destination URL's query, read back from it; set, changed and removed on
// create, update, bulk create and import alike; a too long result is a 422 on url.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { createLink, expect422, json, post } from '../test-utils/api';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const patch = (id: number, body: unknown) => t.as(t.userKey, { method: 'PUT', url: `/api/v1/links/${id}`, ...json(body) });

describe('UTM fields', () => {
  it('go into the url on create (form body), and come back as fields', async () => {
    const link = await createLink(t, t.userKey, {
      url: 'https://shop.example/sale?ref=1#top',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'Spring sale',
    });
    expect(link.url).toBe('https://shop.example/sale?ref=1&utm_source=newsletter&utm_medium=email&utm_campaign=Spring+sale#top');
    expect(link).toMatchObject({ utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'Spring sale', utm_term: null, utm_content: null });
  });

  it('are read from a url typed with them', async () => {
    const link = await createLink(t, t.userKey, { url: 'https://e.example/?utm_source=x&utm_term=shoes' });
    expect(link).toMatchObject({ utm_source: 'x', utm_term: 'shoes', utm_medium: null });
  });

  it('change or leave the stored url on update without a url; an empty value removes one', async () => {
    const link = await createLink(t, t.userKey, { url: 'https://e.example/p?a=1&utm_source=old&utm_medium=cpc' });
    let res = await patch(link.id, { utm_source: 'new', utm_content: 'hero' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.url).toBe('https://e.example/p?a=1&utm_source=new&utm_medium=cpc&utm_content=hero');
    res = await patch(link.id, { utm_medium: '' });
    expect(res.json().data.url).toBe('https://e.example/p?a=1&utm_source=new&utm_content=hero');
    res = await patch(link.id, { title: 'Only the title' });
    expect(res.json().data.url).toBe('https://e.example/p?a=1&utm_source=new&utm_content=hero');
    // With a new url, the fields apply to it.
    res = await patch(link.id, { url: 'https://other.example/', utm_campaign: 'c' });
    expect(res.json().data.url).toBe('https://other.example/?utm_campaign=c');
    expect(res.json().data.utm_source).toBeNull();
  });

  it('422 on url when the result is too long, and on a too long value; nothing stored', async () => {
    const long = `https://e.example/${'a'.repeat(2000)}`;
    expect422(await post(t, t.userKey, '/api/v1/links', { url: long, utm_source: 'x'.repeat(200) }), 'url');
    expect422(await post(t, t.userKey, '/api/v1/links', { url: 'https://e.example/', utm_campaign: 'x'.repeat(256) }), 'utm_campaign');
    const link = await createLink(t, t.userKey, { url: long });
    expect422(await patch(link.id, { utm_source: 'x'.repeat(200) }), 'url');
    expect((await t.as(t.userKey, { method: 'GET', url: `/api/v1/links/${link.id}` })).json().data.url).toBe(long);
  });

  it('apply to every row of a bulk create', async () => {
    const res = await t.as(t.userKey, {
      method: 'POST',
      url: '/api/v1/links/bulk',
      ...json({ links: [{ url: 'https://b.example/1', utm_source: 'bulk' }, { url: 'https://b.example/2?utm_source=kept' }] }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.map((l: { url: string }) => l.url)).toEqual(['https://b.example/1?utm_source=bulk', 'https://b.example/2?utm_source=kept']);
  });
});
