// Redirect latency during a scheduled-style backup: the same redirect load (4 keep-alive clients,
// one visit at a time each) first with no backup, then while a backup runs in its worker thread (VACUUM
// INTO, integrity_check, gzip, read-back check). Seeds BENCH_LINKS links (default 1,000,000) with the list
// bench's seeder; BENCH_DB=<file> keeps and reuses the seeded database. Run alone:
// `BENCH_LINKS=100000 npx tsx e2e/bench/backup.bench.ts`.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { startBackup } from '../../src/server/backup/backup-job';
import { benchRows, seedLinks } from './list-seed';
import { runIfMain } from './standalone';

const CLIENTS = 4;
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

/** Visits `aliases` round-robin from CLIENTS clients until `until` resolves; every latency in ms. */
async function load(port: number, aliases: string[], until: Promise<unknown>): Promise<{ times: number[]; seconds: number; errors: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  let stop = false;
  void until.finally(() => (stop = true)).catch(() => undefined);
  const times: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const visit = (alias: string) =>
    new Promise<number>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path: `/${alias}`, agent, headers: { 'user-agent': UA } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', () => resolve(0));
    });
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (!stop) {
        const t0 = performance.now();
        const status = await visit(aliases[next++ % aliases.length] as string);
        times.push(performance.now() - t0);
        if (status !== 302 && status !== 410 && status !== 404) errors++;
      }
    }),
  );
  agent.destroy();
  return { times: times.sort((a, b) => a - b), seconds: (performance.now() - started) / 1000, errors };
}

export async function runBackupBench(): Promise<string> {
  const count = Number(process.env.BENCH_LINKS ?? 1_000_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkdeck-backup-bench-'));
  const file = process.env.BENCH_DB ?? path.join(dir, 'linkdeck.db');
  try {
    if (!process.env.BENCH_DB || !fs.existsSync(file)) {
      const seeded = await seedLinks(file, count);
      console.error(`[backup bench] ${count.toLocaleString('en')} links seeded in ${seeded.seconds.toFixed(1)} s`);
    }
    const aliases: string[] = [];
    for (const [alias] of benchRows(Math.min(count, 5000))) aliases.push(alias);
    const db = await openDatabase(file);
    const config = loadConfig({}, { dataDir: dir, dbFile: file, baseUrl: 'http://127.0.0.1', fetchTitles: false, apiRateLimit: 0 });
    const app = await buildApp({ config, db });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    try {
      await load(port, aliases, new Promise((r) => setTimeout(r, 2000))); // warm-up: caches, JIT
      const backup = startBackup({ dbFile: file, backupDir: path.join(dir, 'backups'), keep: 1 });
      const during = await load(port, aliases, backup.result);
      const result = await backup.result;
      const quiet = await load(port, aliases, new Promise((r) => setTimeout(r, Math.max(5000, Math.min(result.ms, 30_000)))));
      const row = (name: string, r: typeof quiet) =>
        `| ${name} | ${r.times.length} | ${(r.times.length / r.seconds).toFixed(0)} | ${pct(r.times, 50).toFixed(2)} | ${pct(r.times, 99).toFixed(2)} | ${r.times.at(-1)?.toFixed(1)} | ${r.errors} |`;
      return [
        `### Redirects during a backup, ${count.toLocaleString('en')} links (${CLIENTS} keep-alive clients, one visit at a time each)`,
        '',
        `Backup: ${(result.ms / 1000).toFixed(1)} s, ${(fs.statSync(file).size / 1048576).toFixed(0)} MB database -> ${(result.bytes / 1048576).toFixed(0)} MB gzip, ${result.links.toLocaleString('en')} links`,
        '',
        '| case | redirects | per s | p50 ms | p99 ms | max ms | errors |',
        '|---|---:|---:|---:|---:|---:|---:|',
        row('no backup', quiet),
        row('during the backup', during),
      ].join('\n');
    } finally {
      await app.close();
      await db.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

runIfMain(import.meta.url, runBackupBench);
