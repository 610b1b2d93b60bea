// Heavy work cannot starve the redirect: while one account's QR burst, export or
// import dry run is being made, another visitor's redirect is answered first (the event loop is free:
// the work is on a pool thread); an account over its cap gets a 429 with Retry-After, without its upload
// being read, and another account is not held up by it; the results are those the code makes on the
// main thread, byte for byte.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import jsQR from 'jsqr';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { createLink } from '../test-utils/api';
import { visit } from '../redirect/test-helpers';
import { finished, postCsv } from '../imports/import-test-helpers';
import { DRY_RUN_TIMING } from '../imports/dry-run-jobs';
import { decodeLogo, renderPng, renderSvg } from '../qr/qr-render';
import { qrUrl } from '../../shared/qr-marker';
import { linkExportChunks } from '../exports/link-export';
import { linkExportQuerySchema } from '../../shared/export.schema';
import { RETRY_AFTER_S, type Ticket } from './heavy-admission';
import { HttpError } from '../http/errors';
import { HeavyPool, type Account } from './heavy-pool';

let t: TestApp;
let qrLink: { id: number; short_url: string };
let logo: Buffer;
const LINKS = 4000;

function logoPng(size = 256): Buffer {
  const png = new PNG({ width: size, height: size });
  for (let i = 0; i < size * size; i++) png.data.set([20 + (i % 200), 90, 200 - (i % 150), 255], i * 4);
  return PNG.sync.write(png);
}

const csv = (rows: number, tag: string) => `url,alias,title\r\n${Array.from({ length: rows }, (_, i) => `https://example.com/${tag}/${i},${tag}-${i},Row ${i} of the ${tag} file`).join('\r\n')}\r\n`;

beforeAll(async () => {
  t = await createTestApp();
  await createLink(t, t.userKey, { url: 'https://example.com/landing', alias: 'visit-me' });
  qrLink = (await createLink(t, t.userKey, { url: 'https://example.com/qr', alias: 'qr-heavy' })) as never;
  logo = logoPng();
  const up = await t.as(t.userKey, { method: 'PUT', url: '/api/v1/account/qr-logo', payload: logo, headers: { 'content-type': 'image/png' } });
  expect(up.statusCode, up.body).toBe(200);
  const job = await finished(t, t.userKey, await postCsv(t, t.userKey, csv(LINKS, 'bulk')));
  expect(job).toMatchObject({ status: 'completed', created: LINKS });
}, 120_000);
afterAll(async () => t.close());

const qr = (query: string, key = t.userKey) => t.as(key, { method: 'GET', url: `/api/v1/links/${qrLink.id}/qr${query}` });

/** Resolves when the app's pool starts its next step; `ended` when that step is done. */
function nextStep(): { started: Promise<void>; ended: Promise<void> } {
  const pool = t.app.heavy.pool;
  let start = () => undefined as void;
  let end = () => undefined as void;
  const started = new Promise<void>((resolve) => (start = resolve));
  const ended = new Promise<void>((resolve) => (end = resolve));
  pool.onStep = (_account, phase) => {
    if (phase === 'start') start();
    else {
      pool.onStep = null;
      end();
    }
  };
  return { started, ended };
}

/**
 * Starts the heavy requests, waits until the pool runs the first of their steps, then visits a short link:
 * the visit must be answered before any of the heavy requests is, and with `beforeStepEnds`, before that
 * first step is done (on the main thread, no visit is answered while a step runs).
 */
async function redirectDuring(heavy: () => Promise<LightMyRequestResponse>[], beforeStepEnds = false): Promise<LightMyRequestResponse[]> {
  const order: string[] = [];
  const step = nextStep();
  const jobs = heavy().map((p, i) => p.then((res) => (order.push(`heavy ${i}`), res)));
  void step.ended.then(() => beforeStepEnds && order.push('first step done'));
  await step.started;
  const redirect = await visit(t, '/visit-me');
  order.push('redirect');
  const results = await Promise.all(jobs);
  expect(redirect.statusCode).toBe(302);
  expect(order[0]).toBe('redirect');
  return results;
}

describe('heavy work runs off the event loop', () => {
  it('a redirect during a burst of 2048-pixel QR codes with a logo is answered before any of them', async () => {
    const results = await redirectDuring(() => Array.from({ length: 4 }, () => qr('?size=2048&logo=1&ecc=H')));
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
  }, 60_000);

  it('a redirect during an export of thousands of links is answered before the export', async () => {
    const [res] = await redirectDuring(() => [t.as(t.userKey, { method: 'GET', url: '/api/v1/links/export?format=json' })]);
    expect(res?.statusCode).toBe(200);
    expect((res?.json().data as unknown[]).length).toBe(LINKS + 2);
  }, 60_000);

  it('a redirect during an import dry run of a large file is answered before the dry run', async () => {
    // The first step reads the whole file (its syntax, header and rows): the visit is answered before it ends.
    // Answered in the request whatever the machine's load (past the wait it would become a job to fetch).
    const wait = DRY_RUN_TIMING.waitMs;
    DRY_RUN_TIMING.waitMs = 120_000;
    const [res] = await redirectDuring(() => [postCsv(t, t.userKey, csv(100_000, 'dry'), '?dry_run=1')], true).finally(() => (DRY_RUN_TIMING.waitMs = wait));
    expect(res?.statusCode, res?.body).toBe(200);
    expect(res?.json().data).toMatchObject({ rows_total: 100_000, failed: 0, created: 100_000 });
  }, 150_000);
});

describe('results are those the main thread makes', () => {
  it('QR codes: the same PNG and SVG bytes, and they scan to the short URL', async () => {
    const style = { fg: '#112233', bg: '#fafafa', size: 2048, margin: 2, ecc: 'H' as const, logo: true };
    const png = await qr('?size=2048&logo=1&ecc=H&fg=112233&bg=fafafa');
    expect(png.rawPayload.equals(renderPng(qrUrl(qrLink.short_url), style, decodeLogo(logo)))).toBe(true);
    const img = PNG.sync.read(png.rawPayload);
    expect(jsQR(new Uint8ClampedArray(img.data), img.width, img.height)?.data).toBe(qrUrl(qrLink.short_url));
    const svg = await qr('?format=svg&size=2048&logo=1&ecc=H&fg=112233&bg=fafafa');
    expect(svg.body).toBe(renderSvg(qrUrl(qrLink.short_url), style, logo));
  }, 60_000);

  it('exports: the same CSV and JSON text as the chunks made on the main thread', async () => {
    for (const format of ['csv', 'json'] as const) {
      const res = await t.as(t.userKey, { method: 'GET', url: `/api/v1/links/export?format=${format}` });
      let local = '';
      for await (const chunk of linkExportChunks(t.db, t.app.ctx.config.baseUrl, t.userId, linkExportQuerySchema.parse({ format }))) local += chunk;
      expect(res.body === local, format).toBe(true);
    }
  }, 60_000);
});

describe('caps: one account at a time, in turn', () => {
  it('an account over its cap gets a 429 with Retry-After, its upload unread; another account is served', async () => {
    const { admission, pool } = t.app.heavy;
    const limits = t.app.ctx.config.heavy;
    const held = Array.from({ length: limits.perAccount + limits.queue }, () => admission.admit(t.userId) as Ticket);
    expect(admission.admit(t.userId)).toBeInstanceOf(HttpError);
    try {
      const refused = await qr('?size=2048&logo=1');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe(String(RETRY_AFTER_S));
      expect(refused.json()).toMatchObject({ status: 429, message: expect.stringMatching(/at most 2 run and 4 wait/) });
      let steps = 0;
      pool.onStep = () => steps++;
      const upload = await postCsv(t, t.userKey, csv(10, 'refused'), '?dry_run=1');
      pool.onStep = null;
      expect(upload.statusCode).toBe(429);
      expect(upload.headers['retry-after']).toBe(String(RETRY_AFTER_S));
      expect(steps).toBe(0);
      expect((await t.as(t.userKey, { method: 'GET', url: '/api/v1/links/export' })).statusCode).toBe(429);
      const other = await qr('?size=2048', t.adminKey);
      expect(other.statusCode).toBe(404); // the admin's own cap is free: it got as far as the link lookup
      const own = await createLink(t, t.adminKey, { url: 'https://example.com/admin-qr', alias: 'admin-qr' });
      expect((await t.as(t.adminKey, { method: 'GET', url: `/api/v1/links/${own.id}/qr?size=2048` })).statusCode).toBe(200);
    } finally {
      for (const ticket of held) ticket.release();
    }
    expect(admission.count(t.userId)).toBe(0);
    expect((await qr('?size=256')).statusCode).toBe(200);
  }, 60_000);

  it("the pool takes accounts in turn: another account's step runs before the rest of one account's burst", async () => {
    const pool = new HeavyPool({ threads: 1, perAccount: 2 }, t.db);
    const starts: Account[] = [];
    pool.onStep = (account, phase) => phase === 'start' && starts.push(account);
    const style = { fg: '#000000', bg: '#ffffff', size: 512, margin: 2, ecc: 'M' as const, logo: false };
    const job = (text: string) => ({ text, style, format: 'png' as const, logo: null });
    try {
      const burst = Array.from({ length: 6 }, (_, i) => pool.call('a', 'qr', job(`https://short.test/a${i}`)));
      const other = pool.call('b', 'qr', job('https://short.test/b'));
      await Promise.all([...burst, other]);
    } finally {
      await pool.close();
    }
    expect(starts).toHaveLength(7);
    expect(starts.indexOf('b')).toBe(1);
  }, 60_000);

  it('import files in memory are bounded for the instance: beyond HEAVY_UPLOAD_MB, a 503 with Retry-After', async () => {
    const small = await createTestApp({ heavy: { threads: 1, perAccount: 2, queue: 4, total: 64, uploadBytes: 1024 } });
    try {
      const res = await postCsv(small, small.userKey, csv(100, 'big'), '?dry_run=1');
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe(String(RETRY_AFTER_S));
      expect(res.json()).toMatchObject({ status: 503 });
      expect((await postCsv(small, small.userKey, csv(2, 'ok'), '?dry_run=1')).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  }, 60_000);
});
