// Every way the list policy reads a page (search index hits, a scan along the sort column, the gram index, tags
// first, collected) gives what a plain query gives: the same ids in the same order and the same total, for
// combinations of short and long terms, search_by, tags any and all, statuses, sorts and pages, on both
// databases. The tuning forces each way on small data (the real thresholds are for a million links).
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqliteDb } from '../db/database';
import type { Database } from '../db/schema';
import { likePattern } from '../db/sql-values';
import { seededDatabases, type SeededDatabases } from '../test-utils/seeded-databases';
import { linkListQuerySchema, type LinkListQuery, type LinkListSearch } from '../../shared/link-list.schema';
import { tagKey } from '../../shared/tag.schema';
import { and, or, raw, sql, type Sql } from './link-list-sql';
import { statusFilter } from './link-list-filters';
import type { ListTuning } from './link-list.policy';
import { LinkListRepo } from './link-list.repo';
import { PgLinkListRepo } from './pg-link-list.repo';

const NOW = '2026-11-22T12:00:00.000Z';
const AT = '2026-01-01T00:00:00.000Z';
const TITLES = [null, 'Spring Launch', 'launch-day', 'a_b%c', 'Zebra zq', 'apple', 'SPRINT', '10% off', 'quiet'];

async function seed(db: Kysely<Database>): Promise<void> {
  await db.insertInto('users').values([1, 2].map((id) => ({ id, name: `u${id}`, role: 'user', api_key_hash: `k${id}`, created_at: AT, updated_at: AT }))).execute();
  await db.insertInto('domains').values([{ id: 1, user_id: 1, name: 'go.zq.example', created_at: AT, updated_at: AT }]).execute();
  const links = Array.from({ length: 300 }, (_, i) => ({
    id: i + 1,
    user_id: i % 11 === 10 ? 2 : 1,
    domain_id: i % 5 === 0 ? 1 : null,
    alias: `${i % 3 === 0 ? 'Sp' : 'k'}${i}${i % 7 === 0 ? '%' : ''}`,
    url: `https://${i % 2 ? 'shop' : 'blog'}.example/${i % 13 === 0 ? 'launch' : 'p'}/${i}`,
    title: TITLES[(i * 7) % TITLES.length] ?? null,
    targets: '[]',
    sensitive_content: 0,
    privacy: 0,
    disabled: i % 9 === 0 ? 1 : 0,
    clicks: (i * 37) % 17,
    clicks_limit: i % 8 === 0 ? 5 : null,
    active_period_end_at: i % 10 === 3 ? '2026-06-01T00:00:00.000Z' : null,
    created_at: AT,
    updated_at: AT,
  }));
  await db.insertInto('links').values(links).execute();
  const tags = ['rare', 'common', 'mid', 'spring'].map((name, i) => ({ id: i + 1, user_id: 1, name, name_key: name, color: 1, created_at: AT, updated_at: AT }));
  await db.insertInto('tags').values(tags).execute();
  const own = links.filter((l) => l.user_id === 1);
  await db.insertInto('link_tags').values([
    ...own.filter((l) => l.id % 60 === 1).map((l) => ({ link_id: l.id, tag_id: 1 })),
    ...own.filter((l) => l.id % 3 === 0).map((l) => ({ link_id: l.id, tag_id: 2 })),
    ...own.filter((l) => l.id % 10 < 3).map((l) => ({ link_id: l.id, tag_id: 3 })),
    ...own.filter((l) => l.id % 17 === 0).map((l) => ({ link_id: l.id, tag_id: 4 })),
  ]).execute();
}

/** The plain query of `q`: every term a LIKE (with tag and domain names for `all`), tags as EXISTS. */
function oracle(db: SqliteDb, q: LinkListQuery): { ids: number[]; total: number } {
  const where: Sql[] = [sql`l.user_id = 1`, ...statusFilter(q, NOW)];
  if (q.search) {
    const p = likePattern(q.search);
    const like = (c: string) => sql`${raw(c)} LIKE ${p} ESCAPE '\\'`;
    const cols = q.search_by === 'all' ? ['l.title', 'l.alias', 'l.url'] : [`l.${q.search_by}`];
    const named = q.search_by !== 'all' ? [] : [
      sql`EXISTS (SELECT 1 FROM link_tags lt JOIN tags t ON t.id = lt.tag_id WHERE lt.link_id = l.id AND t.name LIKE ${p} ESCAPE '\\')`,
      sql`EXISTS (SELECT 1 FROM domains d WHERE d.id = l.domain_id AND d.name LIKE ${p} ESCAPE '\\')`,
    ];
    where.push(or([...cols.map(like), ...named]));
  }
  const tagged = (name: string) => sql`EXISTS (SELECT 1 FROM link_tags lt JOIN tags t ON t.id = lt.tag_id WHERE lt.link_id = l.id AND t.name_key = ${tagKey(name)})`;
  if (q.tag?.length) where.push(q.tag_mode === 'all' && q.tag.length > 1 ? and(q.tag.map(tagged)) : or(q.tag.map(tagged)));
  const dir = q.sort === 'asc' ? 'ASC' : 'DESC';
  const order = q.sort_by === 'title' ? `l.title IS NULL, l.title ${dir}` : `l.${q.sort_by} ${dir}`;
  const text = (s: Sql) => s.strings.join('?');
  const all = db.sqlite.prepare(`SELECT l.id FROM links l WHERE ${text(and(where))} ORDER BY ${order}, l.id ${dir}`).pluck().all(...and(where).params) as number[];
  return { ids: all.slice((q.page - 1) * q.per_page, q.page * q.per_page), total: all.length };
}

const TERMS = ['a', 'zq', '%', 'LAUNCH', 'sp', 'spr', 'nothing-here'];
const BY = ['title', 'all', 'url', 'alias'] as const;
const TAGS: Partial<LinkListSearch>[] = [{}, { tag: 'rare' }, { tag: 'common' }, { tag: 'rare,mid' }, { tag: 'common,mid', tag_mode: 'all' }, { tag: 'nope' }];
const SORTS: Partial<LinkListSearch>[] = [{}, { sort_by: 'clicks', sort: 'asc' }, { sort_by: 'title', sort: 'asc' }, { sort_by: 'alias', sort: 'desc' }];
const QUERIES: LinkListSearch[] = TERMS.flatMap((search, i) =>
  BY.flatMap((search_by, j) =>
    TAGS.flatMap((tags, k) => SORTS.map((sort, m) => ({ search, search_by, ...tags, ...sort, status: ((i + j + k + m) % 4) as 0 | 1 | 2 | 3, page: 1 + ((i + m) % 2), per_page: 10 as const }))),
  ),
);
/** Never scan, never tags first, every page deep; always scan and tags first; the real thresholds. */
const TUNINGS: Partial<ListTuning>[] = [{ scanRows: 0, taggedFirst: -1, deepPage: 0 }, { scanRows: 1e9, taggedFirst: 1e9 }, {}];

type Lister = (q: LinkListQuery, tuning: Partial<ListTuning>) => Promise<{ ids: number[]; total: number }>;
const listers: [string, Lister][] = [];
let dbs: SeededDatabases;
let lite: SqliteDb;

beforeAll(async () => {
  dbs = await seededDatabases(seed);
  lite = dbs.lite;
  listers.push(['sqlite', async (q, tuning) => {
    const r = new LinkListRepo(lite.sqlite, undefined, tuning).list(1, q, NOW);
    return { ids: r.rows.map((x) => x.id), total: r.total };
  }]);
  const db = dbs.pg?.kysely;
  if (db) {
    listers.push(['postgres', async (q, tuning) => {
      const r = await new PgLinkListRepo(db, undefined, tuning).list(1, q, NOW);
      return { ids: r.rows.map((x) => x.id), total: r.total };
    }]);
  }
});
afterAll(async () => dbs?.close());

describe('every way of reading a list gives the plain query\'s answer', () => {
  it.each(TERMS)(`search=%s: each search_by, tag filter, sort, status and page × ${TUNINGS.length} tunings`, async (term) => {
    let nonEmpty = 0;
    const queries = QUERIES.filter((q) => q.search === term);
    for (const raw of queries) {
      const q = linkListQuerySchema.parse(raw);
      const expected = oracle(lite, q);
      if (expected.ids.length) nonEmpty++;
      for (const [name, list] of listers) {
        for (const tuning of TUNINGS) expect(await list(q, tuning), `${name} ${JSON.stringify(raw)} ${JSON.stringify(tuning)}`).toEqual(expected);
      }
    }
    // The data gives combinations rows (the comparison is not only between empty pages); the control finds none.
    if (term === 'nothing-here') expect(nonEmpty).toBe(0);
    else expect(nonEmpty).toBeGreaterThan(queries.length / 8);
  }, 120_000);
});
