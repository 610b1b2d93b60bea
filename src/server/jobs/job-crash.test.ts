// A crash (SIGKILL) of a real process in the middle of a job: a bulk DELETE of 600 links, killed part way, goes on
// from its journal at the restart and ends whole; its undo, killed part way too, ends whole; every link is back
// with its id. (Chunks of 10 with a pause, so that the kill lands in the middle; SQLite, as the restart resumes.)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServerProcess, type ServerProcess } from '../test-utils/server-process';

const N = 600;
const SLOW = { BULK_JOB_THRESHOLD: '50', BULK_JOB_CHUNK: '10', BULK_JOB_PAUSE_MS: '20' };
let dir: string;
let port: number;
let server: ServerProcess | null = null;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkdeck-job-crash-'));
  port = await freePort();
});
afterEach(async () => {
  await server?.stop();
  server = null;
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers' shapes are the API's, checked by the assertions
type Body = Record<string, any>;

async function api(method: string, url: string, body?: unknown): Promise<{ status: number; body: Body }> {
  const res = await fetch(`${server?.base}/api/v1${url}`, {
    method,
    headers: { authorization: `Bearer ${server?.key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Body };
}

const job = async (id: number) => (await api('GET', `/operations/${id}`)).body.data.job as { kind: string; state: string; done: number; total: number };
const total = async () => (await api('GET', '/links?per_page=10')).body.meta.total as number;

/** Waits until the job has done some chunks but not all, then kills the process. */
async function killMidway(id: number): Promise<number> {
  for (;;) {
    const j = await job(id);
    if (j.state !== 'running') throw new Error(`the job ended before the kill (${j.state}, ${j.done})`);
    if (j.done >= 100) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  await server?.kill();
  server = await startServerProcess(dir, port);
  return (await job(id)).done;
}

async function finished(id: number, kind: string): Promise<void> {
  await expect.poll(async () => job(id), { timeout: 60_000, interval: 100 }).toMatchObject({ kind, state: 'done', done: N, total: N });
}

describe('a job and a crash', () => {
  it('a bulk DELETE and its undo, each killed part way, end whole after the restart', { timeout: 240_000 }, async () => {
    server = await startServerProcess(dir, port, SLOW);
    const links = Array.from({ length: N }, (_, i) => ({ url: `https://example.com/${i}`, alias: `crash-${i}` }));
    const created = await api('POST', '/links/bulk', { links });
    expect(created.status).toBe(201);
    const ids = (created.body.data as { id: number }[]).map((l) => l.id).sort((a, b) => a - b);

    const del = await api('DELETE', '/links/bulk?all=1');
    expect(del.status).toBe(202);
    const op = del.body.data.operation.id as number;
    expect(del.body.data.operation).toMatchObject({ state: 'running', job: { kind: 'apply', state: 'running', total: N } });
    const atRestart = await killMidway(op);
    // The journal's progress is what was committed: those links are gone, the others still there, until it goes on.
    expect(atRestart).toBeGreaterThanOrEqual(100);
    await finished(op, 'apply');
    expect(await total()).toBe(0);

    const undo = await api('POST', `/operations/${op}/undo`);
    expect(undo.status, JSON.stringify(undo.body)).toBe(202);
    expect(undo.body.data.operation.job).toMatchObject({ kind: 'undo', state: 'running' });
    await killMidway(op);
    await finished(op, 'undo');
    expect(await total()).toBe(N);
    const back = (await api('GET', '/links?per_page=100&sort_by=id&sort=asc')).body.data as { id: number }[];
    expect(back.map((l) => l.id)).toEqual(ids.slice(0, 100));
    const shown = (await api('GET', `/operations/${op}`)).body.data;
    expect(shown).toMatchObject({ state: 'done', undoable: false });
    expect(shown.undone_at).not.toBeNull();
    // Each link has exactly its delete and its return in its history.
    const history = (await api('GET', `/links/${ids[N - 1]}/revisions`)).body.data as { action: string; source: string }[];
    expect(history.map((r) => `${r.action}/${r.source}`)).toEqual(['create/undo', 'delete/bulk_delete', 'create/bulk_create']);
  });
});
