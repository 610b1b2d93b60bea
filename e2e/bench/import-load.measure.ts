// Measures what an import costs the redirect (not a test: run it by hand, on an idle machine if you can):
//   npx tsx e2e/bench/import-load.measure.ts [rename-dry|rename|bulk|baseline] [rows]
// It starts the app on a SQLite file and, from another process, sends a redirect every 5 ms on a fixed
// schedule (open loop: a stalled server delays every visit due meanwhile, each timed from when it was due)
// while the import runs; it prints the import's time, the redirects' p50/p99/max and, for a written import,
// how long each chunk's transaction held the writer (wall and CPU time).
import { spawn } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { createTestApp } from '../../src/server/test-utils/test-app';
import { createLink } from '../../src/server/test-utils/api';
import { ImportsRepo } from '../../src/server/imports/imports.repo';

/** The visitor process: a GET /visit-me every 5 ms on schedule until stdin closes; prints the latencies. */
const VISITOR = `
const http = require('node:http');
const port = Number(process.argv[1]);
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const out = [];
let pending = 0, stop = false;
const start = performance.now();
let k = 0;
function tick() {
  if (stop) return;
  const due = start + k * 5;
  k++;
  pending++;
  http.get({ port, path: '/visit-me', agent, headers: { host: 'short.test' } }, (res) => {
    res.resume();
    res.on('end', () => { out.push(Math.round(performance.now() - due) + (process.env.SLOW ? (due - start) / 1e6 : 0)); if (--pending === 0 && stop) done(); });
  }).on('error', () => { if (--pending === 0 && stop) done(); });
  setTimeout(tick, Math.max(0, start + k * 5 - performance.now()));
}
function done() { process.stdout.write(JSON.stringify(out)); agent.destroy(); }
process.stdin.on('end', () => { stop = true; if (pending === 0) done(); });
process.stdin.resume();
tick();
`;

const [mode = 'bulk', rowsArg] = process.argv.slice(2);
const rows = Number(rowsArg ?? (mode === 'bulk' ? 100_000 : 10_000));

const csv = (same: boolean) => `url,alias\n${Array.from({ length: rows }, (_, i) => `https://example.com/m/${i},${same ? 'same' : `m-${i}`}`).join('\n')}\n`;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? 0;
const ms = (x: number) => `${x.toFixed(1)} ms`;

async function main(): Promise<void> {
  const t = await createTestApp();
  await createLink(t, t.userKey, { url: 'https://example.com/landing', alias: 'visit-me' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const chunks: { rows: number; ms: number; cpu: number }[] = [];
  const insert = ImportsRepo.prototype.insertBatch;
  ImportsRepo.prototype.insertBatch = async function (this: ImportsRepo, links, before) {
    const at = performance.now();
    const cpu = process.cpuUsage();
    try {
      return await insert.call(this, links, before);
    } finally {
      const used = process.cpuUsage(cpu);
      chunks.push({ rows: links.length, ms: performance.now() - at, cpu: (used.user + used.system) / 1000 });
    }
  };
  const visitor = spawn(process.execPath, ['-e', VISITOR, String(port)], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  visitor.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const visited = new Promise<number[]>((resolve) => visitor.on('close', () => resolve(JSON.parse(out) as number[])));
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const started = performance.now();
  if (mode === 'baseline') await new Promise((r) => setTimeout(r, 5000));
  else {
    const dry = mode === 'rename-dry';
    const query = mode === 'bulk' ? '' : `?on_conflict=rename${dry ? '&dry_run=1' : ''}`;
    const res = await t.as(t.userKey, { method: 'POST', url: `/api/v1/links/import${query}`, payload: csv(mode !== 'bulk'), headers: { 'content-type': 'text/csv' } });
    if (!dry) await t.app.importRunner.idle();
    const job = dry ? res.json().data : (await t.as(t.userKey, { method: 'GET', url: `/api/v1/imports/${res.json().data.id}` })).json().data;
    console.log(`import: HTTP ${res.statusCode}, ${job.status ?? 'dry run'}, created ${job.created ?? job.result?.created}`);
  }
  const took = performance.now() - started;
  loop.disable();
  visitor.stdin.end();
  const raw = await visited;
  // With SLOW=1, each latency carries its due time (s since the first visit) in its fraction: the stalls are listed.
  const latencies = raw.map(Math.floor);
  if (process.env.SLOW) console.log('stalls (due at s: ms):', raw.filter((x) => x >= 100).map((x) => `${((x % 1) * 1000).toFixed(2)}: ${Math.floor(x)}`).join(', '));
  console.log(`${mode} ${rows} rows: ${ms(took)}; redirects ${latencies.length}: p50 ${ms(pct(latencies, 50))}, p99 ${ms(pct(latencies, 99))}, max ${ms(Math.max(...latencies))}`);
  console.log(`event loop delay: p50 ${ms(loop.percentile(50) / 1e6)}, p99 ${ms(loop.percentile(99) / 1e6)}, max ${ms(loop.max / 1e6)}`);
  if (chunks.length) {
    const times = chunks.map((c) => c.ms);
    if (process.env.SLOW) console.log(chunks.map((c, i) => (c.ms > 80 ? `#${i} ${c.rows} rows ${ms(c.ms)} (cpu ${ms(c.cpu)})` : '')).filter(Boolean).join('; '));
    const cpus = chunks.map((c) => c.cpu);
    console.log(`chunk CPU time (this process, all threads): p50 ${ms(pct(cpus, 50))}, p99 ${ms(pct(cpus, 99))}`);
    console.log(`chunks ${chunks.length}: rows ${Math.min(...chunks.map((c) => c.rows))}-${Math.max(...chunks.map((c) => c.rows))}, p50 ${ms(pct(times, 50))}, p99 ${ms(pct(times, 99))}, max ${ms(Math.max(...times))}`);
  }
  await t.close();
}

void main();
