// Import and export at scale, on SQLite, through the real server over HTTP:
// - POST /api/v1/links/import of BENCH_IMPORT_ROWS (default 100,000) rows of a Linkdeck CSV, timed from the
//   upload to the job's "completed" (goal: under 60 s), against a baseline measured in the same run: the
//   same rows inserted with one prepared statement in one transaction (the floor for these tables, their
//   triggers and search index), so the ratio says what checking, batching and the job cost on this machine.
// - GET /api/v1/links/export of BENCH_EXPORT_LINKS (default 1,000,000; 0 skips it) links as CSV: time, and
//   the process's peak RSS while streaming against its RSS before (constant memory: the peak stays flat).
// Run alone: `npx tsx e2e/bench/import.bench.ts`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { UsersRepo } from '../../src/server/users/users.repo';
import { csvRow } from '../../src/shared/csv';
import { seedLinks } from './list-seed';
import { runIfMain } from './standalone';

const GOAL_S = 60;

function importCsv(rows: number): string {
  const lines = [csvRow(['url', 'alias', 'title', 'created_at'])];
  for (let i = 1; i <= rows; i++) {
    lines.push(csvRow([`https://www.example.com/articles/${i}?utm_source=import&utm_medium=bench`, `imp-${i.toString(36)}`, `Imported article number ${i}, about ${i % 2 ? 'travel' : 'finance'}`, '2025-06-01T12:00:00Z']));
  }
  return lines.join('');
}

async function withServer<T>(dir: string, run: (base: string, key: string) => Promise<T>): Promise<T> {
  const file = path.join(dir, 'linkdeck.db');
  const db = await openDatabase(file);
  const { apiKey } = await new UsersRepo(db.kysely).create('Bench', 'admin');
  await db.close();
  const config = loadConfig({}, { dataDir: dir, dbFile: file, apiRateLimit: 0, fetchTitles: false, baseUrl: 'http://127.0.0.1' });
  const app = await buildApp({ config });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    return await run(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, apiKey);
  } finally {
    await app.close();
  }
}

/** The floor: the same rows, one prepared INSERT in one transaction, in a fresh database. */
async function baseline(dir: string, rows: number): Promise<number> {
  const db = await openDatabase(path.join(dir, 'baseline.db'));
  try {
    const { user } = await new UsersRepo(db.kysely).create('Base', 'admin');
    const insert = db.sqlite.prepare(`INSERT INTO links (user_id, alias, url, title, targets, sensitive_content, privacy, disabled, created_at, updated_at)
      VALUES (?, ?, ?, ?, '[]', 0, 0, 0, ?, ?)`);
    const now = new Date().toISOString();
    const started = performance.now();
    db.sqlite.transaction(() => {
      for (let i = 1; i <= rows; i++) {
        insert.run(user.id, `imp-${i.toString(36)}`, `https://www.example.com/articles/${i}?utm_source=import&utm_medium=bench`, `Imported article number ${i}`, now, now);
      }
    })();
    return (performance.now() - started) / 1000;
  } finally {
    await db.close();
  }
}

async function timeImport(dir: string, rows: number): Promise<{ seconds: number; created: number; status: string }> {
  const csv = importCsv(rows);
  return withServer(dir, async (base, key) => {
    const headers = { authorization: `Bearer ${key}` };
    const started = performance.now();
    const res = await fetch(`${base}/api/v1/links/import`, { method: 'POST', body: csv, headers: { ...headers, 'content-type': 'text/csv' } });
    if (res.status !== 202) throw new Error(`import answered ${res.status}: ${await res.text()}`);
    const { data } = (await res.json()) as { data: { id: number } };
    for (;;) {
      await new Promise((r) => setTimeout(r, 100));
      const job = (await (await fetch(`${base}/api/v1/imports/${data.id}`, { headers })).json()) as { data: { status: string; created: number; error: string | null } };
      if (job.data.status === 'completed' || job.data.status === 'failed') {
        if (job.data.status === 'failed') throw new Error(`import failed: ${job.data.error}`);
        return { seconds: (performance.now() - started) / 1000, created: job.data.created, status: job.data.status };
      }
    }
  });
}

async function timeExport(dir: string, links: number): Promise<string> {
  const file = path.join(dir, 'export.db');
  const seeded = await seedLinks(file, links);
  const config = loadConfig({}, { dataDir: dir, dbFile: file, apiRateLimit: 0, fetchTitles: false, baseUrl: 'http://127.0.0.1' });
  const app = await buildApp({ config });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    globalThis.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const started = performance.now();
    const res = await fetch(`${base}/api/v1/links/export?format=csv`, { headers: { authorization: `Bearer ${seeded.apiKey}` } });
    let bytes = 0;
    let lines = 0;
    // RSS at each quarter of the rows: flat after the first quarter means constant memory.
    const quarters: number[] = [];
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) lines++;
      if (lines >= ((quarters.length + 1) * links) / 4) quarters.push(process.memoryUsage().rss);
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
    return `| export ${links.toLocaleString('en')} links as CSV | ${seconds.toFixed(1)} s | ${Math.round((lines - 1) / seconds).toLocaleString('en')} rows/s | ${(bytes / 1024 / 1024).toFixed(0)} MB streamed, ${(lines - 1).toLocaleString('en')} rows; RSS ${mb(before)} MB before, peak ${mb(peak)} MB (+${mb(peak - before)} MB); at 25/50/75/100 %: ${quarters.map(mb).join(' / ')} MB (SQLite's page cache is up to 64 MB of it) |`;
  } finally {
    await app.close();
  }
}

export async function runImportBench(): Promise<string> {
  const rows = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
  const exportLinks = Number(process.env.BENCH_EXPORT_LINKS ?? 1_000_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkdeck-import-bench-'));
  try {
    const base = await baseline(dir, rows);
    const imp = await timeImport(fs.mkdtempSync(path.join(dir, 'import-')), rows);
    if (imp.created !== rows) throw new Error(`import created ${imp.created} of ${rows} rows`);
    const lines = [
      `### Import and export (SQLite)`,
      '',
      '| case | time | rate | notes |',
      '|---|---:|---:|---|',
      `| import ${rows.toLocaleString('en')} rows (POST /links/import, text/csv, until "completed") | ${imp.seconds.toFixed(1)} s | ${Math.round(rows / imp.seconds).toLocaleString('en')} rows/s | goal < ${GOAL_S} s: ${imp.seconds < GOAL_S ? 'met' : 'MISSED'}; ${(imp.seconds / base).toFixed(1)}x the baseline |`,
      `| baseline: the same rows, one prepared INSERT in one transaction | ${base.toFixed(1)} s | ${Math.round(rows / base).toLocaleString('en')} rows/s | the floor on this machine |`,
    ];
    if (exportLinks > 0) lines.push(await timeExport(dir, exportLinks));
    return `${lines.join('\n')}\n`;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

runIfMain(import.meta.url, runImportBench);
