// The long operations of one account while another account's redirects are timed (heavy-load.bench.ts runs this
// after its mixed load): a bulk DELETE of HEAVY_JOBS_LINKS (300,000) links and its undo, a bulk PATCH of them, an
// import of 100,000 rows, an import of 20,000 rows of one alias with on_conflict=rename, and a PUT /account/qr-logo
// of a PNG that declares 20,000 x 20,000 pixels. On SQLite (a seeded file, chunked) and, with TEST_DATABASE_URL,
// on a fresh PostgreSQL database. Each case: time to its end (a job: until GET says done), redirect p50/p99/max,
// failed redirects, the server's RSS high-water mark. Goals: p99 < 100 ms, max < 250 ms, 0 failed, RSS < 1 GB.
// Loopback only; every wait is bounded.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../src/server/test-utils/server-process';
import { createTestDatabase, TEST_DATABASE_URL } from '../../src/server/test-utils/both-databases';
import { openPostgres } from '../../src/server/db/postgres/open-postgres';
import { seedLinks } from './list-seed';
import { seedPgLinks } from './pg-list-seed';
import { pct, rssMb, sample } from './redirect-sampler';
import { runIfMain } from './standalone';

const ROOT = path.resolve(process.env.BENCH_ROOT || path.join(path.dirname(fileURLToPath(import.meta.url)), '../..'));
const LINKS = Number(process.env.HEAVY_JOBS_LINKS || 300_000);
const CASE_LIMIT_MS = 15 * 60_000;

type Call = (p: string, init?: RequestInit) => Promise<Response>;

/** A PNG header that declares `w` x `h` pixels, with one tiny IDAT: what a decoder must refuse before allocating. */
function hugePng(w: number, h: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32 ? zlib.crc32(body) : 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(Buffer.alloc(64))), chunk('IEND', Buffer.alloc(0))]);
}

/** Waits for a 202's job (an operation's or an import's) to end; bounded. */
async function settle(api: Call, res: Response): Promise<string> {
  const body = (await res.json().catch(() => ({}))) as { data?: { id?: number; operation?: { id: number } } };
  if (res.status !== 202) return String(res.status);
  const opId = body.data?.operation?.id;
  const path = opId ? `/operations/${opId}` : `/imports/${body.data?.id}`;
  for (const end = Date.now() + CASE_LIMIT_MS; Date.now() < end; ) {
    const data = ((await (await api(path)).json()) as { data: { job?: { state: string; error: string | null } | null; status?: string } }).data;
    const state = opId ? data.job?.state : data.status;
    if (state === 'failed' && data.job?.error) console.error(`failed: ${data.job.error}`);
    if (state && !['running', 'queued', 'validating', 'importing'].includes(state)) return `202 → ${state}`;
    await new Promise((r) => setTimeout(r, 250));
  }
  return '202 → still running at the limit';
}

async function cases(label: string, dataDir: string, env: Record<string, string>, heavyKey: string): Promise<string[]> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, BASE_URL: `http://127.0.0.1:${port}`, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, FETCH_TITLES: '0', API_RATE_LIMIT: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const as = (k: string): Call => (p, init = {}) =>
    fetch(`${base}/api/v1${p}`, { ...init, signal: AbortSignal.timeout(CASE_LIMIT_MS), headers: { authorization: `Bearer ${k}`, ...(init.headers as Record<string, string>) } });
  const heavy = as(heavyKey);
  const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  const rows: string[] = [];
  try {
    for (let i = 0; !(await fetch(`${base}/health`).then((r) => r.ok, () => false)); i++) {
      if (i > 1200 || child.exitCode !== null) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const visitorKey = ((await (await heavy('/users', json('POST', { name: 'Visitor', role: 'user' }))).json()) as { data: { api_key: string } }).data.api_key;
    const aliases = Array.from({ length: 50 }, (_, i) => `visitor-${i}`);
    const links = aliases.map((alias) => ({ url: `https://example.com/${alias}`, alias }));
    await as(visitorKey)('/links/bulk', json('POST', { links }));
    const csvOf = (n: number, one?: string) => `url,alias\n${Array.from({ length: n }, (_, i) => `https://example.com/i/${i},${one ?? `imp-${i}`}`).join('\n')}\n`;
    let deleteOp = 0;
    const steps: [string, () => Promise<string>][] = [
      [`DELETE /links/bulk?all=1 (${LINKS.toLocaleString('en')} links)`, async () => {
        const res = await heavy('/links/bulk?all=1', { method: 'DELETE' });
        const body = (await res.clone().json()) as { data?: { operation?: { id: number } } };
        deleteOp = body.data?.operation?.id ?? 0;
        return settle(heavy, res);
      }],
      ['its undo', async () => settle(heavy, await heavy(`/operations/${deleteOp}/undo`, { method: 'POST' }))],
      [`PATCH /links/bulk all=1 (${LINKS.toLocaleString('en')} links)`, async () => settle(heavy, await heavy('/links/bulk', json('PATCH', { all: 1, set: { disabled: 1, expiration_url: 'https://bench.example/' } })))],
      ['import of 100,000 rows', async () => settle(heavy, await heavy('/links/import', { method: 'POST', body: csvOf(100_000), headers: { 'content-type': 'text/csv' } }))],
      ['import of 20,000 rows of one alias, on_conflict=rename', async () => settle(heavy, await heavy('/links/import?on_conflict=rename', { method: 'POST', body: csvOf(20_000, 'same'), headers: { 'content-type': 'text/csv' } }))],
      ['PUT /account/qr-logo, a PNG declaring 20,000 x 20,000', async () => String((await heavy('/account/qr-logo', { method: 'PUT', body: new Uint8Array(hugePng(20_000, 20_000)), headers: { 'content-type': 'image/png' } })).status)],
    ];
    for (const [name, run] of steps) {
      console.error(`heavy jobs bench, ${label}: ${name}…`);
      const t0 = performance.now();
      const work = run().catch((err: Error) => `error ${err.message.slice(0, 80)}`);
      const r = await sample(port, aliases, CASE_LIMIT_MS, work);
      const outcome = await work;
      const ms = performance.now() - t0;
      const s = [...r.times].sort((a, b) => a - b);
      const p99 = pct(s, 99);
      const max = s.at(-1) ?? NaN;
      const rss = rssMb(child.pid as number, 'VmHWM');
      const ok = p99 < 100 && max < 250 && r.failed === 0 && rss < 1024;
      rows.push(`| ${label} | ${name} | ${outcome} | ${(ms / 1000).toFixed(1)} | ${s.length} | ${pct(s, 50).toFixed(1)} | ${p99.toFixed(1)} | ${max.toFixed(1)} | ${r.failed} | ${rss.toFixed(0)} | ${ok ? 'yes' : 'NO'} |`);
      console.error(rows.at(-1)); // each case as it ends: a run stopped by its time limit keeps what it measured
    }
  } finally {
    child.kill('SIGKILL');
  }
  return rows;
}

export async function runHeavyJobsBench(): Promise<string> {
  const rows: string[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkdeck-heavy-jobs-'));
  try {
    const seeded = await seedLinks(path.join(dir, 'linkdeck.db'), LINKS);
    console.error(`heavy jobs bench: ${LINKS} links seeded on SQLite in ${seeded.seconds.toFixed(1)} s`);
    rows.push(...(await cases('SQLite', dir, {}, seeded.apiKey)));
    if (TEST_DATABASE_URL) {
      const database = await createTestDatabase();
      try {
        const pg = await openPostgres(database.url);
        const s = await seedPgLinks(pg, LINKS).finally(() => pg.close());
        console.error(`heavy jobs bench: ${LINKS} links seeded on PostgreSQL in ${s.seconds.toFixed(1)} s`);
        rows.push(...(await cases('PostgreSQL', fs.mkdtempSync(path.join(dir, 'pg-')), { DATABASE_URL: database.url }, s.apiKey)));
      } finally {
        await database.drop();
      }
    } else {
      rows.push('| PostgreSQL | skipped: set TEST_DATABASE_URL | | | | | | | | | |');
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return [
    `### Long operations of one account, another account's redirects timed (server: ${ROOT})`,
    '',
    '| database | case | answer | s to its end | redirects | p50 ms | p99 ms | max ms | failed | RSS HWM MB | goals |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rows,
    '',
    'Goals: redirect p99 < 100 ms, max < 250 ms, 0 failed, RSS < 1 GB.',
  ].join('\n');
}

runIfMain(import.meta.url, runHeavyJobsBench);
