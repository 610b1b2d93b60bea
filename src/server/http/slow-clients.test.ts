// Slowloris against a listening server: 200 sockets drip header lines for 20 s while ordinary redirects
// keep being answered fast, and the server closes every dripping socket once headersTimeout has passed.
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterEach, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { CHROME_WIN, createLink } from '../redirect/test-helpers';
import { SERVER_TIMEOUTS } from '../redirect/fast-path';

const SLOW_SOCKETS = 200;
const DRIP_EVERY_MS = 1_000;
const ATTACK_MS = 20_000;
const PROBE_EVERY_MS = 200;
const PROBES = ATTACK_MS / PROBE_EVERY_MS;
const TICK_MS = 50; // each tick drips to 1/20 of the sockets: one line per socket per second

interface Slow {
  socket: net.Socket;
  openedAt: number;
  /** Set when the server closed the socket (we only destroy ours in teardown). */
  closedAt: number | null;
  received: string;
}

interface Probe {
  status: number;
  location: string | undefined;
  ms: number;
  /** CPU time this process used meanwhile: far below `ms` when the machine, not the server, held it up. */
  cpuMs: number;
  /** Sent this long after the first probe (the warm-up, just before the attack). */
  at: number;
}

let t: TestApp | null = null;
const slow: Slow[] = [];
const timers: NodeJS.Timeout[] = [];

afterEach(async () => {
  timers.forEach(clearInterval);
  timers.length = 0;
  for (const s of slow) s.socket.destroy();
  slow.length = 0;
  await t?.close();
  t = null;
});

function openSlow(port: number, alias: string): Promise<Slow> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const s: Slow = { socket, openedAt: 0, closedAt: null, received: '' };
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (s.received += d));
    socket.on('error', () => undefined); // EPIPE/ECONNRESET once the server has closed it
    socket.on('close', () => (s.closedAt ??= performance.now()));
    socket.once('connect', () => {
      s.openedAt = performance.now();
      // A request line and one header now; the rest, one line a second, never ends.
      socket.write(`GET /${alias} HTTP/1.1\r\nHost: short.test\r\n`);
      resolve(s);
    });
    socket.once('error', reject);
  });
}

let firstProbe = 0;
/** An ordinary visit on a new connection; `ms` is until the response has ended. */
function probe(port: number, alias: string): Promise<Probe> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const at = started - (firstProbe ||= started);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: `/${alias}`, agent: false, headers: { host: 'short.test', 'user-agent': CHROME_WIN } },
      (res) => {
        res.resume();
        res.on('end', () => {
          const used = process.cpuUsage(cpu);
          resolve({ status: res.statusCode ?? 0, location: res.headers.location, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, at });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

it('keeps redirecting fast under 200 slowloris sockets and closes them after headersTimeout', { timeout: 40_000 }, async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  expect(t.app.server.headersTimeout).toBe(SERVER_TIMEOUTS.headersTimeout);
  await createLink(t, { url: 'https://example.com/landing?a=1', alias: 'steady' });
  const location = 'https://example.com/landing?a=1';
  expect((await probe(port, 'steady')).location).toBe(location); // warm-up, not measured

  slow.push(...(await Promise.all(Array.from({ length: SLOW_SOCKETS }, () => openSlow(port, 'steady')))));
  const attackStart = performance.now();
  let tick = 0;
  timers.push(
    setInterval(() => {
      const group = tick++ % (DRIP_EVERY_MS / TICK_MS);
      for (let i = group; i < slow.length; i += DRIP_EVERY_MS / TICK_MS) {
        const s = slow[i];
        if (s && s.closedAt === null && !s.socket.destroyed) s.socket.write(`X-Drip-${tick}: ${i}\r\n`);
      }
    }, TICK_MS),
  );
  // One probe every PROBE_EVERY_MS until the attack's time is over and all PROBES are out: a test process
  // that the machine starves sends them later, not fewer (a fixed number of interval ticks raced the load).
  const probes: Promise<Probe>[] = [];
  while (performance.now() - attackStart < ATTACK_MS || probes.length < PROBES) {
    probes.push(probe(port, 'steady'));
    await new Promise((r) => setTimeout(r, PROBE_EVERY_MS));
  }
  timers.forEach(clearInterval);
  timers.length = 0;
  const answers = await Promise.all(probes);

  // Every ordinary redirect was answered, right and fast.
  const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
  const slowest = answers.reduce((m, a) => (a.ms > m.ms ? a : m));
  const summary = { probes: answers.length, p50: percentile(ms, 50), p95: percentile(ms, 95), max: ms.at(-1), slowest: { at: slowest.at, cpuMs: slowest.cpuMs } };
  expect(answers.filter((a) => a.status !== 302 || a.location !== location)).toEqual([]);
  expect(summary.max, JSON.stringify(summary)).toBeLessThan(100);

  // Every slow socket was closed by the server, with a 408, once headersTimeout had passed.
  const lived = slow.map((s) => (s.closedAt === null ? null : s.closedAt - s.openedAt));
  const closed = lived.filter((l): l is number => l !== null).sort((a, b) => a - b);
  const closes = { closed: closed.length, first: closed[0], last: closed.at(-1), sinceAttack: performance.now() - attackStart };
  console.info('slow clients:', JSON.stringify({ ...summary, ...closes }));
  expect(closed.length, JSON.stringify(closes)).toBe(SLOW_SOCKETS);
  expect(closes.first).toBeGreaterThanOrEqual(SERVER_TIMEOUTS.headersTimeout - 50);
  expect(closes.last).toBeLessThan(SERVER_TIMEOUTS.headersTimeout + SERVER_TIMEOUTS.connectionsCheckingInterval + 1_000);
  expect(slow.filter((s) => !s.received.startsWith('HTTP/1.1 408 '))).toHaveLength(0);
});
