// Heavy-load benchmark: a real server process; other visitors' redirects are timed
// first alone (the baseline), then while one account runs a mixed heavy load: bursts of 2048-pixel QR
// codes with a logo, exports of all its links, concurrent import dry runs of a large file. Prints the
// redirect p50/p99, failed redirects and the server's peak RSS. Goals: p99 < 100 ms, no failed
// redirect, peak RSS < 1 GB. Loopback only; every loop is bounded in count and in time.
// BENCH_ROOT: the checkout whose server runs (default: this one), e.g. a copy of the code before.
// HEAVY_BENCH_SECONDS (20), HEAVY_BENCH_LINKS (5000), HEAVY_BENCH_IMPORT_MB (10) size it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import { freePort } from '../../src/server/test-utils/server-process';
import { runIfMain } from './standalone';
import { pct, rssMb, sample } from './redirect-sampler';
import { runHeavyJobsBench } from './heavy-jobs.bench';

const ROOT = path.resolve(process.env.BENCH_ROOT || path.join(path.dirname(fileURLToPath(import.meta.url)), '../..'));
const SECONDS = Number(process.env.HEAVY_BENCH_SECONDS || 20);
const LINKS = Number(process.env.HEAVY_BENCH_LINKS || 5000);
const IMPORT_MB = Number(process.env.HEAVY_BENCH_IMPORT_MB || 10);
const VISITORS = 4;

function logoPng(size = 256): Buffer {
  const png = new PNG({ width: size, height: size });
  for (let i = 0; i < size * size; i++) png.data.set([20 + (i % 200), 90, 200 - (i % 150), 255], i * 4);
  return PNG.sync.write(png);
}

function csv(rows: number, tag: string): string {
  return `url,alias,title\n${Array.from({ length: rows }, (_, i) => `https://example.com/${tag}/${i}?utm_source=bench&n=${i},${tag}-${i},Row ${i} of the ${tag} file with a longer title`).join('\n')}\n`;
}

/** Runs `fn` until `deadline` (and at most `max` times); counts the answers by status. */
async function repeat(deadline: number, max: number, counts: Map<string, number>, fn: () => Promise<Response>): Promise<void> {
  for (let i = 0; i < max && Date.now() < deadline; i++) {
    const key = await fn().then(
      async (res) => (await res.arrayBuffer(), String(res.status)),
      (err: Error) => `error ${err.name}`,
    );
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
}

export async function runHeavyLoadBench(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkdeck-heavy-'));
  const port = await freePort();
  const key = `bench_admin_key_${port}_0123456789`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, BASE_URL: `http://127.0.0.1:${port}`, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, ADMIN_API_KEY: key, FETCH_TITLES: '0', API_RATE_LIMIT: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const api = (k: string, p: string, init: RequestInit = {}) =>
    fetch(`${base}/api/v1${p}`, { ...init, signal: AbortSignal.timeout(120_000), headers: { authorization: `Bearer ${k}`, ...(init.headers as Record<string, string>) } });
  try {
    for (let i = 0; !(await fetch(`${base}/health`).then((r) => r.ok, () => false)); i++) {
      if (i > 600 || child.exitCode !== null) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const json = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    const user = (await (await api(key, '/users', json({ name: 'Heavy', role: 'user' }))).json()) as { data: { api_key: string } };
    const heavy = user.data.api_key;
    const aliases = Array.from({ length: 50 }, (_, i) => `visit-${i}`);
    for (const alias of aliases) await api(key, '/links', json({ url: `https://example.com/${alias}`, alias }));
    const qrLink = (await (await api(heavy, '/links', json({ url: 'https://example.com/qr', alias: 'heavy-qr' }))).json()) as { data: { id: number } };
    await api(heavy, '/account/qr-logo', { method: 'PUT', body: new Uint8Array(logoPng()), headers: { 'content-type': 'image/png' } });
    const seeded = (await (await api(heavy, '/links/import', { method: 'POST', body: csv(LINKS, 'seed'), headers: { 'content-type': 'text/csv' } })).json()) as { data: { id: number } };
    for (let i = 0; i < 1200; i++) {
      const job = (await (await api(heavy, `/imports/${seeded.data.id}`)).json()) as { data: { status: string } };
      if (job.data.status === 'completed' || job.data.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const rowBytes = csv(1, 'dry').length - 'url,alias,title\n'.length;
    const bigCsv = csv(Math.round((IMPORT_MB * 1024 * 1024) / rowBytes), 'dry');

    console.error(`heavy-load bench (${ROOT}): baseline…`);
    const baseline = await sample(port, aliases, (SECONDS * 1000) / 2);
    const rssBaseline = rssMb(child.pid as number, 'VmHWM');

    console.error('heavy-load bench: under heavy load…');
    const counts = { qr: new Map<string, number>(), export: new Map<string, number>(), dry: new Map<string, number>() };
    const deadline = Date.now() + SECONDS * 1000;
    let rssPeak = 0;
    const rssTimer = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(child.pid as number, 'VmRSS'))), 100);
    const qr = () => api(heavy, `/links/${qrLink.data.id}/qr?size=2048&logo=1&ecc=H`);
    const loads = [
      ...Array.from({ length: 8 }, () => repeat(deadline, 500, counts.qr, qr)),
      ...Array.from({ length: 2 }, () => repeat(deadline, 200, counts.export, () => api(heavy, '/links/export?format=json'))),
      ...Array.from({ length: 6 }, () => repeat(deadline, 100, counts.dry, () => api(heavy, '/links/import?dry_run=1&on_conflict=skip', { method: 'POST', body: bigCsv, headers: { 'content-type': 'text/csv' } }))),
    ];
    const loaded = await sample(port, aliases, SECONDS * 1000);
    await Promise.all(loads);
    clearInterval(rssTimer);
    const rssHwm = rssMb(child.pid as number, 'VmHWM');

    const row = (name: string, r: { times: number[]; failed: number }) => {
      const s = [...r.times].sort((a, b) => a - b);
      return `| ${name} | ${s.length} | ${pct(s, 50).toFixed(1)} | ${pct(s, 99).toFixed(1)} | ${(s.at(-1) ?? NaN).toFixed(1)} | ${r.failed} |`;
    };
    const told = (m: Map<string, number>) => [...m].map(([k, v]) => `${k}: ${v}`).join(', ') || 'none';
    const p99 = pct([...loaded.times].sort((a, b) => a - b), 99);
    return [
      `### Heavy load (server: ${ROOT}; ${SECONDS} s; ${LINKS} links exported; dry runs of ${IMPORT_MB} MB; ${VISITORS} visitors)`,
      '',
      '| redirects | count | p50 ms | p99 ms | max ms | failed |',
      '|---|---:|---:|---:|---:|---:|',
      row('baseline (no heavy load)', baseline),
      row('during the heavy load', loaded),
      '',
      `Heavy answers by status: QR 2048 with logo (8 clients) ${told(counts.qr)}; exports (2 clients) ${told(counts.export)}; dry runs (6 clients) ${told(counts.dry)}`,
      `Server RSS: after the baseline ${rssBaseline.toFixed(0)} MB; peak under load ${Math.max(rssPeak, 0).toFixed(0)} MB sampled, ${rssHwm.toFixed(0)} MB high-water mark`,
      `Goals: p99 < 100 ms ${p99 < 100 ? 'yes' : 'NO'}; no failed redirect ${loaded.failed === 0 ? 'yes' : 'NO'}; RSS < 1 GB ${rssHwm < 1024 ? 'yes' : 'NO'}`,
    ].join('\n');
  } finally {
    child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The heavy load, then the long operations as jobs on SQLite and PostgreSQL (heavy-jobs.bench.ts; HEAVY_BENCH_JOBS=0 leaves them out). */
async function runAll(): Promise<string> {
  const out = [await runHeavyLoadBench()];
  if (process.env.HEAVY_BENCH_JOBS !== '0') out.push(await runHeavyJobsBench());
  return out.join('\n\n');
}

runIfMain(import.meta.url, runAll);
