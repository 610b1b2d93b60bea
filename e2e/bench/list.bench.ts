// List latency on a million links: seeds a fresh database, starts the real server on a loopback port and
// measures median and p95 over HTTP for the default list, every sort, searches and status filters.
// Run alone: `npx tsx e2e/bench/list.bench.ts`. BENCH_LINKS (default 1000000) and BENCH_REQUESTS (200)
// change the size; BENCH_DB=<file> keeps the seeded database there and reuses it on the next run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { UsersRepo } from '../../src/server/users/users.repo';
import { seedLinks, TERMS } from './list-seed';
import { markdownTable, measure, type Sample } from './latency';

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

export async function runListBench(): Promise<string> {
  const count = Number(process.env.BENCH_LINKS ?? 1_000_000);
  const requests = Number(process.env.BENCH_REQUESTS ?? 200);
  const keep = process.env.BENCH_DB;
  const dir = keep ? path.dirname(keep) : fs.mkdtempSync(path.join(os.tmpdir(), 'linkdeck-bench-'));
  const file = keep ?? path.join(dir, 'linkdeck.db');
  const { apiKey, seeding } = await prepareDb(file, count, Boolean(keep));
  console.error(`[list bench] ${seeding}`);

  const config = loadConfig({}, { dataDir: dir, dbFile: file, apiRateLimit: 0, fetchTitles: false, baseUrl: 'http://127.0.0.1' });
  const app = await buildApp({ config });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const headers = { authorization: `Bearer ${apiKey}`, accept: 'application/json' };
  const samples: Sample[] = [];
  try {
    for (const [name, query] of cases()) {
      const s = await measure(name, `http://127.0.0.1:${port}/api/v1/links?${query}`, headers, requests);
      console.error(`[list bench] ${name}: median ${s.median.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, total ${s.total}`);
      samples.push(s);
    }
    // The count of a search is cached until the account's links change; these cases change a link before
    // every request, so each answer recounts the hits (the honest cost of a search right after a write).
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
      const s = await measure(name, `http://127.0.0.1:${port}/api/v1/links?search_by=${by}&search=${encodeURIComponent(term)}`, headers, Math.min(requests, 50), 1, touch);
      console.error(`[list bench] ${name}: median ${s.median.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, total ${s.total}`);
      samples.push(s);
    }
  } finally {
    await app.close();
    if (!keep) fs.rmSync(dir, { recursive: true, force: true });
  }
  const table = markdownTable(`GET /api/v1/links on ${count.toLocaleString('en')} links (${seeding})`, samples, GOAL_MS);
  const missed = samples.filter((s) => !(s.p95 < GOAL_MS)).map((s) => s.name);
  const note =
    'Search totals are exact and cached per account until one of its links changes (a version bumped by triggers); ' +
    'the "first request" column and the "recounted after a write" rows show the uncached cost.';
  return `${table}\n\n${note}\n\n${missed.length ? `p95 goal missed by: ${missed.join(', ')}` : `Every case met p95 < ${GOAL_MS} ms.`}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runListBench().then(
    (table) => console.log(table),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
