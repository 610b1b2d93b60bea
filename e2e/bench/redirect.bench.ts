// Redirect benchmark: Linkdeck's redirect with click counting on versus a bare node:http
// server answering the same 302s from a Map, same load, alternating rounds; wrk runs as a second
// process. First 1,000 links, then the same 1,000 links each with a clicks_limit (every visit counted
// durably by a synchronous UPDATE before the redirect), then 1,000,000 links in the database.
// Loopback only, ~3-4 minutes; REDIRECT_BENCH_QUICK=1 skips the million.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type SqliteDb } from '../../src/server/db/database';
import { bareServer, pairedRounds, CONNECTIONS, median, PICKED, ROUNDS, row, SECONDS, WRK, writeScript, type Run } from './wrk';
import { runIfMain } from './standalone';

/** Inserts links with raw prepared statements in one transaction (search triggers off meanwhile). */
function seedLinks(db: SqliteDb, count: number): void {
  const s = db.sqlite;
  s.prepare("INSERT OR IGNORE INTO users (id, name, role, api_key_hash, created_at, updated_at) VALUES (1, 'bench', 'admin', 'bench', 'x', 'x')").run();
  const triggers = s.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'links_fts_%'").pluck().all() as string[];
  for (const name of ['links_fts_ai', 'links_fts_ad', 'links_fts_au']) s.exec(`DROP TRIGGER IF EXISTS ${name}`);
  const now = new Date().toISOString();
  const insert = s.prepare('INSERT INTO links (user_id, alias, url, created_at, updated_at) VALUES (1, ?, ?, ?, ?)');
  const start = (s.prepare('SELECT count(*) FROM links').pluck().get() as number) ?? 0;
  s.transaction(() => {
    for (let i = start; i < count; i++) insert.run(`l${i}`, `https://example.com/dest/${i}?ref=bench`, now, now);
  })();
  for (const sql of triggers) s.exec(sql);
}

function aliasesFor(total: number): string[] {
  const step = Math.max(1, Math.floor(total / PICKED));
  return Array.from({ length: PICKED }, (_, i) => `l${i * step}`);
}

async function scenario(dir: string, db: SqliteDb, total: number, limited: boolean): Promise<{ app: Run[]; bare: Run[]; clicks: number }> {
  const t0 = Date.now();
  seedLinks(db, total);
  const seedMs = Date.now() - t0;
  // A limit no bench reaches: every visit takes the durable path, none is refused.
  db.sqlite.prepare('UPDATE links SET clicks_limit = ?').run(limited ? 1_000_000_000 : null);
  const config = loadConfig({}, { dbFile: db.sqlite.name, dataDir: dir, baseUrl: 'http://127.0.0.1', fetchTitles: false, apiRateLimit: 0 });
  const app = await buildApp({ config, db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appPort = (app.server.address() as AddressInfo).port;
  const bare = await bareServer(total);
  const barePort = (bare.address() as AddressInfo).port;
  const script = writeScript(dir, aliasesFor(total));
  const before = db.sqlite.prepare('SELECT sum(clicks) FROM links').pluck().get() as number;
  const runs = await pairedRounds(appPort, barePort, script);
  await app.close(); // flushes the clicks
  await new Promise((r) => bare.close(r));
  const after = db.sqlite.prepare('SELECT sum(clicks) FROM links').pluck().get() as number;
  console.error(`  ${total.toLocaleString('en')} links seeded in ${seedMs} ms`);
  return { ...runs, clicks: after - before };
}

export async function runRedirectBench(): Promise<string> {
  if (!fs.existsSync(WRK)) return 'redirect bench skipped: wrk not found at /usr/bin/wrk';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkdeck-bench-'));
  const db = await openDatabase(path.join(dir, 'bench.db'));
  const lines = [
    `Redirect benchmark: wrk -t1 -c${CONNECTIONS}, ${ROUNDS} alternating rounds of ${SECONDS}s, ${PICKED} aliases, click counting on`,
    `${'server'.padEnd(30)} ${'req/s'.padStart(9)} ${'p99 ms'.padStart(9)} ${'errors'.padStart(7)} ${'CPU µs/req'.padStart(11)}`,
  ];
  const ratios: number[] = [];
  try {
    const cases = [
      { total: 1000, limited: false },
      { total: 1000, limited: true },
      ...(process.env.REDIRECT_BENCH_QUICK === '1' ? [] : [{ total: 1_000_000, limited: false }]),
    ];
    for (const { total, limited } of cases) {
      const label = `${total.toLocaleString('en')} ${limited ? 'limited ' : ''}links`;
      console.error(`redirect bench: ${label}…`);
      const res = await scenario(dir, db, total, limited);
      // Each app round is compared with the bare round just before it: the machine's drift cancels out.
      const paired = res.app.map((r, i) => r.rps / (res.bare[i]?.rps ?? NaN)).sort((a, b) => a - b);
      const ratio = median(paired);
      if (!limited) ratios.push(ratio);
      const cpuRatio = median(res.bare.map((r) => r.cpu)) / median(res.app.map((r) => r.cpu));
      const served = res.app.reduce((a, r) => a + r.requests, 0);
      lines.push(row(`bare node:http (${total.toLocaleString('en')})`, res.bare));
      lines.push(row(`Linkdeck (${label})`, res.app));
      if (limited) lines.push(`  every link has clicks_limit: each visit is appended to the limit journal before the redirect`);
      lines.push(`  ratio ${ratio.toFixed(2)} (goal >= 0.70; median of the ${paired.length} paired rounds, range ${paired[0]?.toFixed(2)}–${paired.at(-1)?.toFixed(2)}); CPU per request bare/Linkdeck ${cpuRatio.toFixed(2)}`);
      lines.push(`  clicks stored ${res.clicks} (measured rounds served ${served} + warm-up)`);
    }
    const drop = 1 - (ratios[1] ?? 0) / (ratios[0] ?? 1);
    if (ratios.length > 1) lines.push(`1,000,000 vs 1,000 links: ratio ${drop > 0 ? 'dropped' : 'rose'} by ${(Math.abs(drop) * 100).toFixed(1)}% (goal: drop <= 10%)`);
  } finally {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return lines.join('\n');
}

runIfMain(import.meta.url, runRedirectBench);
