// Pages read from the rows of earlier pages (link-list-seeks.ts) are the pages a plain query gives: one list
// repository per database reads each list's pages out of order (on, back, again, far, past the end), then after a
// write that moves rows and after the clock passes an end date, always against the plain query at that moment.
// (Mutations checked by hand: an exclusive seek, a seek kept across versions, one kept past its `until`, and one
// sorted by clicks kept across visits fail.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { seededDatabases, type SeededDatabases } from '../test-utils/seeded-databases';
import { NOW, oracle, seed } from '../test-utils/link-list-oracle';
import { linkListQuerySchema, type LinkListQuery, type LinkListSearch } from '../../shared/link-list.schema';
import type { ListTuning } from './link-list.policy';
import { LinkListRepo } from './link-list.repo';
import { PgLinkListRepo } from './pg-link-list.repo';

const LATER = '2026-12-01T00:00:00.000Z';
/** Pages in the order a user might read them: on, back, again, a jump, the last and past it. */
const PAGES = [1, 2, 3, 2, 1, 3, 5, 4, 4, 9, 8, 30];
const LISTS: LinkListSearch[] = [
  {},
  { sort_by: 'title', sort: 'asc' },
  { sort_by: 'title', sort: 'desc', status: 1 },
  { sort_by: 'alias', sort: 'asc', search: 'sp', search_by: 'alias' },
  { sort_by: 'url', sort: 'desc', search: 'a' },
  { sort_by: 'created_at', sort: 'asc', status: 2 },
  { search: 'launch', search_by: 'all' },
  { sort_by: 'alias', sort: 'desc', tag: 'common,mid' },
  { sort_by: 'title', sort: 'desc', search: 'shop', search_by: 'url', status: 3 },
  { sort_by: 'clicks', sort: 'desc' },
  { sort_by: 'clicks', sort: 'asc', search: 'a' },
];
/** The real thresholds; always a scan along the sort column; never a scan, every page deep. */
const TUNINGS: Partial<ListTuning>[] = [{}, { scanRows: 1e9, taggedFirst: 1e9 }, { scanRows: 0, taggedFirst: -1, deepPage: 0 }];

type Lister = (q: LinkListQuery, now: string) => Promise<number[]>;
let dbs: SeededDatabases;

beforeAll(async () => {
  dbs = await seededDatabases(seed);
});
afterAll(async () => dbs?.close());

function listers(tuning: Partial<ListTuning>): [string, Lister][] {
  const lite = new LinkListRepo(dbs.lite.sqlite, undefined, tuning);
  const out: [string, Lister][] = [['sqlite', async (q, now) => lite.list(1, q, now).rows.map((r) => r.id)]];
  const db = dbs.pg?.kysely;
  if (db) {
    const pg = new PgLinkListRepo(db, undefined, tuning);
    out.push(['postgres', async (q, now) => (await pg.list(1, q, now)).rows.map((r) => r.id)]);
  }
  return out;
}

let writes = 0;
/**
 * Moves rows of every sort (a few links of account 1 to the start of the title and alias orders, then to their end) and gives two links an end between
 * NOW and LATER, on both databases.
 */
async function write(): Promise<void> {
  writes++;
  for (const db of [dbs.lite.kysely, ...(dbs.pg ? [dbs.pg.kysely] : [])]) {
    for (const id of [3, 14, 27, 40, 41, 150]) {
      await sql`UPDATE links SET title = ${`${writes % 2 ? 'Aaa' : 'zzz'} moved ${id}`}, alias = ${`${writes % 2 ? '0' : 'zz'}${writes}x${id}`} WHERE id = ${id}`.execute(db);
    }
    await sql`UPDATE links SET active_period_end_at = ${'2026-11-25T00:00:00.000Z'} WHERE id IN (5, 16, ${20 + writes})`.execute(db);
  }
}

/**
 * Visits, as the click writer records them: a link's clicks grow (to the top of the clicks order) and its events are
 * added in the same transaction; the account's version does not change.
 */
async function visits(): Promise<void> {
  writes++;
  for (const db of [dbs.lite.kysely, ...(dbs.pg ? [dbs.pg.kysely] : [])]) {
    await db.transaction().execute(async (tx) => {
      for (const id of [7, 60 + writes]) {
        await sql`UPDATE links SET clicks = clicks + ${100 + writes} WHERE id = ${id}`.execute(tx);
        await sql`INSERT INTO click_events (link_id, clicked_at) VALUES (${id}, ${NOW})`.execute(tx);
      }
    });
  }
}

describe('pages read from earlier pages\' rows', () => {
  it.each(TUNINGS.map((t) => [JSON.stringify(t), t] as const))('are the plain query\'s pages, tuning %s', async (_, tuning) => {
    const repos = listers(tuning);
    let compared = 0;
    // Round 1 writes; round 2 only passes the end dates that round 1 set (no version changes then); round 3 only
    // records visits.
    for (const [round, now] of [[0, NOW], [1, NOW], [2, LATER], [3, LATER]] as const) {
      if (round === 1) await write();
      if (round === 3) await visits();
      for (const list of LISTS) {
        for (const page of PAGES) {
          const q = linkListQuerySchema.parse({ ...list, page, per_page: 10 });
          const expected = oracle(dbs.lite, q, now).ids;
          if (expected.length) compared++;
          for (const [name, read] of repos) expect(await read(q, now), `${name} round ${round} ${JSON.stringify(list)} page ${page}`).toEqual(expected);
        }
      }
    }
    // Most pages hold rows (the comparison is not between empty pages).
    expect(compared).toBeGreaterThan((4 * LISTS.length * PAGES.length) / 2);
  }, 120_000);
});
