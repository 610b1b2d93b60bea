// One search over every field (search_by=all: alias, destination, title, tag names, the domain's name),
// field prefixes in the search text (tag:, url:, alias:, title:, domain:), and "Created" sorted by created_at.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { create, createLink, get, ids } from '../test-utils/api';
import { searchTerms, searchText } from '../../shared/search-terms';

let t: TestApp;
const L: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  const shop = await create(t, t.userKey, 'domains', { name: 'shop-links.example' });
  const mk = async (alias: string, fields: Record<string, unknown>) => {
    L[alias] = (await createLink(t, t.userKey, { alias, ...fields })).id;
  };
  await mk('spring-hero', { url: 'https://shop.example.com/spring', title: 'Hero banner', tags: ['campaign'] });
  await mk('plain', { url: 'https://docs.example.org/guide', title: 'Guide' });
  await mk('tagged', { url: 'https://docs.example.org/other', title: 'Other', tags: ['Spring 2031'] });
  await mk('on-domain', { url: 'https://docs.example.org/x', title: 'Domain link', domain_id: shop.id });
  await mk('ab', { url: 'https://ab.example.net/', title: 'Two letters' });
  await createLink(t, t.adminKey, { alias: 'spring-admin', url: 'https://shop.example.com/spring', title: 'spring' });
});
afterAll(async () => t.close());

const found = async (q: string) => new Set(ids(await get(t, t.userKey, `/api/v1/links?per_page=100&${q}`)));
const idsOf = (...names: string[]) => new Set(names.map((n) => L[n]));
const enc = encodeURIComponent;

describe('search_by=all and field prefixes', () => {
  it('matches alias, destination, title, tag names and the domain, with exact totals', async () => {
    expect(await found('search_by=all&search=spring')).toEqual(idsOf('spring-hero', 'tagged'));
    expect(await found('search_by=all&search=hero')).toEqual(idsOf('spring-hero'));
    expect(await found('search_by=all&search=docs.example')).toEqual(idsOf('plain', 'tagged', 'on-domain'));
    expect(await found('search_by=all&search=shop-links')).toEqual(idsOf('on-domain'));
    expect(await found('search_by=all&search=ab')).toEqual(idsOf('ab'));
    expect(await found('search_by=all&search=campaign')).toEqual(idsOf('spring-hero'));
    const res = await get(t, t.userKey, '/api/v1/links?search_by=all&search=spring&status=1');
    expect(res.json().meta.total).toBe(2);
  });

  it('reads prefixes into terms that must all hold; text without a prefix searches search_by', async () => {
    expect(await found(`search_by=all&search=${enc('tag:campaign')}`)).toEqual(idsOf('spring-hero'));
    expect(await found(`search_by=all&search=${enc('tag:"Spring 2031"')}`)).toEqual(idsOf('tagged'));
    expect(await found(`search_by=all&search=${enc('tag:spring')}`)).toEqual(new Set());
    expect(await found(`search=${enc('url:docs.example title:guide')}`)).toEqual(idsOf('plain'));
    expect(await found(`search_by=all&search=${enc('docs url:other')}`)).toEqual(idsOf('tagged'));
    expect(await found(`search=${enc('domain:shop-links')}`)).toEqual(idsOf('on-domain'));
    expect(await found(`search=${enc('alias:o url:/x')}`)).toEqual(idsOf('on-domain'));
    // An unknown prefix is plain text (a URL's scheme is no prefix).
    expect(await found(`search_by=url&search=${enc('https://shop.example.com')}`)).toEqual(idsOf('spring-hero'));
  });

  it('finds the same links whatever the order (sorted by another column, a search is checked link by link)', async () => {
    for (const q of ['search_by=all&search=docs.example', 'search=guide', 'search_by=all&search=spring', `search=${enc('tag:campaign')}`]) {
      const byId = await found(q);
      for (const sort of ['clicks', 'title', 'alias', 'url', 'created_at']) expect(await found(`${q}&sort_by=${sort}`), `${q} ${sort}`).toEqual(byId);
    }
  });

  it('parses and writes back the terms (the dashboard shows them as chips)', () => {
    expect(searchTerms('tag:spring url:shop.example sale', 'all')).toEqual([
      { by: 'all', text: 'sale' }, { by: 'tag', text: 'spring' }, { by: 'url', text: 'shop.example' },
    ]);
    expect(searchTerms('  two  spaces ', 'title')).toEqual([{ by: 'title', text: '  two  spaces ' }]);
    expect(searchTerms('https://x.example', 'url')).toEqual([{ by: 'url', text: 'https://x.example' }]);
    expect(searchText(searchTerms('title:"spring sale" x', 'all'), 'all')).toBe('x title:"spring sale"');
  });
});

describe('sort_by=created_at', () => {
  it('orders by the creation time (an imported link keeps its own), the id breaking ties', async () => {
    await t.query('UPDATE links SET created_at = ? WHERE id = ?', '2020-01-01T00:00:00.000Z', L.ab);
    await t.query('UPDATE links SET created_at = ? WHERE id IN (?, ?)', '2030-01-01T00:00:00.000Z', L.plain, L.tagged);
    const order = async (sort: string) => ids(await get(t, t.userKey, `/api/v1/links?sort_by=created_at&sort=${sort}&per_page=100`));
    const desc = await order('desc');
    expect(desc.slice(0, 2)).toEqual([L.tagged, L.plain]);
    expect(desc.at(-1)).toBe(L.ab);
    expect(await order('asc')).toEqual([...desc].reverse());
  });
});
