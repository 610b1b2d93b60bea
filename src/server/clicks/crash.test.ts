// A crash (SIGKILL) of a real process: a limited link's passed visits add up to exactly its limit across
// the restart, and an unlimited link loses at most the clicks of the last flush interval.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServerProcess, type ServerProcess } from '../test-utils/server-process';

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
let dir: string;
let port: number;
let server: ServerProcess | null = null;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkdeck-crash-'));
  port = await freePort();
});
// Each case starts its own process (on the same data) and this stops it, whatever happened in the case.
afterEach(async () => {
  await server?.stop();
  server = null;
});
afterAll(() => {
  agent.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

function visit(alias: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: `/${alias}`, agent, headers: { 'user-agent': UA } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
}

/** `count` visits, `parallel` at a time; how many were sent on to the destination. */
async function burst(alias: string, count: number, parallel = 16): Promise<number> {
  let next = 0;
  let passed = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        next++;
        if ((await visit(alias)) === 302) passed++;
      }
    }),
  );
  return passed;
}

async function api(method: string, url: string, body?: unknown) {
  const res = await fetch(`${server?.base}/api/v1${url}`, {
    method,
    headers: { authorization: `Bearer ${server?.key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { data: { id: number; clicks: number } };
}

describe('a crash', () => {
  // Each starts the server process (tsx) twice: allow for a slow, busy machine.
  it('keeps clicks_limit exact: 400 visits, SIGKILL, restart, and only 100 more pass', { timeout: 150_000 }, async () => {
    server = await startServerProcess(dir, port);
    const { data: link } = await api('POST', '/links', { url: 'https://example.com/', alias: 'limited', clicks_limit: 500 });
    const before = await burst('limited', 400);
    expect(before).toBe(400);
    await server.kill();
    const journaled = fs.statSync(path.join(dir, 'linkdeck.db-limits')).size / 4;
    console.log(`limited link: 400 passed before SIGKILL, ${journaled} of them only in the limit journal at the kill`);

    server = await startServerProcess(dir, port);
    expect((await api('GET', `/links/${link.id}`)).data.clicks).toBe(400);
    const after = await burst('limited', 300);
    expect(before + after).toBe(500);
    // The clicks after the restart reach links.clicks with the next batch (every second).
    await expect.poll(async () => (await api('GET', `/links/${link.id}`)).data.clicks, { timeout: 5000 }).toBe(500);
  });

  it('loses at most the last flush interval of an unlimited link', { timeout: 150_000 }, async () => {
    server = await startServerProcess(dir, port);
    const { data: link } = await api('POST', '/links', { url: 'https://example.com/', alias: 'free' });
    const served: number[] = [];
    const until = Date.now() + 2500;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (Date.now() < until) if ((await visit('free')) === 302) served.push(Date.now());
      }),
    );
    const killedAt = Date.now();
    await server.kill();
    server = await startServerProcess(dir, port);
    const stored = (await api('GET', `/links/${link.id}`)).data.clicks;
    const lost = served.length - stored;
    const lastSecond = served.filter((at) => at > killedAt - 1000).length;
    const lastTwoSeconds = served.filter((at) => at > killedAt - 2000).length;
    console.log(`unlimited link: ${served.length} served, ${stored} stored after SIGKILL, ${lost} lost; ${lastSecond} were served in the last second`);
    expect(stored).toBeGreaterThan(0);
    expect(lost).toBeGreaterThanOrEqual(0);
    // Flushes run every second; a batch in the middle of being written when the kill came is lost too.
    expect(lost).toBeLessThanOrEqual(lastTwoSeconds);
  });
});
