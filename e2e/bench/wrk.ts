// wrk as a second process against a loopback server, and the bare node:http baseline every redirect
// benchmark compares with (redirect.bench.ts for SQLite, pg-redirect.bench.ts for PostgreSQL).
import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import { execFile } from 'node:child_process';

export const WRK = '/usr/bin/wrk';
export const ROUNDS = 5;
export const SECONDS = 4;
export const CONNECTIONS = 32;
export const PICKED = 1000;
export const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

export interface Run {
  rps: number;
  /** CPU time of this process (all its threads: the click writer's too) per request, µs. */
  cpu: number;
  p99: number;
  errors: number;
  requests: number;
}

export async function measured(port: number, script: string, seconds: number): Promise<Run> {
  const before = process.cpuUsage();
  const run = await wrk(port, script, seconds);
  const used = process.cpuUsage(before);
  return { ...run, cpu: run.requests ? (used.user + used.system) / run.requests : NaN };
}

export function wrk(port: number, script: string, seconds: number): Promise<Run> {
  const args = ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', '-H', `User-Agent: ${UA}`, '-s', script, `http://127.0.0.1:${port}`];
  return new Promise((resolve, reject) => {
    execFile(WRK, args, { timeout: (seconds + 20) * 1000 }, (err, out) => {
      if (err) return reject(err);
      const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? 0);
      const p99raw = /99%\s+([\d.]+)(us|ms|s)/.exec(out);
      const p99 = p99raw ? Number(p99raw[1]) * (p99raw[2] === 'us' ? 0.001 : p99raw[2] === 's' ? 1000 : 1) : NaN;
      const sock = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
      const errors = num(/Non-2xx or 3xx responses: (\d+)/) + (sock ? sock.slice(1).reduce((a, b) => a + Number(b), 0) : 0);
      resolve({ rps: num(/Requests\/sec:\s+([\d.]+)/), cpu: NaN, p99, errors, requests: num(/(\d+) requests in/) });
    });
  });
}

export function writeScript(dir: string, aliases: string[]): string {
  const file = path.join(dir, 'paths.lua');
  const list = aliases.map((a) => `"/${a}"`).join(',');
  fs.writeFileSync(file, `local paths = {${list}}\nlocal i = 0\nrequest = function()\n  i = i + 1\n  return wrk.format("GET", paths[(i % #paths) + 1])\nend\n`);
  return file;
}

export function bareServer(total: number): Promise<http.Server> {
  const map = new Map<string, string>();
  for (let i = 0; i < total; i++) map.set(`/l${i}`, `https://example.com/dest/${i}?ref=bench`);
  const server = http.createServer((req, res) => {
    const to = map.get(req.url ?? '');
    if (!to) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(302, { location: to, 'cache-control': 'private, no-store' }).end();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

export function row(label: string, runs: Run[]): string {
  const rps = median(runs.map((r) => r.rps));
  const p99 = Math.max(...runs.map((r) => r.p99));
  const errors = runs.reduce((a, r) => a + r.errors, 0);
  const cpu = median(runs.map((r) => r.cpu));
  return `${label.padEnd(30)} ${rps.toFixed(0).padStart(9)} ${p99.toFixed(2).padStart(9)} ${String(errors).padStart(7)} ${cpu.toFixed(1).padStart(11)}`;
}

/** Warm-up (caches, JIT, prepared statements), then ROUNDS rounds: the bare server, then the app. */
export async function pairedRounds(appPort: number, barePort: number, script: string): Promise<{ app: Run[]; bare: Run[] }> {
  await wrk(appPort, script, 2);
  await wrk(barePort, script, 2);
  const runs = { app: [] as Run[], bare: [] as Run[] };
  for (let r = 0; r < ROUNDS; r++) {
    runs.bare.push(await measured(barePort, script, SECONDS));
    runs.app.push(await measured(appPort, script, SECONDS));
  }
  return runs;
}
