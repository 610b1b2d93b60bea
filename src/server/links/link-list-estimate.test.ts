// A large account's search estimate from a bounded sample of its links (link-list-counts.ts, estimated): past
// 10,000 matches among the sampled links the total is an estimate from their share; fewer, and the matches are
// walked as before. The sample's size is a tuning, set here below the account's 15,000 links. Both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { seededDatabases, type SeededDatabases } from '../test-utils/seeded-databases';
import { linkListQuerySchema } from '../../shared/link-list.schema';
import type { ListTuning } from './link-list.policy';
import { LinkListRepo, sqliteListStore } from './link-list.repo';
import { PgLinkListRepo } from './pg-link-list.repo';

const AT = '2026-01-01T00:00:00.000Z';

/** 15,000 links of account 1: four in five titled "launch …", one in five with "-rareish" in its alias (3,000). */
async function seed(db: Kysely<Database>): Promise<void> {
  await db.insertInto('users').values({ id: 1, name: 'u1', role: 'user', api_key_hash: 'k1', created_at: AT, updated_at: AT }).execute();
  const links = Array.from({ length: 15_000 }, (_, n) => {
    const i = n + 1;
    return {
      user_id: 1, alias: `a${i}${i % 5 === 0 ? '-rareish' : ''}`, url: `https://e.example/${i}`, title: i % 5 ? `launch ${i}` : `other ${i}`,
      targets: '[]', sensitive_content: 0, privacy: 0, disabled: i % 2, clicks: 0, created_at: AT, updated_at: AT,
    };
  });
  for (let i = 0; i < links.length; i += 1000) await db.insertInto('links').values(links.slice(i, i + 1000)).execute();
}

let dbs: SeededDatabases;
beforeAll(async () => {
  dbs = await seededDatabases(seed);
}, 120_000);
afterAll(async () => dbs?.close());

type Lister = (query: string) => Promise<{ total: number; estimate: boolean }>;
function listers(tuning: Partial<ListTuning>): [string, Lister][] {
  const now = new Date().toISOString();
  const parse = (query: string) => linkListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
  // SQLite without its search indexes: a term is a LIKE of each link there, as on PostgreSQL (the sample is for
  // searches that no index answers, and on SQLite most are answered by FTS5).
  const lite = new LinkListRepo(dbs.lite.sqlite, { ...sqliteListStore, searchIndex: null, gramIndex: null }, tuning);
  const out: [string, Lister][] = [['sqlite', async (query) => lite.list(1, parse(query), now)]];
  const pg = dbs.pg && new PgLinkListRepo(dbs.pg.kysely, undefined, tuning);
  if (pg) out.push(['postgres', (query) => pg.list(1, parse(query), now)]);
  return out;
}

describe('a large account\'s search total', () => {
  it('is estimated from a sample holding more than 10,000 matches, and flagged', async () => {
    // 14,000 sampled links hold 11,200 "launch" titles: 11,200 / 14,000 of 15,000 links.
    for (const [name, list] of listers({ estimateSample: 14_000 })) {
      // (SQLite samples in id order, PostgreSQL in its table's order: here both the order of insertion.)
      const r = await list('search=launch');
      expect(r.estimate, name).toBe(true);
      expect(Math.abs(r.total - 12_000) / 12_000, name).toBeLessThan(0.05);
    }
  });

  it('falls back to walking the matches when the sample holds 10,000 or fewer, or the search has fewer', async () => {
    for (const [name, list] of listers({ estimateSample: 12_000 })) {
      const r = await list('search=launch');
      expect(r.estimate, name).toBe(true);
      expect(Math.abs(r.total - 12_000) / 12_000, name).toBeLessThan(0.25);
      expect(await list('search_by=alias&search=rareish'), name).toMatchObject({ total: 3_000, estimate: false });
    }
    for (const [name, list] of listers({ estimateSample: 14_000 })) {
      // With a status: 6,000 disabled "launch" links, counted exactly.
      expect(await list('status=3&search=launch'), name).toMatchObject({ total: 6_000, estimate: false });
    }
  });

  it('of a small account (no larger than the sample) is walked as before', async () => {
    for (const [name, list] of listers({})) {
      const r = await list('search=launch');
      expect(r.estimate, name).toBe(true);
      expect(Math.abs(r.total - 12_000) / 12_000, name).toBeLessThan(0.25);
    }
  });
});
