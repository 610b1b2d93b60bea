// The redirect sampler of the heavy-load benchmarks (heavy-load.bench.ts, heavy-jobs.bench.ts): visitors on their own
// thread, so that the heavy clients' work in the bench process does not delay them; and the server's RSS.
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';

const VISITORS = 4;
const MAX_REQUESTS = 200_000;

/** The redirect sampler, on its own thread so that the heavy clients' work here does not delay it. */
const SAMPLER = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { port, aliases, ms, visitors, max } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: visitors });
const times = []; let failed = 0; let n = 0;
const end = Date.now() + ms;
function one(alias) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const req = http.get({ host: '127.0.0.1', port, path: '/' + alias, agent, timeout: 10000 }, (res) => {
      res.resume();
      res.on('end', () => { if (res.statusCode === 302) times.push(performance.now() - t0); else failed++; resolve(); });
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => { failed++; resolve(); });
  });
}
let stopped = false; parentPort.on('message', () => { stopped = true; });
async function loop(i) { while (!stopped && Date.now() < end && n < max) { n++; await one(aliases[(n + i) % aliases.length]); } }
Promise.all(Array.from({ length: visitors }, (_, i) => loop(i))).then(() => { agent.destroy(); parentPort.postMessage({ times, failed }); });`;

/** Samples redirects for `ms`, or until `until` settles (then the sampler is told to stop). */
export function sample(port: number, aliases: string[], ms: number, until?: Promise<unknown>): Promise<{ times: number[]; failed: number }> {
  const worker = new Worker(SAMPLER, { eval: true, workerData: { port, aliases, ms, visitors: VISITORS, max: MAX_REQUESTS } });
  void until?.finally(() => worker.postMessage('stop'));
  return new Promise((resolve, reject) => {
    worker.once('message', (m: { times: number[]; failed: number }) => void worker.terminate().then(() => resolve(m)));
    worker.once('error', reject);
  });
}

export const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

export function rssMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}
