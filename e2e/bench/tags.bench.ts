// Tag filters on a million links: the list bench's links with a realistic tag distribution (a few
// tags on most links, a long tail of rare ones, ~1.5 tags per link), then GET /links for one common tag, a
// rare tag, two tags any and all, each compared with the unfiltered list measured in the same run. Totals are
// exact: the first request of each case counts, later ones hit the count cache; the "after a write" cases
// change a link's tags before every request, so each answer recounts.
// With TEST_DATABASE_URL the same links and tags are measured on a fresh PostgreSQL database too.
// Run alone: `npx tsx e2e/bench/tags.bench.ts` (BENCH_LINKS, BENCH_REQUESTS as for the list bench).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { openPostgres, type PostgresDb } from '../../src/server/db/postgres/open-postgres';
import { createTestDatabase, TEST_DATABASE_URL } from '../../src/server/test-utils/both-databases';
import { seedPgLinks } from './pg-list-seed';
import { sql } from 'kysely';
import { countersOff } from '../../src/server/links/core/link-counters';
import { prng, seedLinks } from './list-seed';
import { measure, type Sample } from './latency';
import { serve } from './list.bench';
import { runIfMain } from './standalone';

/** Tags on most links, with their share of the links (a link draws its first tag from these). */
const COMMON = [
  ['newsletter', 0.3],
  ['social', 0.25],
  ['ads', 0.2],
  ['partners', 0.1],
  ['internal', 0.05],
] as const;
const TAIL = 500;
const RARE = 'rare-launch';

/** The tags and, per link (0-based, in id order), which of them it carries: ~90 % a common tag, ~50 % a tail tag
 * (Zipf-like), ~10 % a third, 20 links the rare one. The same plan for both databases. */
export function planTags(count: number): { names: string[]; pairs: [number, number][] } {
  const names = [...COMMON.map(([n]) => n), ...Array.from({ length: TAIL }, (_, i) => `topic-${i}`), RARE];
  const index = (n: string) => names.indexOf(n);
  const rnd = prng(7);
  const tail = () => COMMON.length + Math.min(TAIL - 1, Math.floor(TAIL * rnd() ** 3));
  const pairs: [number, number][] = [];
  for (let i = 0; i < count; i++) {
    const tags = new Set<number>();
    let r = rnd();
    for (const [n, share] of COMMON) {
      if (r < share) {
        tags.add(index(n));
        break;
      }
      r -= share;
    }
    if (rnd() < 0.5) tags.add(tail());
    if (rnd() < 0.1) tags.add(rnd() < 0.5 ? index('social') : tail());
    if (i % 50_000 === 123) tags.add(index(RARE));
    for (const t of tags) pairs.push([i, t]);
  }
  return { names, pairs };
}

async function seedTags(file: string, userId: number, plan: ReturnType<typeof planTags>): Promise<number> {
  const db = await openDatabase(file);
  const s = db.sqlite;
  const at = new Date().toISOString();
  const addTag = s.prepare('INSERT INTO tags (user_id, name, name_key, color, created_at, updated_at) VALUES (?, ?, ?, 1, ?, ?) RETURNING id');
  const pair = s.prepare('INSERT OR IGNORE INTO link_tags (link_id, tag_id) VALUES (?, ?)');
  const firstId = s.prepare('SELECT min(id) FROM links WHERE user_id = ?').pluck().get(userId) as number;
  s.transaction(() => {
    const ids = plan.names.map((n) => (addTag.get(userId, n, n, at, at) as { id: number }).id);
    for (const [link, tag] of plan.pairs) pair.run(firstId + link, ids[tag]);
  })();
  s.exec('ANALYZE');
  await db.close();
  return firstId;
}

export async function seedPgTags(db: PostgresDb, userId: number, plan: ReturnType<typeof planTags>): Promise<number> {
  const at = new Date().toISOString();
  const first = Number((await db.pool.query('SELECT min(id) AS id FROM links WHERE user_id = $1', [userId])).rows[0].id);
  const tags = await db.pool.query<{ id: number; name: string }>(
    'INSERT INTO tags (user_id, name, name_key, color, created_at, updated_at) SELECT $1, n, n, 1, $2, $2 FROM unnest($3::text[]) AS n RETURNING id, name',
    [userId, at, plan.names],
  );
  const byName = new Map(tags.rows.map((r) => [r.name, r.id]));
  const ids = plan.names.map((n) => byName.get(n) as number);
  // As the app's bulk work does: the per-row counter trigger stands aside, the account is recounted once.
  await db.kysely.transaction().execute(async (trx) => {
    const counters = await countersOff(trx, userId);
    for (let i = 0; i < plan.pairs.length; i += 50_000) {
      const part = plan.pairs.slice(i, i + 50_000);
      const links = part.map(([link]) => first + link);
      const tagIds = part.map(([, tag]) => ids[tag] as number);
      await sql`INSERT INTO link_tags (link_id, tag_id) SELECT * FROM unnest(${links}::int[], ${tagIds}::int[]) ON CONFLICT DO NOTHING`.execute(trx);
    }
    await counters.end();
  });
  await db.pool.query('VACUUM ANALYZE link_tags');
  await db.pool.query('ANALYZE tags');
  return first;
}

const CASES: [string, string][] = [
  ['unfiltered list (baseline)', ''],
  ['tag=newsletter (common, ~30 %)', 'tag=newsletter'],
  [`tag=${RARE} (rare, 20 links)`, `tag=${RARE}`],
  ['tag=topic-3 (tail)', 'tag=topic-3'],
  ['tag=newsletter,social (any)', 'tag=newsletter,social'],
  ['tag=newsletter,social (all)', 'tag=newsletter,social&tag_mode=all'],
  ['tag=social + status=1', 'tag=social&status=1'],
  ['tag=newsletter + status=2 (expired)', 'tag=newsletter&status=2'],
  [`tag=${RARE} + status=1`, `tag=${RARE}&status=1`],
  ['tag=newsletter, page 200', 'tag=newsletter&page=200'],
];

/** Every case against a listening server, then the cases that recount after a write (link `touchId`'s tags change). */
async function measureCases(port: number, apiKey: string, touchId: number, requests: number, label: string): Promise<Sample[]> {
  const headers = { authorization: `Bearer ${apiKey}`, accept: 'application/json' };
  const out: Sample[] = [];
  const url = (q: string) => `http://127.0.0.1:${port}/api/v1/links${q ? `?${q}` : ''}`;
  for (const [name, q] of CASES) {
    const s = await measure(name, url(q), headers, requests);
    console.error(`[tags bench ${label}] ${name}: median ${s.median.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, first ${s.first.toFixed(1)} ms, total ${s.total}`);
    out.push(s);
  }
  // A link's tags change before every request: the count cache cannot answer, every total is recounted.
  let flip = 0;
  const touch = async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/links/${touchId}`, {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ tags: flip++ % 2 ? ['newsletter'] : ['social'] }),
    });
    if (res.status !== 200) throw new Error(`touch: HTTP ${res.status}`);
  };
  for (const [name, q] of CASES.filter(([, q]) => q && !q.includes('page='))) {
    const s = await measure(`${name}, recounted after a write`, url(q), headers, Math.min(requests, 30), 1, touch);
    console.error(`[tags bench ${label}] ${s.name}: median ${s.median.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms`);
    out.push(s);
  }
  return out;
}

function table(title: string, samples: Sample[]): string {
  const base = samples[0] as Sample;
  return [
    `### ${title}`,
    '',
    `| case | median ms | p95 ms | first request ms | total | median / unfiltered |`,
    '|---|---:|---:|---:|---:|---:|',
    ...samples.map((s) => `| ${s.name} | ${s.median.toFixed(1)} | ${s.p95.toFixed(1)} | ${s.first.toFixed(1)} | ${s.total ?? ''} | ${(s.median / base.median).toFixed(1)}× |`),
  ].join('\n');
}

/** The same links and tags on PostgreSQL (a fresh database on TEST_DATABASE_URL's server, dropped afterwards). */
async function onPostgres(count: number, plan: ReturnType<typeof planTags>, requests: number, dir: string): Promise<string> {
  if (!TEST_DATABASE_URL) return '(PostgreSQL skipped: set TEST_DATABASE_URL to a server where this user may create databases.)';
  const database = await createTestDatabase();
  const db = await openPostgres(database.url);
  try {
    const seeded = await seedPgLinks(db, count);
    const started = process.hrtime.bigint();
    const first = await seedPgTags(db, seeded.userId, plan);
    const seeding = `${count.toLocaleString('en')} links seeded in ${seeded.seconds.toFixed(1)} s; their tags in ${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(1)} s`;
    console.error(`[tags bench postgres] ${seeding}`);
    const config = loadConfig({}, { dataDir: dir, databaseUrl: database.url, apiRateLimit: 0, fetchTitles: false, baseUrl: 'http://127.0.0.1' });
    const samples = await serve(config, db, (port) => measureCases(port, seeded.apiKey, first + 1, requests, 'postgres'));
    return table(`The same on PostgreSQL (${seeding})`, samples);
  } finally {
    await db.close();
    await database.drop();
  }
}

export async function runTagsBench(): Promise<string> {
  const count = Number(process.env.BENCH_LINKS ?? 1_000_000);
  const requests = Number(process.env.BENCH_REQUESTS ?? 100);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkdeck-tags-bench-'));
  const file = path.join(dir, 'linkdeck.db');
  try {
    const plan = planTags(count);
    const seeded = await seedLinks(file, count);
    const started = process.hrtime.bigint();
    const first = await seedTags(file, seeded.userId, plan);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const seeding = `${count.toLocaleString('en')} links seeded in ${seeded.seconds.toFixed(1)} s; ${plan.pairs.length.toLocaleString('en')} tags on them (${(plan.pairs.length / count).toFixed(2)} per link) in ${seconds.toFixed(1)} s`;
    console.error(`[tags bench] ${seeding}`);
    const config = loadConfig({}, { dataDir: dir, dbFile: file, apiRateLimit: 0, fetchTitles: false, baseUrl: 'http://127.0.0.1' });
    const samples = await serve(config, undefined, (port) => measureCases(port, seeded.apiKey, first + 1, requests, 'sqlite'));
    const pg = await onPostgres(count, plan, requests, dir);
    return `${table(`Tag filters, GET /api/v1/links, SQLite (${seeding})`, samples)}\n\n${pg}\n`;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

runIfMain(import.meta.url, runTagsBench);
