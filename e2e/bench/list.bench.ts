// List latency on a million links: seeds a fresh database, starts the real server on a loopback port and
// measures median and p95 over HTTP for the default list, every sort, searches and status filters.
// Run alone: `npx tsx e2e/bench/list.bench.ts`. BENCH_LINKS (default 1000000) and BENCH_REQUESTS (200)
// change the size; BENCH_DB=<file> keeps the seeded database there and reuses it on the next run. With
// TEST_DATABASE_URL the same links are seeded into a fresh PostgreSQL database and measured the same way.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import { openDatabase, type Db } from '../../src/server/db/database';
import { openPostgres } from '../../src/server/db/postgres/open-postgres';
import { createTestDatabase, databaseUrl, TEST_DATABASE_URL } from '../../src/server/test-utils/both-databases';
import { seedPgLinks } from './pg-list-seed';
import { UsersRepo } from '../../src/server/users/users.repo';
import { seedLinks, TERMS } from './list-seed';
import { markdownTable, measure, type Sample } from './latency';
import { runIfMain } from './standalone';

const GOAL_MS = 50;

async function prepareDb(file: string, count: number, reuse: boolean): Promise<{ apiKey: string; seeding: string }> {
  if (reuse && fs.existsSync(file)) {
    const db = await openDatabase(file); // runs any new migration on the seeded data
    const apiKey = await new UsersRepo(db.kysely).rotateKey(1);
    await db.close();
    return { apiKey, seeding: `reused ${file}` };
  }
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
  const seeded = await seedLinks(file, count);
  return { apiKey: seeded.apiKey, seeding: `${seeded.links.toLocaleString('en')} links seeded in ${seeded.seconds.toFixed(1)} s` };
}

function cases(): [string, string][] {
  const list: [string, string][] = [['default list', '']];
  for (const sortBy of ['id', 'clicks', 'title', 'alias', 'url']) {
    for (const sort of ['desc', 'asc']) list.push([`sort_by=${sortBy} ${sort}`, `sort_by=${sortBy}&sort=${sort}`]);
  }
  for (const by of ['title', 'alias', 'url'] as const) {
    for (const kind of ['rare', 'common'] as const) {
      const term = TERMS[by][kind];
      list.push([`search_by=${by} ${kind} "${term}"`, `search_by=${by}&search=${encodeURIComponent(term)}`]);
    }
  }
  for (const status of [1, 2, 3]) list.push([`status=${status}`, `status=${status}`]);
  list.push(['page=500 (deep page)', 'page=500']);
  return list;
}

/** Every case against a listening server with `apiKey`'s account. */
export async function measureCases(port: number, apiKey: string, requests: number, tag: string): Promise<Sample[]> {
  const headers = { authorization: `Bearer ${apiKey}`, accept: 'application/json' };
  const samples: Sample[] = [];
  // BENCH_ONLY: only the cases whose name contains it, or one of its `|`-separated parts (while working on some).
  const only = process.env.BENCH_ONLY?.split('|');
  const chosen = ([name]: [string, ...unknown[]]) => !only || only.some((part) => name.includes(part));
  for (const [name, query] of cases().filter(chosen)) {
    const s = await measure(name, `http://127.0.0.1:${port}/api/v1/links?${query}`, headers, requests);
    console.error(`[list bench ${tag}] ${name}: median ${s.median.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, total ${s.total}`);
    samples.push(s);
  }
  // The count of a search is cached until the account's links change (SQLite); these cases change a link
  // before every request, so each answer recounts the hits (the honest cost of a search right after a write).
  const touch = async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/links/2`, {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `touched ${Math.random()}` }),
    });
    if (res.status !== 200) throw new Error(`touch: HTTP ${res.status}`);
  };
  for (const by of ['title', 'alias', 'url'] as const) {
    const term = TERMS[by].common;
    const name = `search_by=${by} common "${term}", recounted after a write`;
    if (!chosen([name])) continue;
    const s = await measure(name, `http://127.0.0.1:${port}/api/v1/links?search_by=${by}&search=${encodeURIComponent(term)}`, headers, Math.min(requests, 50), 1, touch);
    console.error(`[list bench ${tag}] ${name}: median ${s.median.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, total ${s.total}`);
    samples.push(s);
  }
  for (const [name, query] of (await combinedCases(port, headers)).filter(chosen)) {
    const s = await measure(name, `http://127.0.0.1:${port}/api/v1/links?${query}`, headers, Math.min(requests, 24));
    console.error(`[list bench ${tag}] ${name}: median ${s.median.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, total ${s.total}`);
    samples.push(s);
  }
  return samples;
}

/**
 * The combined cases: short terms, LIKE metacharacters, searches with sorts, statuses and deep pages, and
 * the space, domain and tag filters together (list-extras.ts seeds them; their ids are read through the API).
 */
async function combinedCases(port: number, headers: Record<string, string>): Promise<[string, string][]> {
  const idOf = async (resource: string, name: string) => {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/${resource}?per_page=100`, { headers });
    const row = ((await res.json()) as { data: { id: number; name: string }[] }).data.find((r) => r.name === name);
    if (!row) throw new Error(`bench: no ${resource} ${name}`);
    return row.id;
  };
  const [space, domain] = [await idOf('spaces', 'Launch'), await idOf('domains', 'go.bench.example')];
  return [
    ['search=q (1 character)', 'search=q'],
    ['search=ab (2 characters)', 'search=ab'],
    ['search_by=all search=ab', 'search_by=all&search=ab'],
    ['search=%25 (LIKE metacharacter)', 'search=%25'],
    ['search_by=url search=_', 'search_by=url&search=_'],
    ['search_by=alias search=\\', 'search_by=alias&search=%5C'],
    ['search=launch page=19000', 'search=launch&page=19000'],
    ['sort_by=clicks asc page=40000', 'sort_by=clicks&sort=asc&page=40000'],
    ['sort_by=created_at desc page=40000', 'sort_by=created_at&sort=desc&page=40000'],
    ['search=launch sort_by=title', 'search=launch&sort_by=title&sort=asc'],
    ['search=launch sort_by=clicks', 'search=launch&sort_by=clicks'],
    ['search_by=url search=shop.example sort_by=alias', 'search_by=url&search=shop.example&sort_by=alias&sort=asc'],
    ['search=launch status=3 sort_by=clicks', 'search=launch&status=3&sort_by=clicks'],
    ['search_by=all search=spring', 'search_by=all&search=spring'],
    ['search_by=all search=quokka', 'search_by=all&search=quokka'],
    ['search=tag:spring url:shop.example', `search=${encodeURIComponent('tag:spring url:shop.example')}&search_by=all`],
    ['tag=spring status=1 sort_by=created_at', 'tag=spring&status=1&sort_by=created_at'],
    ['tag=spring,email all status=3', 'tag=spring,email&tag_mode=all&status=3'],
    ['tag=spring,email all search=launch', 'tag=spring,email&tag_mode=all&search=launch'],
    ['space search=launch sort_by=clicks asc', `space_id=${space}&search=launch&sort_by=clicks&sort=asc`],
    ['domain status=2 sort_by=title page=100', `domain_id=${domain}&status=2&sort_by=title&page=100`],
    ['search=a sort_by=clicks page=5000', 'search=a&sort_by=clicks&page=5000'],
  ];
}

export async function serve(config: Config, db: Db | undefined, run: (port: number) => Promise<Sample[]>): Promise<Sample[]> {
  const app = await buildApp({ config, db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    return await run((app.server.address() as AddressInfo).port);
  } finally {
    await app.close();
  }
}

/** A database seeded by an earlier run (BENCH_PG_KEEP): a new key for its bench account, the first user. */
async function reusedPg(db: Awaited<ReturnType<typeof openPostgres>>): Promise<{ apiKey: string; links: number; seconds: number }> {
  const first = await db.kysely.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
  return { apiKey: await new UsersRepo(db.kysely).rotateKey(first.id), links: 0, seconds: 0 };
}

/** The same links on PostgreSQL (a fresh database on TEST_DATABASE_URL's server, dropped afterwards). */
export async function onPostgres(count: number, requests: number, dir: string): Promise<{ samples: Sample[]; seeding: string } | null> {
  if (!TEST_DATABASE_URL) return null;
  // BENCH_PG_KEEP=1 keeps the seeded database (its name is printed); BENCH_PG_DB=<name> reuses it, seeded.
  const reuse = process.env.BENCH_PG_DB;
  const database = reuse ? { url: databaseUrl(reuse), drop: async () => undefined } : await createTestDatabase();
  const db = await openPostgres(database.url);
  try {
    const seeded = reuse ? await reusedPg(db) : await seedPgLinks(db, count);
    const seeding = reuse ? `reused ${reuse}` : `${seeded.links.toLocaleString('en')} links seeded in ${seeded.seconds.toFixed(1)} s`;
    console.error(`[list bench postgres] ${seeding}`);
    if (process.env.BENCH_PG_KEEP && !reuse) {
      database.drop = async () => undefined;
      console.error(`[list bench postgres] kept: BENCH_PG_DB=${new URL(database.url).pathname.slice(1)}`);
    }
    const config = loadConfig({}, { dataDir: dir, databaseUrl: database.url, apiRateLimit: 0, fetchTitles: false, baseUrl: 'http://127.0.0.1' });
    return { samples: await serve(config, db, (port) => measureCases(port, seeded.apiKey, requests, 'postgres')), seeding };
  } finally {
    await db.close();
    await database.drop();
  }
}

function comparison(sqlite: Sample[], pg: Sample[]): string {
  const lines = ['### p95 side by side', '', `| case | SQLite p95 ms | PostgreSQL p95 ms | both < ${GOAL_MS} ms |`, '|---|---:|---:|---|'];
  sqlite.forEach((s, i) => {
    const p = pg[i];
    lines.push(`| ${s.name} | ${s.p95.toFixed(1)} | ${p ? p.p95.toFixed(1) : ''} | ${s.p95 < GOAL_MS && (p?.p95 ?? 0) < GOAL_MS ? 'yes' : 'NO'} |`);
  });
  return lines.join('\n');
}

export async function runListBench(): Promise<string> {
  const count = Number(process.env.BENCH_LINKS ?? 1_000_000);
  const requests = Number(process.env.BENCH_REQUESTS ?? 200);
  const keep = process.env.BENCH_DB;
  const dir = keep ? path.dirname(keep) : fs.mkdtempSync(path.join(os.tmpdir(), 'linkdeck-bench-'));
  const file = keep ?? path.join(dir, 'linkdeck.db');
  const { apiKey, seeding } = await prepareDb(file, count, Boolean(keep));
  console.error(`[list bench] ${seeding}`);
  let samples: Sample[];
  let pg: Awaited<ReturnType<typeof onPostgres>>;
  try {
    const config = loadConfig({}, { dataDir: dir, dbFile: file, apiRateLimit: 0, fetchTitles: false, baseUrl: 'http://127.0.0.1' });
    samples = await serve(config, undefined, (port) => measureCases(port, apiKey, requests, 'sqlite'));
    pg = await onPostgres(count, requests, dir);
  } finally {
    if (!keep) fs.rmSync(dir, { recursive: true, force: true });
  }
  const all = [...samples, ...(pg?.samples ?? [])];
  const tables = [markdownTable(`GET /api/v1/links on ${count.toLocaleString('en')} links, SQLite (${seeding})`, samples, GOAL_MS)];
  if (pg) {
    tables.push(markdownTable(`The same on PostgreSQL (${pg.seeding})`, pg.samples, GOAL_MS));
    tables.push(comparison(samples, pg.samples));
  } else {
    tables.push('(PostgreSQL skipped: set TEST_DATABASE_URL to a server where this user may create databases.)');
  }
  const missed = all.filter((s) => !(s.p95 < GOAL_MS)).map((s) => s.name);
  const note =
    'Search totals are exact; on SQLite they are cached per account until one of its links changes (a version bumped by triggers); ' +
    'the "first request" column and the "recounted after a write" rows show the uncached cost.';
  return `${tables.join('\n\n')}\n\n${note}\n\n${missed.length ? `p95 goal missed by: ${missed.join(', ')}` : `Every case met p95 < ${GOAL_MS} ms.`}\n`;
}

runIfMain(import.meta.url, runListBench);
