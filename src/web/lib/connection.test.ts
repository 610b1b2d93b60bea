import { afterEach, describe, expect, it, vi } from 'vitest';
import { connection, unlessUnreachable } from './connection';
import { ApiError, api } from './api-client';
import { shouldRetry } from './query-client';

const answer = (status: number, body: unknown = {}) => vi.fn(async () => new Response(JSON.stringify(body), { status }));

afterEach(() => {
  vi.unstubAllGlobals();
  connection.report(true);
});

describe('server reachability', () => {
  it('a network failure and 502/503/504 are "unreachable"; a 4xx or a 500 is an answer', async () => {
    const cases: [() => Promise<Response>, number, boolean][] = [
      [async () => Promise.reject(new TypeError('Failed to fetch')), 0, true],
      [answer(502), 502, true],
      [answer(503, { message: 'Service Unavailable.', status: 503 }), 503, true],
      [answer(504), 504, true],
      [answer(500), 500, false],
      [answer(422, { message: 'bad', errors: { url: ['bad'] } }), 422, false],
      [answer(404), 404, false],
    ];
    for (const [fetch, status, unreachable] of cases) {
      vi.stubGlobal('fetch', fetch);
      const error = await api.account('k').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(status);
      expect((error as ApiError).unreachable, String(status)).toBe(unreachable);
      expect(connection.reachable(), String(status)).toBe(!unreachable);
    }
  });

  it('any answer after an outage tells the listeners that the server is back', async () => {
    const seen: boolean[] = [];
    const stop = connection.subscribe(() => seen.push(connection.reachable()));
    vi.stubGlobal('fetch', answer(503));
    await api.account('k').catch(() => undefined);
    await api.account('k').catch(() => undefined);
    vi.stubGlobal('fetch', answer(200, { data: { id: 1 } }));
    await api.account('k');
    stop();
    expect(seen).toEqual([false, true]);
  });

  it('queries keep retrying while the server is away, never on a 4xx, twice on a 500', () => {
    expect(shouldRetry(50, new ApiError(0, 'x'))).toBe(true);
    expect(shouldRetry(50, new ApiError(503, 'x'))).toBe(true);
    expect(shouldRetry(0, new ApiError(404, 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(422, 'x'))).toBe(false);
    expect(shouldRetry(1, new ApiError(500, 'x'))).toBe(true);
    expect(shouldRetry(2, new ApiError(500, 'x'))).toBe(false);
  });
});

describe('unlessUnreachable', () => {
  it('gives the result while the server answers', async () => {
    await expect(unlessUnreachable(Promise.resolve(7))).resolves.toBe(7);
  });
  it('gives up waiting (undefined) as soon as the server is found away, or at once when it already is', async () => {
    const never = new Promise<number>(() => undefined);
    const waiting = unlessUnreachable(never);
    connection.report(false);
    await expect(waiting).resolves.toBeUndefined();
    await expect(unlessUnreachable(never)).resolves.toBeUndefined();
  });
  it('passes a failure on', async () => {
    await expect(unlessUnreachable(Promise.reject(new ApiError(404, 'gone')))).rejects.toThrow('gone');
  });
});
