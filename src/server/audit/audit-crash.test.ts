// A crash (SIGKILL) of a real server process right after writes were answered: every answered write has its
// audit entry after the restart, because the entry is committed before the answer leaves (in the write's own
// transaction when it has one: audit-scope.ts). Sequential phase: real processes on a SQLite data directory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServerProcess, type ServerProcess } from '../test-utils/server-process';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkdeck-audit-crash-'));
let server: ServerProcess | null = null;
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const WRITES = 40;

describe('audit entries across a crash', () => {
  it('every write answered before a SIGKILL has its entry after the restart', { timeout: 180_000 }, async () => {
    const port = await freePort();
    server = await startServerProcess(dir, port);
    const { base, key } = server;
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const answered: number[] = [];
    const writes = Array.from({ length: WRITES }, async (_, i) => {
      const path = i % 2 ? '/api/v1/links' : '/api/v1/spaces';
      const body = i % 2 ? { url: `https://example.com/crash/${i}`, alias: `crash-${i}` } : { name: `Crash ${i}` };
      const res = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      if (res.status === 201) answered.push((await res.json()).data.id as number);
    });
    await Promise.all(writes);
    // Right after the last answer: no graceful stop, nothing flushed.
    await server.kill();
    expect(answered).toHaveLength(WRITES);

    server = await startServerProcess(dir, port);
    const res = await fetch(`${server.base}/api/v1/audit-log?per_page=100`, { headers: { authorization: `Bearer ${server.key}` } });
    const entries = (await res.json()).data as { action: string; object_id: number }[];
    expect(entries.filter((e) => e.action === 'createLink')).toHaveLength(WRITES / 2);
    expect(entries.filter((e) => e.action === 'createSpace')).toHaveLength(WRITES / 2);
    const logged = new Set(entries.map((e) => `${e.action}:${e.object_id}`));
    expect(logged.size).toBe(WRITES);
    // Read right after a write: the entry is there, with no waiting.
    const made = await fetch(`${server.base}/api/v1/spaces`, { method: 'POST', headers: { ...headers, authorization: `Bearer ${server.key}` }, body: JSON.stringify({ name: 'After' }) });
    const id = (await made.json()).data.id as number;
    const read = await fetch(`${server.base}/api/v1/audit-log?object=space&object_id=${id}`, { headers: { authorization: `Bearer ${server.key}` } });
    expect((await read.json()).data).toHaveLength(1);
  });
});
