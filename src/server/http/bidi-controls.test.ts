// Bidirectional control characters are refused, with a 422 naming the field, in the names and
// titles an account types; other non-ASCII text is kept as typed. One refinement (shared/fields.ts) does it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { create, expect422, json } from '../test-utils/api';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const CONTROLS = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c'];
const send = (method: 'POST' | 'PATCH', url: string, body: Record<string, unknown>, key = t.userKey) => t.as(key, { method, url, ...json(body) });

describe('bidirectional control characters', () => {
  it('are refused in every one of the listed code points (a link title)', async () => {
    for (const c of CONTROLS) {
      const errors = expect422(await send('POST', '/api/v1/links', { url: 'https://example.com/', title: `invoice${c}fdp.exe` }), 'title');
      expect(errors.title?.[0]).toMatch(/^The title field must not contain bidirectional control characters/);
    }
  });

  it('are refused with the field named, on create and on update, across resources', async () => {
    const rlo = 'gnp.\u202eexe';
    const cases: [string, Record<string, unknown>, string][] = [
      ['/api/v1/links', { url: 'https://example.com/', og_title: rlo }, 'og_title'],
      ['/api/v1/links', { url: 'https://example.com/', og_description: rlo }, 'og_description'],
      ['/api/v1/links', { url: 'https://example.com/', utm_campaign: rlo }, 'utm_campaign'],
      ['/api/v1/links', { url: 'https://example.com/', tags: ['ok', rlo] }, 'tags.1'],
      ['/api/v1/domains', { name: 'go\u202e.example.com' }, 'name'],
      ['/api/v1/spaces', { name: rlo }, 'name'],
      ['/api/v1/pixels', { name: rlo, type: 'facebook', value: '123' }, 'name'],
      ['/api/v1/tags', { name: rlo }, 'name'],
      ['/api/v1/utm-templates', { name: rlo, utm_source: 'news' }, 'name'],
    ];
    for (const [url, body, field] of cases) expect422(await send('POST', url, body), field);
    expect422(await send('POST', '/api/v1/users', { name: `Ada\u2067Admin` }, t.adminKey), 'name');
    const space = await create(t, t.userKey, 'spaces', { name: 'Plain' });
    expect422(await send('PATCH', `/api/v1/spaces/${space.id}`, { name: rlo }), 'name');
    const link = await create(t, t.userKey, 'links', { url: 'https://example.com/' });
    expect422(await t.as(t.userKey, { method: 'PUT', url: `/api/v1/links/${link.id}`, ...json({ title: rlo }) }), 'title');
    expect(await t.query("SELECT title FROM links WHERE id = ?", link.id)).toEqual([{ title: null }]);
  });

  it('NUL is refused too (PostgreSQL cannot store it: a PUT of a title "\\u0000" was a 500 there), on create and update', async () => {
    const link = await create(t, t.userKey, 'links', { url: 'https://example.com/' });
    const errors = expect422(await t.as(t.userKey, { method: 'PUT', url: `/api/v1/links/${link.id}`, ...json({ title: '\u0000' }) }), 'title');
    expect(errors.title?.[0]).toBe('The title field must not contain the NUL character (U+0000).');
    expect422(await send('POST', '/api/v1/links', { url: 'https://example.com/', og_description: 'a\u0000b' }), 'og_description');
    expect422(await send('POST', '/api/v1/spaces', { name: 'a\u0000' }), 'name');
    expect422(await send('POST', '/api/v1/tags', { name: '\u0000x' }), 'name');
  });

  it('leave other non-ASCII text as it was typed (accents, CJK, Arabic letters)', async () => {
    const texts = ['Café déjà vu', '日本の春', 'مرحبا بالعالم', 'שלום'];
    for (const text of texts) {
      const link = await create<{ title: string; og_title: string }>(t, t.userKey, 'links', { url: 'https://example.com/', title: text, og_title: text });
      expect(link).toMatchObject({ title: text, og_title: text });
      const space = await create<{ name: string }>(t, t.userKey, 'spaces', { name: text });
      expect(space.name).toBe(text);
      const tag = await create<{ name: string }>(t, t.userKey, 'tags', { name: text });
      expect(tag.name).toBe(text);
    }
  });
});
