// Imports never stall the redirect: renaming many equal aliases is linear (one query per base alias, the rest
// counted in memory); written links are committed in chunks with the event loop let go between them; a dry run
// longer than its request becomes a job to fetch, and one whose client went away stops; a malformed file (too
// deep, too wide, too long) is a 422 naming the limit, read as it streams.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { createLink } from '../test-utils/api';
import type { ImportDryRun, ImportDryRunJob } from '../../shared/import.schema';
import { FILE_LIMITS, readRecords } from '../../shared/import-records';
import { finished, postCsv } from './import-test-helpers';
import { ImportsRepo } from './imports.repo';
import { DRY_RUN_TIMING } from './dry-run-jobs';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  for (const alias of ['same', 'same-2', 'same-5']) await createLink(t, t.userKey, { url: 'https://e.com/x', alias });
});
afterAll(async () => t.close());
afterEach(() => vi.restoreAllMocks());

const sameAlias = (rows: number, tag = 'same') => `url,alias\n${Array.from({ length: rows }, (_, i) => `https://e.com/${i},${tag}`).join('\n')}\n`;

describe('imports under load', () => {
  it('renames a file of one alias with one query for its taken names, counting up in memory across batches', async () => {
    const prefix = vi.spyOn(ImportsRepo.prototype, 'aliasesStartingWith');
    const taken = vi.spyOn(ImportsRepo.prototype, 'takenAliases');
    const res = await postCsv(t, t.userKey, sameAlias(2500), '?dry_run=1&on_conflict=rename');
    expect(res.statusCode, res.body).toBe(200);
    const dry = res.json().data as ImportDryRun;
    expect(dry).toMatchObject({ created: 2500, failed: 0 });
    // same, same-2 and same-5 are taken: the file's rows become same-3, same-4, same-6, ...
    expect(dry.preview.slice(0, 4).map((r) => r.new_alias)).toEqual(['same-3', 'same-4', 'same-6', 'same-7']);
    expect(prefix).toHaveBeenCalledTimes(1);
    // One check of the batch's own aliases per batch of 1,000 rows.
    expect(taken).toHaveBeenCalledTimes(3);
    const job = await finished(t, t.userKey, await postCsv(t, t.userKey, sameAlias(1200), '?on_conflict=rename'));
    expect(job).toMatchObject({ status: 'completed', created: 1200 });
    const names = await t.query<{ alias: string }>("SELECT alias FROM links WHERE alias LIKE 'same%'");
    expect(names).toHaveLength(1203);
  });

  it('commits an import in chunks smaller than its batches, letting the event loop run between them', async () => {
    const sizes: number[] = [];
    const turns: number[] = [];
    let turn = 0;
    let ticking = true;
    const tick = () => {
      turn++;
      if (ticking) setImmediate(tick);
    };
    tick();
    const insert = ImportsRepo.prototype.insertBatch;
    vi.spyOn(ImportsRepo.prototype, 'insertBatch').mockImplementation(function (this: ImportsRepo, links, before) {
      sizes.push(links.length);
      turns.push(turn);
      return insert.call(this, links, before);
    });
    const rows = Array.from({ length: 2000 }, (_, i) => `https://e.com/c/${i},chunk-${i}`).join('\n');
    const job = await finished(t, t.userKey, await postCsv(t, t.userKey, `url,alias\n${rows}\n`));
    ticking = false;
    expect(job).toMatchObject({ status: 'completed', created: 2000 });
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(2000);
    expect(Math.max(...sizes)).toBeLessThan(1000);
    expect(sizes.length).toBeGreaterThan(2);
    // Every chunk after the first began on a later turn of the loop than the one before it.
    for (let i = 1; i < turns.length; i++) expect(turns[i]).toBeGreaterThan(turns[i - 1] as number);
  });

  it('a dry run that needs longer than its request answers 202 with a job; GET gives its result when ready', async () => {
    const wait = DRY_RUN_TIMING.waitMs;
    DRY_RUN_TIMING.waitMs = 0;
    try {
      const res = await postCsv(t, t.userKey, sameAlias(1500, 'later'), '?dry_run=1');
      expect(res.statusCode, res.body).toBe(202);
      const job = res.json().data as ImportDryRunJob;
      expect(res.headers.location).toBe(`/api/v1/imports/dry-runs/${job.id}`);
      expect(job).toMatchObject({ status: 'running', rows_total: 1500, result: null });
      let seen = job;
      await vi.waitFor(async () => {
        const got = await t.as(t.userKey, { method: 'GET', url: res.headers.location as string });
        expect(got.statusCode, got.body).toBe(200);
        seen = got.json().data as ImportDryRunJob;
        expect(seen.status).toBe('completed');
      }, { timeout: 30_000, interval: 50 });
      expect(seen.result).toMatchObject({ dry_run: true, rows_total: 1500, created: 0, failed: 1499, failures: expect.any(Array) });
      expect(seen.rows_read).toBe(1500);
      // Another workspace's id answers as one that does not exist.
      expect((await t.as(t.adminKey, { method: 'GET', url: res.headers.location as string })).statusCode).toBe(404);
    } finally {
      DRY_RUN_TIMING.waitMs = wait;
    }
    expect((await t.as(t.userKey, { method: 'GET', url: '/api/v1/imports/dry-runs/nope' })).statusCode).toBe(404);
  });

  it('a dry run whose client went away stops before its next batch', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    let steps = 0;
    let first = () => undefined as void;
    const started = new Promise<void>((resolve) => (first = resolve));
    t.app.heavy.pool.onStep = (_account, phase) => {
      if (phase !== 'start') return;
      steps++;
      // The file's check is step 1; its rows' first batch step 2.
      if (steps === 2) first();
    };
    const body = Buffer.from(sameAlias(60_000, 'gone'));
    const req = http.request({ port, method: 'POST', path: '/api/v1/links/import?dry_run=1', headers: { authorization: `Bearer ${t.userKey}`, 'content-type': 'text/csv', 'content-length': body.length } });
    req.on('error', () => undefined);
    req.end(body);
    await started;
    req.destroy();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const after = steps;
    await new Promise((resolve) => setTimeout(resolve, 500));
    t.app.heavy.pool.onStep = null;
    // 60 batches of 1,000 rows: it stopped within a step or two of the client's going.
    expect(steps).toBe(after);
    expect(steps).toBeLessThan(10);
  });

  it('answers 422 naming the limit for a JSON file nested too deep, a file too wide, and one with too many rows', async () => {
    const deep = `[${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}]`;
    const res = await t.as(t.userKey, { method: 'POST', url: '/api/v1/links/import?dry_run=1', payload: deep, headers: { 'content-type': 'application/json' } });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.file[0]).toMatch(/more than 16 levels deep/);
    const wide = `url,${Array.from({ length: 600 }, (_, i) => `c${i}`).join(',')}\nhttps://e.com/w\n`;
    const w = await postCsv(t, t.userKey, wide, '?dry_run=1');
    expect(w.statusCode, w.body).toBe(422);
    expect(w.json().errors.file[0]).toMatch(/more than 500 fields/);
    const wideJson = JSON.stringify([Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`k${i}`, 'v']))]);
    const wj = await t.as(t.userKey, { method: 'POST', url: '/api/v1/links/import?dry_run=1', payload: wideJson, headers: { 'content-type': 'application/json' } });
    expect(wj.statusCode, wj.body).toBe(422);
    expect(wj.json().errors.file[0]).toMatch(/more than 500 columns/);
    // The row limit, lowered here (a million rows is too long for a test), as the reader streams them.
    const limits = FILE_LIMITS as { rows: number };
    const rows = limits.rows;
    limits.rows = 3;
    try {
      const read = () => [...readRecords('url\nhttps://e.com/1\nhttps://e.com/2\nhttps://e.com/3\nhttps://e.com/4\n', ',').records];
      expect(read).toThrow(/has more than 3 rows \(line 5 is past the limit\)/);
      expect(() => readRecords(JSON.stringify([{}, {}, {}, {}]), 'json')).toThrow(/more than 3 rows/);
    } finally {
      limits.rows = rows;
    }
  });
});
