// The PostgreSQL link list answers every list query with the same rows, in the same order, and the same
// totals as the SQLite one, on the same data. Runs when TEST_DATABASE_URL is set (see db/postgres).
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/schema';
import { openBoth, TEST_DATABASE_URL, type BothDatabases } from '../test-utils/both-databases';
import { linkListQuerySchema, type LinkListSearch } from '../../shared/link-list.schema';
import { LinkListRepo, sqliteListStore } from './link-list.repo';
import { PgLinkListRepo, pgListStore } from './pg-link-list.repo';

const NOW = '2026-11-22T12:00:00.000Z';
const TITLES = [null, 'Spring Launch', 'spring sale', 'Ärger über Öl', 'a_b%c', 'Zebra', 'apple', 'Apple pie', 'launch-day', '10% off'];

/** The same rows for both databases: 2 accounts, domains, spaces, pixels and 80 varied links. */
async function seed(db: Kysely<Database>): Promise<void> {
  const at = '2026-01-01T00:00:00.000Z';
  await db.insertInto('users').values([1, 2].map((id) => ({ id, name: `u${id}`, role: 'user', api_key_hash: `k${id}`, created_at: at, updated_at: at }))).execute();
  await db.insertInto('domains').values([1, 2].map((id) => ({ id, user_id: 1, name: `d${id}.example`, created_at: at, updated_at: at }))).execute();
  await db.insertInto('spaces').values([1, 2].map((id) => ({ id, user_id: 1, name: `s${id}`, color: 1, created_at: at, updated_at: at }))).execute();
  await db.insertInto('pixels').values([{ id: 1, user_id: 1, name: 'p', type: 'x', value: 'v', created_at: at, updated_at: at }]).execute();
  const links = Array.from({ length: 80 }, (_, i) => ({
    id: i + 1,
    user_id: i % 9 === 8 ? 2 : 1,
    domain_id: i % 3 === 0 ? null : (i % 3),
    space_id: i % 4 === 0 ? null : (i % 2) + 1,
    alias: `${i % 5 === 0 ? 'Go-' : 'go_'}${(i * 7) % 23}x${i}`,
    url: `https://${i % 2 ? 'shop' : 'Blog'}.example/item/${(i * 13) % 40}`,
    title: TITLES[i % TITLES.length] ?? null,
    targets: '[]',
    sensitive_content: 0,
    privacy: 0,
    disabled: i % 7 === 0 ? 1 : 0,
    clicks: (i * 37) % 11,
    clicks_limit: i % 6 === 0 ? 5 : null,
    active_period_end_at: i % 10 === 3 ? '2026-06-01T00:00:00.000Z' : i % 10 === 4 ? '2027-06-01T00:00:00.000Z' : null,
    created_at: at,
    updated_at: at,
  }));
  await db.insertInto('links').values(links).execute();
  await db.insertInto('link_pixels').values(links.filter((l) => l.id % 5 === 1).map((l) => ({ link_id: l.id, pixel_id: 1 }))).execute();
  // Tags: red on a third of the links, blue on a quarter, green on two; "other" is the second account's.
  const tags = ['red', 'blue', 'green', 'other'].map((name, i) => ({ id: i + 1, user_id: i === 3 ? 2 : 1, name, name_key: name, color: 1, created_at: at, updated_at: at }));
  await db.insertInto('tags').values(tags).execute();
  const tagged = links.flatMap((l) => [
    ...(l.id % 3 === 0 ? [{ link_id: l.id, tag_id: 1 }] : []),
    ...(l.id % 4 === 1 ? [{ link_id: l.id, tag_id: 2 }] : []),
    ...([5, 17].includes(l.id) ? [{ link_id: l.id, tag_id: 3 }] : []),
  ]);
  await db.insertInto('link_tags').values(tagged).execute();
}

/** Tag filters: any, all, unknown names, with other filters, a status and title pages. */
const TAG_QUERIES: LinkListSearch[] = [
  { tag: 'red', per_page: 100 },
  { tag: 'red,blue', per_page: 100 },
  { tag: 'red,blue', tag_mode: 'all', per_page: 100 },
  { tag: 'red,blue,green', tag_mode: 'all' },
  { tag: 'red,nope', tag_mode: 'all' },
  { tag: 'red,nope' },
  { tag: 'nope' },
  { tag: 'other' },
  { tag: 'GREEN', sort_by: 'title', sort: 'asc' },
  // 16 titled and 2 untitled red links: page 2 ends in the untitled ones, page 3 is past the end.
  { tag: 'red', sort_by: 'title', sort: 'asc', per_page: 10, page: 2 },
  { tag: 'red', sort_by: 'title', sort: 'asc', per_page: 10, page: 3 },
  { tag: 'red', status: 1, per_page: 100 },
  { tag: 'red', status: 2, per_page: 100 },
  { tag: 'red,blue', tag_mode: 'all', status: 3 },
  { tag: 'blue', search: 'spring', per_page: 100 },
  { tag: 'red', space_id: 1, sort_by: 'clicks', sort: 'asc', per_page: 100 },
];

const QUERIES: LinkListSearch[] = [
  {},
  { per_page: 10, page: 2 },
  { per_page: 10, page: 9 },
  ...(['id', 'clicks', 'title', 'alias', 'url'] as const).flatMap((sort_by) => (['asc', 'desc'] as const).map((sort) => ({ sort_by, sort, per_page: 100 }))),
  ...([0, 1, 2, 3] as const).map((status) => ({ status, per_page: 100 })),
  // Title ascending, page by page across the untitled links at the end (PostgreSQL reads them in two parts).
  ...[6, 7, 8].flatMap((page) => [{ sort_by: 'title', sort: 'asc', per_page: 10, page }, { sort_by: 'title', sort: 'desc', per_page: 10, page }] as const),
  { sort_by: 'title', sort: 'asc', space_id: 0, status: 1, per_page: 10, page: 2 },
  { sort_by: 'title', sort: 'asc', search: 'go', search_by: 'alias', per_page: 10, page: 3 },
  { sort_by: 'title', sort: 'asc', search: 'Go-', search_by: 'alias', per_page: 10, page: 2 },
  { search: 'spring' },
  { search: 'SPRING', sort_by: 'title', sort: 'asc' },
  { search: 'Öl' },
  { search: 'ÄRGER' },
  { search: '_b%' },
  { search: '%' },
  { search: 'go-', search_by: 'alias', per_page: 100 },
  { search: 'x1', search_by: 'alias', per_page: 100 },
  { search: 'shop', search_by: 'url', status: 1, sort_by: 'clicks' },
  { space_id: 0 },
  { space_id: 2, sort_by: 'alias', sort: 'asc' },
  { domain_id: 0, status: 2 },
  { domain_id: 1, search: 'launch' },
  { pixel_id: 1, per_page: 100 },
  { pixel_id: 1, status: 3 },
  ...TAG_QUERIES,
];

/** The tuning knob of the tag filter set so that a page always probes each link's tags (0), or collects them first. */
const READS = { probe: 0, collect: Number.POSITIVE_INFINITY } as const;

describe.skipIf(!TEST_DATABASE_URL)('link list on PostgreSQL', () => {
  let both: BothDatabases;
  beforeAll(async () => {
    // A language-aware default collation (as on most servers), so that the list's own sort order shows.
    both = await openBoth(seed, "TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'");
  });
  afterAll(async () => {
    await both?.close();
  });
  it.each(QUERIES.map((q) => [JSON.stringify(q), q] as const))('%s: same ids, order and total', async (_, raw) => {
    const q = linkListQuerySchema.parse(raw);
    const expected = new LinkListRepo(both.lite.sqlite).list(1, q, NOW);
    const got = await new PgLinkListRepo(both.pg.kysely).list(1, q, NOW);
    expect(got.rows.map((r) => r.id)).toEqual(expected.rows.map((r) => r.id));
    expect(got.total).toBe(expected.total);
  });

  it.each(TAG_QUERIES.map((q) => [JSON.stringify(q), q] as const))('%s: the same page whether the tags are probed or collected', async (_, raw) => {
    const q = linkListQuerySchema.parse(raw);
    const expected = new LinkListRepo(both.lite.sqlite).list(1, q, NOW);
    for (const [read, share] of Object.entries(READS)) {
      const probeShare = { any: share, all: share };
      const lite = new LinkListRepo(both.lite.sqlite, { ...sqliteListStore, probeShare }).list(1, q, NOW);
      const pg = await new PgLinkListRepo(both.pg.kysely, { ...pgListStore, probeShare }).list(1, q, NOW);
      for (const [name, got] of [['sqlite', lite], ['postgres', pg]] as const) {
        expect(got.rows.map((r) => r.id), `${name}, ${read}`).toEqual(expected.rows.map((r) => r.id));
        expect(got.total, `${name}, ${read}`).toBe(expected.total);
      }
    }
  });

  it('known difference: a 1-2 character search folds case only for ASCII letters on SQLite (its LIKE)', async () => {
    const q = linkListQuerySchema.parse({ search: 'öl' });
    expect(new LinkListRepo(both.lite.sqlite).list(1, q, NOW).total).toBe(0);
    expect((await new PgLinkListRepo(both.pg.kysely).list(1, q, NOW)).total).toBe(7);
  });

  it('title sorts put untitled links last in both directions', async () => {
    for (const sort of ['asc', 'desc'] as const) {
      const { rows } = await new PgLinkListRepo(both.pg.kysely).list(1, linkListQuerySchema.parse({ sort_by: 'title', sort, per_page: 100 }), NOW);
      const firstUntitled = rows.findIndex((r) => r.title === null);
      expect(firstUntitled).toBeGreaterThan(0);
      expect(rows.slice(firstUntitled).every((r) => r.title === null)).toBe(true);
    }
  });

  it('the queries are not trivial: they return different, non-empty pages', async () => {
    const totals = new Set(QUERIES.map((raw) => new LinkListRepo(both.lite.sqlite).list(1, linkListQuerySchema.parse(raw), NOW).total));
    expect(totals.size).toBeGreaterThan(8);
    const tagTotals = TAG_QUERIES.map((raw) => new LinkListRepo(both.lite.sqlite).list(1, linkListQuerySchema.parse(raw), NOW).total);
    expect(new Set(tagTotals).size).toBeGreaterThan(6);
    expect(tagTotals.filter((n) => n === 0).length).toBe(4);
    expect(new LinkListRepo(both.lite.sqlite).list(2, linkListQuerySchema.parse({}), NOW).total).toBe(8);
  });
});
