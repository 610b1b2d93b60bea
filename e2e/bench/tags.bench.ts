// Tag filters on a million links (issue 12): the list bench's links with a realistic tag distribution (a few
// tags on most links, a long tail of rare ones, ~1.5 tags per link), then GET /links for one common tag, a
// rare tag, two tags any and all, each compared with the unfiltered list measured in the same run. Totals are
// exact: the first request of each case counts, later ones hit the count cache; the "after a write" cases
// change a link's tags before every request, so each answer recounts.
// Run alone: `npx tsx e2e/bench/tags.bench.ts` (BENCH_LINKS, BENCH_REQUESTS as for the list bench).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
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

/** Tags for the seeded links: ~90 % get a common tag, ~50 % a tail tag (Zipf-like), ~10 % a third, 20 links the rare one. */
function seedTags(file: string, userId: number, count: number): Promise<{ pairs: number; seconds: number }> {
  return openDatabase(file).then(async (db) => {
    const started = process.hrtime.bigint();
    const s = db.sqlite;
    const at = new Date().toISOString();
    const addTag = s.prepare('INSERT INTO tags (user_id, name, name_key, color, created_at, updated_at) VALUES (?, ?, ?, 1, ?, ?) RETURNING id');
    const ids = new Map<string, number>();
    const names = [...COMMON.map(([n]) => n), ...Array.from({ length: TAIL }, (_, i) => `topic-${i}`), RARE];
    const pair = s.prepare('INSERT OR IGNORE INTO link_tags (link_id, tag_id) VALUES (?, ?)');
    const rnd = prng(7);
    const firstId = s.prepare('SELECT min(id) FROM links WHERE user_id = ?').pluck().get(userId) as number;
    let pairs = 0;
    s.transaction(() => {
      for (const n of names) ids.set(n, (addTag.get(userId, n, n, at, at) as { id: number }).id);
      const tail = () => ids.get(`topic-${Math.min(TAIL - 1, Math.floor(TAIL * rnd() ** 3))}`) as number;
      for (let i = 0; i < count; i++) {
        const link = firstId + i;
        const tags = new Set<number>();
        let r = rnd();
        for (const [n, share] of COMMON) {
          if (r < share) {
            tags.add(ids.get(n) as number);
            break;
          }
          r -= share;
        }
        if (rnd() < 0.5) tags.add(tail());
        if (rnd() < 0.1) tags.add(rnd() < 0.5 ? (ids.get('social') as number) : tail());
        if (i % 50_000 === 123) tags.add(ids.get(RARE) as number);
        for (const t of tags) pairs += pair.run(link, t).changes;
      }
    })();
    s.exec('ANALYZE');
    await db.close();
    return { pairs, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
  });
}

const CASES: [string, string][] = [
  ['unfiltered list (baseline)', ''],
  ['tag=newsletter (common, ~30 %)', 'tag=newsletter'],
  [`tag=${RARE} (rare, 20 links)`, `tag=${RARE}`],
  ['tag=topic-3 (tail)', 'tag=topic-3'],
  ['tag=newsletter,social (any)', 'tag=newsletter,social'],
  ['tag=newsletter,social (all)', 'tag=newsletter,social&tag_mode=all'],
  ['tag=social + status=1', 'tag=social&status=1'],
  ['tag=newsletter, page 200', 'tag=newsletter&page=200'],
];

export async function runTagsBench(): Promise<string> {
  const count = Number(process.env.BENCH_LINKS ?? 1_000_000);
  const requests = Number(process.env.BENCH_REQUESTS ?? 100);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkdeck-tags-bench-'));
  const file = path.join(dir, 'linkdeck.db');
  try {
    const seeded = await seedLinks(file, count);
    const tagged = await seedTags(file, seeded.userId, count);
    const seeding = `${count.toLocaleString('en')} links seeded in ${seeded.seconds.toFixed(1)} s; ${tagged.pairs.toLocaleString('en')} tags on them (${(tagged.pairs / count).toFixed(2)} per link) in ${tagged.seconds.toFixed(1)} s`;
    console.error(`[tags bench] ${seeding}`);
    const config = loadConfig({}, { dataDir: dir, dbFile: file, apiRateLimit: 0, fetchTitles: false, baseUrl: 'http://127.0.0.1' });
    const headers = { authorization: `Bearer ${seeded.apiKey}`, accept: 'application/json' };
    const samples = await serve(config, undefined, async (port) => {
      const out: Sample[] = [];
      const url = (q: string) => `http://127.0.0.1:${port}/api/v1/links${q ? `?${q}` : ''}`;
      for (const [name, q] of CASES) {
        const s = await measure(name, url(q), headers, requests);
        console.error(`[tags bench] ${name}: median ${s.median.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, first ${s.first.toFixed(1)} ms, total ${s.total}`);
        out.push(s);
      }
      // A link's tags change before every request: the count cache cannot answer, every total is recounted.
      let flip = 0;
      const touch = async () => {
        const res = await fetch(url('').replace('/links', '/links/2'), {
          method: 'PATCH',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ tags: flip++ % 2 ? ['newsletter'] : ['social'] }),
        });
        if (res.status !== 200) throw new Error(`touch: HTTP ${res.status}`);
      };
      for (const [name, q] of CASES.slice(1, 6)) {
        const s = await measure(`${name}, recounted after a write`, url(q), headers, Math.min(requests, 30), 1, touch);
        console.error(`[tags bench] ${s.name}: median ${s.median.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms`);
        out.push(s);
      }
      return out;
    });
    const base = samples[0] as Sample;
    const lines = [
      `### Tag filters, GET /api/v1/links, SQLite (${seeding})`,
      '',
      `| case | median ms | p95 ms | first request ms | total | median / unfiltered |`,
      '|---|---:|---:|---:|---:|---:|',
      ...samples.map((s) => `| ${s.name} | ${s.median.toFixed(1)} | ${s.p95.toFixed(1)} | ${s.first.toFixed(1)} | ${s.total ?? ''} | ${(s.median / base.median).toFixed(1)}× |`),
    ];
    return `${lines.join('\n')}\n`;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

runIfMain(import.meta.url, runTagsBench);
