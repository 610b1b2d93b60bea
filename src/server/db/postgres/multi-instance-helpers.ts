// Requests to Linkdeck processes for the multi-instance tests: plain node:http with keep-alive, a Chrome
// User-Agent (so visits are counted), and bursts spread over several instances.
import http from 'node:http';
import type { ServerProcess } from '../../test-utils/server-process';

export interface Instance {
  server: ServerProcess;
  port: number;
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export function request(
  to: Instance,
  method: string,
  path: string,
  opts: { json?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<Answer> {
  let body: string | undefined;
  const headers: Record<string, string> = { 'user-agent': UA, ...opts.headers };
  if (path.startsWith('/api/')) headers.authorization = `Bearer ${to.server.key}`;
  if (opts.json !== undefined) {
    body = JSON.stringify(opts.json);
    headers['content-type'] = 'application/json';
  } else if (opts.form) {
    body = new URLSearchParams(opts.form).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: to.port, path, method, agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

export interface BurstOptions {
  /** Told of each answer as it comes (see whenServed). */
  onAnswer?: (status: number) => void;
  /** Go on past `count` while this holds (e.g. until a stopping instance has exited). */
  more?: () => boolean;
}

/**
 * `count` GET visits of `path`, `parallel` at a time, alternating over `instances`; the status of each
 * (0 when the connection failed, e.g. the instance was killed).
 */
export async function burst(instances: Instance[], path: string, count: number, parallel: number, opts: BurstOptions = {}): Promise<number[]> {
  const statuses: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count || opts.more?.()) {
        const i = next++;
        const to = instances[i % instances.length] as Instance;
        const status = await request(to, 'GET', path).then((r) => r.status, () => 0);
        statuses.push(status);
        opts.onAnswer?.(status);
      }
    }),
  );
  return statuses;
}

/**
 * Starts `action` (a kill, a stop) once `n` visits of a burst have been answered 302: from a condition
 * seen in the answers, not a timer, which a quick machine outruns (the whole burst over before it fires).
 * Give `onAnswer` to burst(); `done()` waits for the action, and fails if it never started.
 */
export function whenServed(n: number, action: () => Promise<void>) {
  let served = 0;
  let started: Promise<void> | null = null;
  let finished = false;
  return {
    onAnswer(status: number): void {
      if (status === 302 && ++served === n) started = action().finally(() => (finished = true));
    },
    /** The action has started and not yet finished. */
    get pending(): boolean {
      return started !== null && !finished;
    },
    async done(): Promise<void> {
      if (!started) throw new Error(`the burst ended after ${served} visits served, before the ${n} that start the action`);
      await started;
    },
  };
}
