// Bulk PATCH over 100,000 links: seeds one account's links (list-seed.ts), starts the real server
// and times PATCH /api/v1/links/bulk (all=1, setting disabled and expiration_url: the counters' triggers
// run as for any edit), its dry run, and the undo of the operation. The baseline, measured in the same run
// on the same rows, is one plain UPDATE of the same columns on the database (no before-images, no HTTP).
// Run alone: `npx tsx e2e/bench/bulk.bench.ts`; BENCH_BULK_LINKS (default 100000) changes the size. With
// TEST_DATABASE_URL the same is measured on a fresh PostgreSQL database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Db } from '../../src/server/db/database';
import { openPostgres } from '../../src/server/db/postgres/open-postgres';
import { createTestDatabase, TEST_DATABASE_URL } from '../../src/server/test-utils/both-databases';
import { sql } from 'kysely';
import { rawQuery } from '../../src/server/test-utils/test-app';
import { countersOff } from '../../src/server/links/core/link-counters';
import { seedLinks } from './list-seed';
import { seedPgLinks } from './pg-list-seed';
import { serve } from './list.bench';
import { runIfMain } from './standalone';

interface Row {
  step: string;
  ms: number;
  note: string;
}

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

async function call(port: number, key: string, method: string, url: string, body?: unknown): Promise<{ ms: number; json: Record<string, unknown> }> {
  const start = process.hrtime.bigint();
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (res.status !== 200 && res.status !== 202) throw new Error(`${method} ${url}: HTTP ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  if (res.status === 202) {
    // A job: the time is until GET /operations/{id} says it is done (polled every 50 ms, bounded).
    const { operation } = json.data as { operation: { id: number } };
    for (let i = 0; i < 24_000; i++) {
      const got = await fetch(`http://127.0.0.1:${port}/api/v1/operations/${operation.id}`, { headers: { authorization: `Bearer ${key}` } });
      const op = ((await got.json()) as { data: { job: { state: string; done: number; error: string | null } | null } }).data;
      if (op.job?.state === 'failed') throw new Error(`${method} ${url}: the job failed: ${op.job.error}`);
      if (op.job?.state !== 'running') return { ms: ms(start), json: { data: { ...(json.data as object), restored: op.job?.done, job: true } } };
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`${method} ${url}: the job did not end in 20 minutes`);
  }
  return { ms: ms(start), json };
}

/** Baseline, then the bulk PATCH, its dry run and its undo, on `db` behind a listening server. */
async function measure(db: Db, dir: string, key: string, userId: number, count: number, databaseUrl?: string): Promise<Row[]> {
  const rows: Row[] = [];
  const start = process.hrtime.bigint();
  const update = 'UPDATE links SET disabled = 1, expiration_url = ?, updated_at = ? WHERE user_id = ?';
  const params = ['https://baseline.example/', new Date().toISOString(), userId];
  if (db.dialect === 'sqlite') {
    await rawQuery(db, update, params);
    rows.push({ step: 'baseline: one plain UPDATE of the same columns', ms: ms(start), note: `${count.toLocaleString('en')} rows` });
  } else {
    // A plain UPDATE runs the per-row counter triggers and takes over 15 s here (migration 006 says why):
    // the baseline is the same UPDATE with the counters kept as the bulk PATCH keeps them.
    await db.kysely.transaction().execute(async (trx) => {
      const counters = await countersOff(trx, userId);
      await sql`UPDATE links SET disabled = 1, expiration_url = ${params[0]}, updated_at = ${params[1]} WHERE user_id = ${userId}`.execute(trx);
      await counters.end();
    });
    rows.push({ step: 'baseline: one plain UPDATE of the same columns (counters recounted once)', ms: ms(start), note: `${count.toLocaleString('en')} rows` });
  }
  const config = loadConfig({}, { dataDir: dir, dbFile: path.join(dir, 'linkdeck.db'), databaseUrl, apiRateLimit: 0, fetchTitles: false, baseUrl: 'http://127.0.0.1' });
  await serve(config, db, async (port) => {
    const set = { disabled: 0, expiration_url: 'https://bulk.example/' };
    const dry = await call(port, key, 'PATCH', '/api/v1/links/bulk?dry_run=1', { all: 1, set });
    rows.push({ step: 'PATCH /links/bulk?dry_run=1 (count + first 10)', ms: dry.ms, note: `count ${(dry.json.data as { count: number }).count}` });
    const done = await call(port, key, 'PATCH', '/api/v1/links/bulk', { all: 1, set });
    const data = done.json.data as { count: number; operation: { id: number } };
    rows.push({ step: `PATCH /links/bulk (${done.json.data && (done.json.data as { job?: boolean }).job ? 'a job in chunks, until done' : 'one transaction'}; before-images and history)`, ms: done.ms, note: `count ${data.count}` });
    const undo = await call(port, key, 'POST', `/api/v1/operations/${data.operation.id}/undo`);
    rows.push({ step: 'POST /operations/{id}/undo', ms: undo.ms, note: `restored ${(undo.json.data as { restored: number }).restored}` });
    const filtered = await call(port, key, 'PATCH', '/api/v1/links/bulk', { search: 'launch', search_by: 'title', set: { disabled: 1 } });
    rows.push({ step: 'PATCH /links/bulk by a filter (search_by=title "launch")', ms: filtered.ms, note: `count ${(filtered.json.data as { count: number }).count}` });
    return [];
  });
  return rows;
}

function table(title: string, rows: Row[]): string {
  const base = rows[0]?.ms ?? 1;
  const lines = [`### ${title}`, '', '| step | time ms | × baseline | |', '|---|---:|---:|---|'];
  for (const r of rows) lines.push(`| ${r.step} | ${r.ms.toFixed(0)} | ${(r.ms / base).toFixed(1)} | ${r.note} |`);
  const ratio = (step: string) => rows.find((r) => r.step.startsWith(step));
  const patch = ratio('PATCH /links/bulk (');
  const undo = ratio('POST /operations');
  const goal = (r: Row | undefined) => (r ? `${(r.ms / base).toFixed(2)}x ${r.ms / base <= 2 ? '(goal ≤ 2x: yes)' : '(goal ≤ 2x: NO)'}` : 'n/a');
  lines.push('', `Against the plain UPDATE of this run: PATCH ${goal(patch)}, its undo ${goal(undo)}.`);
  return lines.join('\n');
}

export async function runBulkBench(): Promise<string> {
  const count = Number(process.env.BENCH_BULK_LINKS ?? 100_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkdeck-bulk-bench-'));
  const tables: string[] = [];
  try {
    const file = path.join(dir, 'linkdeck.db');
    const seeded = await seedLinks(file, count);
    console.error(`[bulk bench sqlite] ${count} links seeded in ${seeded.seconds.toFixed(1)} s`);
    const db = await openDatabase(file);
    try {
      tables.push(table(`Bulk PATCH over ${count.toLocaleString('en')} links, SQLite`, await measure(db, dir, seeded.apiKey, seeded.userId, count)));
    } finally {
      await db.close();
    }
    if (TEST_DATABASE_URL) {
      const database = await createTestDatabase();
      const pg = await openPostgres(database.url);
      try {
        const s = await seedPgLinks(pg, count);
        console.error(`[bulk bench postgres] ${count} links seeded in ${s.seconds.toFixed(1)} s`);
        tables.push(table(`The same on PostgreSQL`, await measure(pg, dir, s.apiKey, s.userId, count, database.url)));
      } finally {
        await pg.close();
        await database.drop();
      }
    } else {
      tables.push('(PostgreSQL skipped: set TEST_DATABASE_URL to a server where this user may create databases.)');
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return `${tables.join('\n\n')}\n\nThe baseline writes the same columns of the same rows with one UPDATE straight on the database; the bulk PATCH also selects the links with the list's filter code, copies the old values for undo and answers over HTTP.\n`;
}

runIfMain(import.meta.url, runBulkBench);
