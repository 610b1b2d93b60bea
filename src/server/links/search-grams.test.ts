// The gram index of one- and two-character terms (search-grams.ts, migration 024): the words of a link and of a
// term; a list through the index equals the same list read link by link (LIKE), on both databases, for every
// column, sort, status, metacharacter and case; a common term skips the index; the triggers follow writes.
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqliteDb } from '../db/database';
import type { PostgresDb } from '../db/postgres/open-postgres';
import type { Database } from '../db/schema';
import { seededDatabases, type SeededDatabases } from '../test-utils/seeded-databases';
import { linkListQuerySchema, type LinkListSearch } from '../../shared/link-list.schema';
import { raw, type Sql } from './link-list-sql';
import { LinkListRepo, sqliteListStore } from './link-list.repo';
import { PgLinkListRepo, pgListStore } from './pg-link-list.repo';
import type { LinkListStore } from './link-list.store';
import { gramChars, linkGrams, termWords } from './search-grams';

const NOW = '2026-11-22T12:00:00.000Z';
const AT = '2026-01-01T00:00:00.000Z';
const TITLES = [null, 'Spring Launch', 'ÄRGER über Öl', 'a_b%c', '10% off', 'back\\slash', 'QR', 'zq'];

async function seed(db: Kysely<Database>): Promise<void> {
  await db.insertInto('users').values([1, 2].map((id) => ({ id, name: `u${id}`, role: 'user', api_key_hash: `k${id}`, created_at: AT, updated_at: AT }))).execute();
  const links = Array.from({ length: 60 }, (_, i) => ({
    id: i + 1,
    user_id: i % 7 === 6 ? 2 : 1,
    alias: `${i % 4 === 0 ? 'Q' : 'k'}${i}${i % 5 === 0 ? '_' : ''}`,
    url: `https://${i % 3 ? 'shop' : 'blog'}.example/${i % 6 === 0 ? '%7e' : 'p'}/${i}`,
    title: TITLES[i % TITLES.length] ?? null,
    targets: '[]',
    sensitive_content: 0,
    privacy: 0,
    disabled: i % 5 === 0 ? 1 : 0,
    clicks: (i * 37) % 11,
    created_at: AT,
    updated_at: AT,
  }));
  await db.insertInto('links').values(links).execute();
}

const TERMS = ['q', 'Q', 'zq', 'ö', 'Öl', '%', '_', '\\', 'r', '10', 'é', 'xx'];
const QUERIES: LinkListSearch[] = TERMS.flatMap((search) => [
  { search, per_page: 100 },
  { search, search_by: 'all', per_page: 100 },
  { search, search_by: 'alias', sort_by: 'clicks', sort: 'asc', per_page: 10, page: 2 },
  { search, search_by: 'url', status: 3, per_page: 100 },
  { search, search_by: 'all', sort_by: 'title', sort: 'asc', status: 1, per_page: 100 },
]);

/** A store whose gram index counts its uses; `common`: every term counts as common (above GRAM_INDEX_MAX). */
function counting(store: LinkListStore, common = false): { store: LinkListStore; uses: () => number } {
  let n = 0;
  const index = store.gramIndex;
  if (!index) throw new Error('no gram index');
  return {
    store: {
      ...store,
      gramIndex: {
        has: (columns, term) => (n++, index.has(columns, term)),
        frequency: (columns, term, cap) => (common ? raw(`SELECT ${cap + 1}`) : index.frequency(columns, term, cap)),
      },
    },
    uses: () => n,
  };
}

describe('gram words', () => {
  it('are each distinct character and pair, case folded, per column', () => {
    expect(linkGrams('Ab', null, 'a%').split(' ').sort()).toEqual(['t61', 't61g62', 't62', 'u25', 'u61', 'u61g25'].sort());
    expect(termWords(['title', 'alias', 'url'], gramChars('AB') ?? [])).toEqual(['t61g62', 'a61g62', 'u61g62']);
    expect(gramChars('abc')).toBeNull();
    expect(gramChars('')).toBeNull();
    expect(gramChars('Öl')).toEqual(['ö', 'l']);
  });
});

type Target = { name: string; list: (store: LinkListStore | null, q: LinkListSearch) => Promise<{ ids: number[]; total: number }> };
const targets: Target[] = [];
let dbs: SeededDatabases;
let lite: SqliteDb;
let pgdb: PostgresDb | undefined;

beforeAll(async () => {
  dbs = await seededDatabases(seed);
  ({ lite, pg: pgdb } = dbs);
  targets.push({
    name: 'sqlite',
    list: async (store, q) => {
      const r = new LinkListRepo(lite.sqlite, store ?? { ...sqliteListStore, gramIndex: null }).list(1, linkListQuerySchema.parse(q), NOW);
      return { ids: r.rows.map((x) => x.id), total: r.total };
    },
  });
  const db = pgdb?.kysely;
  if (db) {
    targets.push({
      name: 'postgres',
      list: async (store, q) => {
        const r = await new PgLinkListRepo(db, store ?? { ...pgListStore, gramIndex: null }).list(1, linkListQuerySchema.parse(q), NOW);
        return { ids: r.rows.map((x) => x.id), total: r.total };
      },
    });
  }
});
afterAll(async () => dbs?.close());

const storeOf = (name: string) => (name === 'sqlite' ? sqliteListStore : pgListStore);

describe('short terms through the gram index', () => {
  it.each(QUERIES.map((q) => [JSON.stringify(q), q] as const))('%s: the same page and total as link by link', async (_, q) => {
    for (const t of targets) {
      const plain = await t.list(null, q);
      const spy = counting(storeOf(t.name));
      const indexed = await t.list(spy.store, q);
      expect(indexed, t.name).toEqual(plain);
      // Sorted by id the page is read from the matches (sorted by another column, from that column's index when the
      // matches are dense: the policy's scan, which reads no index).
      if (!q.sort_by) expect(spy.uses(), `${t.name} read the index`).toBeGreaterThan(0);
    }
  });

  it('finds what it should (not only what LIKE finds: the control)', async () => {
    for (const t of targets) {
      expect((await t.list(storeOf(t.name), { search: 'zq', per_page: 100 })).total, t.name).toBe(6);
      expect((await t.list(storeOf(t.name), { search: '%', search_by: 'url', per_page: 100 })).total, t.name).toBeGreaterThan(0);
      expect((await t.list(storeOf(t.name), { search: 'xx', per_page: 100 })).total, t.name).toBe(0);
    }
  });

  it('a common term is read link by link, without the index', async () => {
    for (const t of targets.filter((x) => x.name === 'sqlite')) {
      const spy = counting(storeOf(t.name), true);
      expect(await t.list(spy.store, { search: 'r', per_page: 100 })).toEqual(await t.list(null, { search: 'r', per_page: 100 }));
      expect(spy.uses()).toBe(0);
    }
  });

  it('PostgreSQL weighs a term by the index statistics: a common one counts, one no link holds does not', async () => {
    if (!pgdb) return;
    await sql`ANALYZE links`.execute(pgdb.kysely);
    const frequency = (term: string) => pgListStore.gramIndex?.frequency(['title', 'alias', 'url'], term, 100) ?? raw('SELECT -1');
    const run = async (q: Sql) => Number(Object.values((await pgdb!.kysely.executeQuery(CompiledQuery.raw(q.strings.map((p, i) => (i ? `$${i}${p}` : p)).join(''), [...q.params]))).rows[0] as object)[0]);
    // 'p' is in every link's url (https://…/p/ or …/%7e/): about 60 links.
    expect(await run(frequency('P'))).toBeGreaterThan(40);
    expect(await run(frequency('xx'))).toBe(0);
  });

  it('follows inserts, updates and deletes (SQLite triggers; PostgreSQL indexes an expression)', async () => {
    for (const [t, db] of [[targets[0], lite.kysely], [targets[1], pgdb?.kysely]] as const) {
      if (!t || !db) continue;
      const q: LinkListSearch = { search: 'ÿ', search_by: 'all', per_page: 100 };
      await db.insertInto('links').values({ id: 500, user_id: 1, alias: 'fresh', url: 'https://e.example/', title: 'ÿes', targets: '[]', sensitive_content: 0, privacy: 0, disabled: 0, clicks: 0, created_at: AT, updated_at: AT }).execute();
      expect((await t.list(storeOf(t.name), q)).ids, t.name).toEqual([500]);
      await db.updateTable('links').set({ title: 'no', alias: 'ÿy' }).where('id', '=', 500).execute();
      expect((await t.list(storeOf(t.name), { ...q, search_by: 'title' })).ids, t.name).toEqual([]);
      expect((await t.list(storeOf(t.name), { ...q, search_by: 'alias' })).ids, t.name).toEqual([500]);
      await db.deleteFrom('links').where('id', '=', 500).execute();
      expect((await t.list(storeOf(t.name), q)).ids, t.name).toEqual([]);
    }
    const words = lite.sqlite.prepare("SELECT count(*) FROM links_grams WHERE links_grams MATCH 'tff OR aff'").pluck().get();
    expect(words).toBe(0);
  });
});
