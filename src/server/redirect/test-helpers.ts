// Helpers for the redirect tests: links made through the API, visits with real headers.
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from '../test-utils/test-app';

export const CHROME_WIN = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
export const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
export const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

export async function createLink(t: TestApp, body: Record<string, unknown>): Promise<{ id: number; alias: string }> {
  const res = await t.as(t.userKey, { method: 'POST', url: '/api/v1/links', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

export async function updateLink(t: TestApp, id: number, body: Record<string, unknown>): Promise<void> {
  const res = await t.as(t.userKey, { method: 'PUT', url: `/api/v1/links/${id}`, payload: body });
  expect(res.statusCode, res.body).toBe(200);
}

export async function createPixel(t: TestApp, type: string, value: string): Promise<number> {
  const res = await t.as(t.userKey, { method: 'POST', url: '/api/v1/pixels', payload: { name: `${type} pixel`, type, value } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

export function visit(t: TestApp, path: string, opts: Partial<InjectOptions> = {}) {
  return t.app.inject({
    method: 'GET',
    url: path,
    remoteAddress: '81.2.69.142',
    ...opts,
    headers: { host: 'short.test', 'user-agent': CHROME_WIN, ...((opts.headers as Record<string, string> | undefined) ?? {}) },
  } as InjectOptions);
}

/** The Set-Cookie header(s) of a response as a Cookie header value. */
export function cookieOf(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  return list.map((c: string) => c.split(';')[0]).join('; ');
}

/** links.clicks as stored. */
export async function dbClicks(t: TestApp, id: number): Promise<number> {
  const [row] = await t.query<{ clicks: number }>('SELECT clicks FROM links WHERE id = ?', id);
  return row?.clicks ?? 0;
}

export async function eventCount(t: TestApp, id: number): Promise<number> {
  const [row] = await t.query<{ n: number }>('SELECT count(*) AS n FROM click_events WHERE link_id = ?', id);
  return row?.n ?? 0;
}

/** Writes the queued clicks now (instead of waiting for the next second). */
export async function flush(t: TestApp): Promise<void> {
  await t.app.redirectEngine.writer.flush();
}
