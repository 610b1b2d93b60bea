// Analytics benchmark: 100,000 links and 10,000,000 clicks over the last 365 days on SQLite,
// then p95 latency over HTTP of account-wide questions (a year; by country, by link; compared with the
// previous year; uniques; filtered by space; by month; 30 days in Berlin days; one dimension filter)
// against a baseline in the same run: GET /api/v1/links/{id}, a single primary-key read.
// Seeding writes the rollups directly, as the click writer would have left them (no raw events: none of
// the measured questions reads them). Link popularity follows Zipf's law (s = 1), as real links do; the
// visitors' dimensions are spread by fixed shares with daily noise. ~2 minutes, ~1.5 GB in the temp dir.
// Run alone: `npx tsx e2e/bench/analytics.bench.ts`; ANALYTICS_BENCH_CLICKS / _LINKS change the size;
// ANALYTICS_BENCH_DB=<file> keeps the seeded database there and reuses it on the next run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type SqliteDb } from '../../src/server/db/database';
import { UsersRepo } from '../../src/server/users/users.repo';
import { measure, markdownTable, type Sample } from './latency';
import { runIfMain } from './standalone';

const GOAL_MS = 50;
const SPACES = 10;
const DIMENSIONS: Record<string, [string, number][]> = {
  country: ['US', 'DE', 'GB', 'FR', 'IN', 'BR', 'JP', 'CA', 'ES', 'IT', 'NL', 'PL', 'SE', 'MX', 'AU', 'KR', 'TR', 'ID', 'AR', 'ZA'].map((c, i) => [c, 1 / (i + 1)]),
  continent: [['NA', 5], ['EU', 5], ['AS', 3], ['SA', 1], ['AF', 0.5], ['OC', 0.5]],
  browser: [['Chrome', 6], ['Safari', 3], ['Firefox', 1], ['Edge', 1], ['Samsung Internet', 0.5], ['Opera', 0.2]],
  os: [['Android', 4], ['iOS', 3], ['Windows', 3], ['macOS', 1], ['Linux', 0.3]],
  device: [['Mobile', 6], ['Desktop', 4], ['Tablet', 0.5]],
  language: ['en', 'de', 'fr', 'es', 'pt', 'ja', 'it', 'nl', 'pl', 'sv'].map((l, i) => [l, 1 / (i + 1)]),
  referrer: Array.from({ length: 30 }, (_, i) => [`site${i}.example`, 1 / (i + 1)] as [string, number]),
  utm_source: [['newsletter', 3], ['twitter', 2], ['facebook', 2], ['google', 1], ['linkedin', 1]],
  utm_medium: [['email', 3], ['social', 4], ['cpc', 1]],
  utm_campaign: Array.from({ length: 12 }, (_, i) => [`campaign-${i}`, 1 / (i + 1)] as [string, number]),
  target: [['default', 8], ['0:US', 1], ['1:DE', 1]],
};

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296);
}

function seed(db: SqliteDb, links: number, clicks: number): { seconds: number; rows: number } {
  const t0 = performance.now();
  const s = db.sqlite;
  const random = rng(42);
  const now = new Date().toISOString();
  s.prepare("INSERT INTO users (id, name, role, api_key_hash, created_at, updated_at) VALUES (1, 'bench', 'admin', 'bench', ?, ?)").run(now, now);
  for (let i = 1; i <= SPACES; i++) s.prepare('INSERT INTO spaces (id, user_id, name, color, created_at, updated_at) VALUES (?, 1, ?, 0, ?, ?)').run(i, `Space ${i}`, now, now);
  s.prepare("INSERT INTO domains (id, user_id, name, created_at, updated_at, verified_at) VALUES (1, 1, 'go.example', ?, ?, ?)").run(now, now, now);
  for (const name of ['links_fts_ai', 'links_fts_ad', 'links_fts_au']) s.exec(`DROP TRIGGER IF EXISTS ${name}`);
  s.pragma('foreign_keys = OFF'); // the links go in last, with their click totals
  // A throwaway file: a big page cache and no syncs while it fills (the rollups' keys arrive scattered).
  s.pragma('cache_size = -4000000');
  s.pragma('synchronous = OFF');
  const spaceOf = (id: number) => id % (SPACES + 1); // 0: none
  const domainOf = (id: number) => (id % 3 === 0 ? 1 : 0);
  // Zipf over a shuffled order of the links: cumulative weights for sampling.
  const order = Array.from({ length: links }, (_, i) => i + 1);
  for (let i = links - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  const cumulative = new Float64Array(links);
  let acc = 0;
  for (let r = 0; r < links; r++) cumulative[r] = acc += 1 / (r + 1);
  const pick = () => {
    const x = random() * acc;
    let lo = 0;
    let hi = links - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) < x) lo = mid + 1;
      else hi = mid;
    }
    return order[lo] as number;
  };
  const insertDaily = s.prepare("INSERT INTO click_daily (link_id, day, dimension, value, count, uniques) VALUES (?, ?, 'clicks', '', ?, ?)");
  const insertAccount = s.prepare('INSERT INTO click_account_daily (user_id, space_id, domain_id, dimension, day, value, count, uniques) VALUES (1, ?, ?, ?, ?, ?, ?, ?)');
  const insertHourly = s.prepare('INSERT INTO click_account_hourly (user_id, space_id, domain_id, hour, count, uniques) VALUES (1, ?, ?, ?, ?, ?)');
  const perLink = new Int32Array(links + 1);
  const total = new Int32Array(links + 1);
  let rows = 0;
  const days = 365;
  const today = Date.parse(now.slice(0, 10));
  for (let d = days - 1; d >= 0; d--) {
    const day = new Date(today - d * 86_400_000).toISOString().slice(0, 10);
    const n = Math.round((clicks / days) * (0.8 + 0.4 * random()));
    const touched: number[] = [];
    for (let i = 0; i < n; i++) {
      const id = pick();
      if (perLink[id] === 0) touched.push(id);
      perLink[id] = (perLink[id] as number) + 1;
    }
    // "space/domain" -> dimension -> value -> [count, uniques]
    const scopes = new Map<string, Map<string, Map<string, number[]>>>();
    const add = (scope: string, dim: string, value: string, c: number, u: number) => {
      let dims = scopes.get(scope);
      if (!dims) scopes.set(scope, (dims = new Map()));
      let values = dims.get(dim);
      if (!values) dims.set(dim, (values = new Map()));
      const v = values.get(value);
      if (v) {
        v[0] = (v[0] as number) + c;
        v[1] = (v[1] as number) + u;
      } else values.set(value, [c, u]);
    };
    s.transaction(() => {
      for (const id of touched) {
        const c = perLink[id] as number;
        const u = Math.max(1, Math.round(c * 0.8));
        perLink[id] = 0;
        total[id] = (total[id] as number) + c;
        insertDaily.run(id, day, c, u);
        rows++;
        const sp = spaceOf(id);
        const dm = domainOf(id);
        for (const scope of [`${sp}/${dm}`, `${sp}/-1`, `-1/${dm}`, '-1/-1']) {
          add(scope, 'clicks', '', c, u);
          add(scope, 'link', String(id), c, u);
          add(scope, 'space', String(sp), c, u);
          add(scope, 'domain', String(dm), c, u);
        }
      }
      for (const [scope, dims] of scopes) {
        const [sp, dm] = scope.split('/').map(Number) as [number, number];
        const [c, u] = dims.get('clicks')?.get('') as [number, number];
        for (const [dim, shares] of Object.entries(DIMENSIONS)) {
          const weights = shares.map(([, w]) => w * (0.7 + 0.6 * random()));
          const sum = weights.reduce((a, b) => a + b, 0);
          shares.forEach(([value], i) => add(scope, dim, value, Math.round((c * (weights[i] as number)) / sum), Math.round((u * (weights[i] as number)) / sum)));
        }
        for (const [dim, values] of dims) {
          for (const [value, [vc, vu]] of values) {
            if (vc) insertAccount.run(sp, dm, dim, day, value, vc, vu);
            rows++;
          }
        }
        for (let h = 0; h < 24; h++) {
          const share = (1 + Math.sin(((h - 6) / 24) * 2 * Math.PI)) / 24;
          insertHourly.run(sp, dm, `${day}T${String(h).padStart(2, '0')}`, Math.round(c * share), Math.round(u * share));
          rows++;
        }
      }
    })();
    if (d % 60 === 0) console.error(`[analytics bench] seeded ${days - d} days, ${rows.toLocaleString('en')} rollup rows`);
  }
  const insertLink = s.prepare('INSERT INTO links (id, user_id, alias, url, title, space_id, domain_id, clicks, created_at, updated_at) VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?, ?)');
  s.transaction(() => {
    for (let id = 1; id <= links; id++) {
      insertLink.run(id, `l${id}`, `https://example.com/${id}`, `Campaign landing page number ${id}`, spaceOf(id) || null, domainOf(id) || null, total[id], now, now);
    }
  })();
  s.pragma('foreign_keys = ON');
  s.pragma('synchronous = NORMAL');
  s.pragma('cache_size = -65536'); // as openDatabase() sets it, for the measurements
  s.exec('ANALYZE');
  return { seconds: (performance.now() - t0) / 1000, rows };
}

/** The measured questions: account-wide, over the last 365 days unless said otherwise. */
function cases(today: string): [string, string][] {
  const yearAgo = new Date(Date.parse(today) - 364 * 86_400_000).toISOString().slice(0, 10);
  const monthAgo = new Date(Date.parse(today) - 29 * 86_400_000).toISOString().slice(0, 10);
  const year = `from=${yearAgo}&to=${today}`;
  return [
    ['year: totals and daily series', year],
    ['year by country', `${year}&group_by=country`],
    ['year by link', `${year}&group_by=link`],
    ['year by country, compare=previous', `${year}&group_by=country&compare=previous`],
    ['year by browser, unique=1', `${year}&group_by=browser&unique=1`],
    ['year in space 3, by link', `${year}&space_id=3&group_by=link`],
    ['year by month, by utm_source', `${year}&interval=month&group_by=utm_source`],
    ['30 days in Europe/Berlin, by referrer', `from=${monthAgo}&to=${today}&tz=Europe/Berlin&group_by=referrer`],
    ['year where country=DE, by country', `${year}&country=DE&group_by=country`],
  ];
}

export async function runAnalyticsBench(): Promise<string> {
  const links = Number(process.env.ANALYTICS_BENCH_LINKS ?? 100_000);
  const clicks = Number(process.env.ANALYTICS_BENCH_CLICKS ?? 10_000_000);
  const requests = Number(process.env.BENCH_REQUESTS ?? 100);
  const keep = process.env.ANALYTICS_BENCH_DB;
  const dir = keep ? path.dirname(keep) : fs.mkdtempSync(path.join(os.tmpdir(), 'linkdeck-analytics-bench-'));
  const file = keep ?? path.join(dir, 'linkdeck.db');
  const reuse = keep !== undefined && fs.existsSync(file);
  try {
    const db = await openDatabase(file);
    const seeded = reuse ? null : seed(db, links, clicks);
    const apiKey = await new UsersRepo(db.kysely).rotateKey(1);
    const seeding = seeded
      ? `${links.toLocaleString('en')} links, ${clicks.toLocaleString('en')} clicks (${seeded.rows.toLocaleString('en')} rollup rows) seeded in ${seeded.seconds.toFixed(1)} s`
      : `reused ${file}`;
    console.error(`[analytics bench] ${seeding}`);
    const config = loadConfig({}, { dataDir: dir, dbFile: file, apiRateLimit: 0, fetchTitles: false, baseUrl: 'http://127.0.0.1' });
    const app = await buildApp({ config, db });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`;
    const headers = { authorization: `Bearer ${apiKey}`, accept: 'application/json' };
    const samples: Sample[] = [];
    const times: number[] = [];
    try {
      const baseline = await measure('baseline: GET /links/1 (one primary-key read)', `${base}/links/1`, headers, requests);
      for (const [name, query] of cases(new Date().toISOString().slice(0, 10))) {
        const sample = await measure(name, `${base}/stats?${query}`, headers, requests);
        console.error(`[analytics bench] ${name}: median ${sample.median.toFixed(1)} ms, p95 ${sample.p95.toFixed(1)} ms`);
        samples.push(sample);
        times.push(sample.p95);
      }
      const worst = Math.max(...times);
      const lines = [
        markdownTable(`Analytics API on SQLite: ${seeding}`, [baseline, ...samples], GOAL_MS),
        '',
        `Worst case p95 ${worst.toFixed(1)} ms (goal < ${GOAL_MS} ms); ratio to the baseline's p95 (${baseline.p95.toFixed(1)} ms): ${(worst / baseline.p95).toFixed(1)}x`,
      ];
      return lines.join('\n');
    } finally {
      await app.close();
    }
  } finally {
    if (!keep) fs.rmSync(dir, { recursive: true, force: true });
  }
}

runIfMain(import.meta.url, runAnalyticsBench);
