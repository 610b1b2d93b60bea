// Every way the list policy reads a page (search index hits, a scan along the sort column, the gram index, tags
// first, collected) gives what a plain query gives: the same ids in the same order and the same total, for
// combinations of short and long terms, search_by, tags any and all, statuses, sorts and pages, on both
// databases. The tuning forces each way on small data (the real thresholds are for a million links).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqliteDb } from '../db/database';
import { seededDatabases, type SeededDatabases } from '../test-utils/seeded-databases';
import { NOW, oracle, seed } from '../test-utils/link-list-oracle';
import { linkListQuerySchema, type LinkListQuery, type LinkListSearch } from '../../shared/link-list.schema';
import type { ListTuning } from './link-list.policy';
import { LinkListRepo } from './link-list.repo';
import { PgLinkListRepo } from './pg-link-list.repo';

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
