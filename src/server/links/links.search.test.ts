// Link search (title/alias/url, short and long terms, case-insensitive) and the page envelope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { createLink, expect422, get, ids } from '../test-utils/api';

let t: TestApp;
const L: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  const mk = async (name: string, title: string, url: string) => {
    L[name] = (await createLink(t, t.userKey, { alias: name, title, url })).id;
  };
  await mk('Summer-Sale', 'Big SUMMER sale', 'https://shop.example.com/summer?utm=x');
  await mk('winter_2026', 'Winter catalogue', 'https://catalog.example.org/w');
  await mk('x1', 'Café crème', 'https://example.net/100%_off');
  await mk('Q', 'quiz', 'https://q.example.com/a_b');
  await createLink(t, t.adminKey, { alias: 'summer-admin', title: 'summer admin', url: 'https://shop.example.com/summer' });
});
afterAll(async () => t.close());

const found = async (q: string) => new Set(ids(await get(t, t.userKey, `/api/v1/links?per_page=100&${q}`)));
const idsOf = (...names: string[]) => new Set(names.map((n) => L[n]));

describe('search', () => {
  it('searches title by default, case-insensitively, as a substring', async () => {
    expect(await found('search=summer')).toEqual(idsOf('Summer-Sale'));
    expect(await found('search=SUMMER&search_by=title')).toEqual(idsOf('Summer-Sale'));
    expect(await found('search=ummer sa')).toEqual(idsOf('Summer-Sale'));
    expect(await found('search=catal')).toEqual(idsOf('winter_2026'));
  });

  it('searches alias and url', async () => {
    expect(await found('search_by=alias&search=sale')).toEqual(idsOf('Summer-Sale'));
    expect(await found('search_by=alias&search=R_20')).toEqual(idsOf('winter_2026'));
    expect(await found('search_by=url&search=EXAMPLE.COM')).toEqual(idsOf('Summer-Sale', 'Q'));
    expect(await found('search_by=url&search=utm=x')).toEqual(idsOf('Summer-Sale'));
    expect(await found('search_by=title&search=shop')).toEqual(new Set());
  });

  it('handles 1 and 2 character terms, and LIKE wildcards literally', async () => {
    expect(await found('search_by=alias&search=q')).toEqual(idsOf('Q'));
    expect(await found('search_by=alias&search=X1')).toEqual(idsOf('x1'));
    expect(await found('search_by=title&search=é')).toEqual(idsOf('x1'));
    expect(await found('search_by=url&search=%25')).toEqual(idsOf('x1'));
    expect(await found('search_by=url&search=%25_')).toEqual(idsOf('x1'));
    expect(await found('search_by=url&search=a_')).toEqual(idsOf('Q'));
    expect(await found('search_by=alias&search=_')).toEqual(idsOf('winter_2026'));
    expect(await found('search_by=title&search=crème')).toEqual(idsOf('x1'));
    expect(await found('search_by=title&search="')).toEqual(new Set());
    expect(await found('search_by=title&search="quiz"')).toEqual(new Set());
    expect(await found('search_by=title&search=qu"iz OR x')).toEqual(new Set());
  });

  it('totals match the hits and an empty search lists everything', async () => {
    const res = await get(t, t.userKey, '/api/v1/links?search=e&search_by=title');
    expect(res.json().meta.total).toBe(res.json().data.length);
    expect((await get(t, t.userKey, '/api/v1/links?search=')).json().meta.total).toBe(4);
  });

  it('follows edits of the searched fields', async () => {
    expect(await found('search=renamed-now')).toEqual(new Set());
    await t.as(t.userKey, { method: 'PATCH', url: `/api/v1/links/${L.Q}`, payload: { title: 'Renamed-Now' } });
    expect(await found('search=renamed-now')).toEqual(idsOf('Q'));
    expect((await get(t, t.userKey, '/api/v1/links?search=renamed-now')).json().meta.total).toBe(1);
    await t.as(t.userKey, { method: 'DELETE', url: `/api/v1/links/${L.Q}` });
    expect((await get(t, t.userKey, '/api/v1/links?search=renamed-now')).json().meta.total).toBe(0);
  });
});

describe('pagination', () => {
  let tp: TestApp;
  beforeAll(async () => {
    tp = await createTestApp();
    for (let i = 1; i <= 27; i++) await createLink(tp, tp.userKey, { url: `https://e.com/${i}`, title: `Page item ${i}` });
  });
  afterAll(async () => tp.close());

  it('answers the contract envelope; page links keep the query', async () => {
    const res = await get(tp, tp.userKey, '/api/v1/links?search=item&per_page=10&page=2&sort=asc');
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'links', 'meta', 'status']);
    expect(body.status).toBe(200);
    expect(body.data).toHaveLength(10);
    expect(body.meta).toEqual({ current_page: 2, from: 11, last_page: 3, path: 'http://localhost:80/api/v1/links', per_page: 10, to: 20, total: 27 });
    for (const [name, page] of [['first', 1], ['last', 3], ['prev', 1], ['next', 3]] as const) {
      const u = new URL(body.links[name]);
      expect(u.pathname).toBe('/api/v1/links');
      expect(Object.fromEntries(u.searchParams)).toEqual({ search: 'item', per_page: '10', page: String(page), sort: 'asc' });
    }
    const next = await get(tp, tp.userKey, new URL(body.links.next).pathname + new URL(body.links.next).search);
    expect(next.json().meta).toMatchObject({ current_page: 3, from: 21, to: 27 });
    expect(next.json().links.next).toBeNull();
  });

  it('first page has no prev; per_page 25, 50, 100 work; a page past the end is empty', async () => {
    const first = (await get(tp, tp.userKey, '/api/v1/links')).json();
    expect(first.links.prev).toBeNull();
    expect(first.meta).toMatchObject({ current_page: 1, from: 1, to: 10, per_page: 10 });
    for (const perPage of [25, 50, 100]) {
      const r = (await get(tp, tp.userKey, `/api/v1/links?per_page=${perPage}`)).json();
      expect(r.data).toHaveLength(Math.min(perPage, 27));
      expect(r.meta.last_page).toBe(Math.ceil(27 / perPage));
    }
    const empty = (await get(tp, tp.userKey, '/api/v1/links?page=9')).json();
    expect(empty.data).toEqual([]);
    expect(empty.meta).toMatchObject({ from: null, to: null, total: 27, current_page: 9 });
    const none = (await get(tp, tp.userKey, '/api/v1/links?search=zzzz')).json();
    expect(none.meta).toMatchObject({ from: null, to: null, total: 0, last_page: 1 });
    expect(none.links.next).toBeNull();
  });

  it('pages do not overlap and cover every link once', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) seen.push(...ids(await get(tp, tp.userKey, `/api/v1/links?page=${page}&sort_by=title&sort=asc`)));
    expect(new Set(seen).size).toBe(27);
    expect422(await get(tp, tp.userKey, '/api/v1/links?page=1.5'), 'page');
  });
});

describe('search input', () => {
  it('names the length limit of a too long search, and treats FTS syntax as plain text', async () => {
    const long = expect422(await get(t, t.userKey, `/api/v1/links?search=${'a'.repeat(256)}`), 'search');
    expect(long.search).toEqual(['The search field must not be longer than 255 characters.']);
    expect(await found('search=%22*NEAR(a%20b)')).toEqual(new Set());
    expect(await found('search_by=url&search=100%25_off')).toEqual(idsOf('x1'));
  });
});
