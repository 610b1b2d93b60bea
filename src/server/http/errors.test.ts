// Contract section 2 error bodies: 401, 404 for unknown paths, broken and oversized bodies, wrong types.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, form, type TestApp } from '../test-utils/test-app';
import { createLink, expect401, expect404, expect422, get, json } from '../test-utils/api';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('authentication', () => {
  it('answers 401 with the contract body for a missing, malformed or unknown key on every resource', async () => {
    const headers: (Record<string, string> | undefined)[] = [
      undefined,
      { authorization: '' },
      { authorization: 'Bearer' },
      { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
      { authorization: 'Bearer not-a-real-key-123456' },
      { authorization: `bearer${t.userKey}` },
      { authorization: `Bearer ${t.userKey}x` },
    ];
    for (const path of ['/api/v1/links', '/api/v1/domains', '/api/v1/spaces', '/api/v1/pixels', '/api/v1/users', '/api/v1/account', '/api/v1/stats/1', '/api/v1/links/1', '/api/v1/nope']) {
      for (const h of headers) expect401(await t.app.inject({ method: 'GET', url: path, headers: h }));
    }
    expect401(await t.app.inject({ method: 'POST', url: '/api/v1/links', ...form({ url: 'https://e.com' }) }));
    expect401(await t.app.inject({ method: 'DELETE', url: '/api/v1/links/1' }));
  });

  it('accepts the key case-insensitively in the scheme only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/account', headers: { authorization: `Bearer ${t.userKey}` } })).statusCode).toBe(200);
  });
});

describe('bad requests', () => {
  it('unknown paths under /api answer 404 JSON', async () => {
    expect404(await get(t, t.userKey, '/api/v1/nothing-here'));
    expect404(await get(t, t.userKey, '/api/v1/links/1/extra'));
    expect404(await t.as(t.userKey, { method: 'POST', url: '/api/v1/links/5' }));
  });

  it('broken JSON is a 400 JSON body, never a 500', async () => {
    const res = await t.as(t.userKey, { method: 'POST', url: '/api/v1/links', payload: '{"url": "https://e.com",', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.any(String), status: 400 });
    const empty = await t.as(t.userKey, { method: 'POST', url: '/api/v1/links', payload: '', headers: { 'content-type': 'application/json' } });
    expect(empty.statusCode).toBeGreaterThanOrEqual(400);
    expect(empty.statusCode).toBeLessThan(500);
  });

  it('an oversized body is 413 JSON', async () => {
    const res = await t.as(t.userKey, { method: 'POST', url: '/api/v1/links', ...form({ url: 'https://e.com', title: 'x'.repeat(600 * 1024) }) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: expect.any(String), status: 413 });
    const big = await t.as(t.userKey, { method: 'POST', url: '/api/v1/links', ...json({ url: 'https://e.com', title: 'y'.repeat(600 * 1024) }) });
    expect(big.statusCode).toBe(413);
  });

  it('a form body with more fields than are parsed is a 413, not silently cut', async () => {
    const fields = Array.from({ length: 2001 }, (_, i) => `ids[]=${i + 1}`).join('&');
    const res = await t.as(t.userKey, { method: 'DELETE', url: '/api/v1/links/bulk?dry_run=1', payload: fields, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The form body has more than 2,000 fields; send a larger request as JSON.', status: 413 });
    // 2,000 fields are parsed as usual
    const ok = await t.as(t.userKey, { method: 'POST', url: '/api/v1/links', payload: `url=https%3A%2F%2Fe.com&${Array.from({ length: 1999 }, (_, i) => `x${i}=1`).join('&')}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(ok.statusCode).toBe(201);
  });

  it('an unsupported content type is a 415 that says what to send', async () => {
    const res = await t.as(t.userKey, { method: 'POST', url: '/api/v1/links', payload: '<url/>', headers: { 'content-type': 'application/xml' } });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      message: "The body's Content-Type application/xml is not one this request takes: send it with Content-Type: application/json (or application/x-www-form-urlencoded).",
      status: 415,
    });
    // An upload names its own types.
    const logo = await t.as(t.userKey, { method: 'PUT', url: '/api/v1/account/qr-logo', payload: 'x', headers: { 'content-type': 'text/plain' } });
    expect(logo.statusCode).toBe(415);
    expect(logo.json().message).toBe("The body's Content-Type text/plain is not one this request takes: send it with Content-Type: image/png.");
  });

  it('a body without a Content-Type, or as text/plain (what fetch sends for a string body), is a 415, not a 422; no body is as before', async () => {
    const body = JSON.stringify({ url: 'https://e.com/untyped' });
    const noType = 'The request has a body but no Content-Type header: send it with Content-Type: application/json (or application/x-www-form-urlencoded).';
    for (const [method, url] of [['POST', '/api/v1/links'], ['PATCH', '/api/v1/links/1'], ['PUT', '/api/v1/spaces/1'], ['DELETE', '/api/v1/links/bulk']] as const) {
      const res = await t.as(t.userKey, { method, url, payload: body });
      expect(res.statusCode, `${method} ${url}`).toBe(415);
      expect(res.json(), `${method} ${url}`).toEqual({ message: noType, status: 415 });
    }
    // Over a real socket: a chunked body without a type, and fetch's own text/plain for a string body.
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const auth = { authorization: `Bearer ${t.userKey}` };
    const chunked = new ReadableStream({ start: (c) => (c.enqueue(new TextEncoder().encode(body)), c.close()) });
    const streamed = await fetch(`${base}/api/v1/links`, { method: 'POST', headers: auth, body: chunked, duplex: 'half' } as RequestInit);
    expect(streamed.status).toBe(415);
    expect(await streamed.json()).toEqual({ message: noType, status: 415 });
    const plain = await fetch(`${base}/api/v1/links`, { method: 'POST', headers: auth, body });
    expect(plain.status).toBe(415);
    expect((await plain.json()).message).toBe("The body's Content-Type text/plain is not one this request takes: send it with Content-Type: application/json (or application/x-www-form-urlencoded).");
    // Nothing was created by them; an empty body without a type is read as no fields, as before.
    expect((await get(t, t.userKey, '/api/v1/links?search=untyped&search_by=url')).json().meta.total).toBe(0);
    expect422(await t.as(t.userKey, { method: 'POST', url: '/api/v1/links' }), 'url');
    expect422(await t.as(t.userKey, { method: 'POST', url: '/api/v1/links', headers: { 'content-length': '0' } }), 'url');
  });

  it('arrays or objects where scalars belong are 422 naming the field', async () => {
    expect422(await t.as(t.userKey, { method: 'POST', url: '/api/v1/links', ...form([['url[]', 'https://e.com']]) }), 'url');
    expect422(await t.as(t.userKey, { method: 'POST', url: '/api/v1/links', ...form([['url', 'https://a.com'], ['url', 'https://b.com']]) }), 'url');
    expect422(await t.as(t.userKey, { method: 'POST', url: '/api/v1/links', ...form([['url', 'https://a.com'], ['alias[x]', 'y']]) }), 'alias');
    expect422(await t.as(t.userKey, { method: 'POST', url: '/api/v1/links', ...json({ url: ['https://a.com'] }) }), 'url');
    expect422(await t.as(t.userKey, { method: 'POST', url: '/api/v1/links', ...json({ url: 'https://a.com', privacy: [1] }) }), 'privacy');
    expect422(await t.as(t.userKey, { method: 'POST', url: '/api/v1/links', ...json({ url: 'https://a.com', clicks_limit: { n: 1 } }) }), 'clicks_limit');
    expect422(await t.as(t.userKey, { method: 'POST', url: '/api/v1/links', ...json({ url: 'https://a.com', title: 5 }) }), 'title');
    expect422(await t.as(t.userKey, { method: 'POST', url: '/api/v1/domains', ...json({ name: ['a.com'] }) }), 'name');
    expect422(await t.as(t.userKey, { method: 'POST', url: '/api/v1/spaces', ...form([['name[]', 'x']]) }), 'name');
    expect422(await t.as(t.userKey, { method: 'POST', url: '/api/v1/pixels', ...json({ name: 'n', type: ['x'], value: 'v' }) }), 'type');
    expect422(await get(t, t.userKey, '/api/v1/links?per_page=10&per_page=25'), 'per_page');
    expect422(await get(t, t.userKey, '/api/v1/links?sort_by=id&sort_by=url'), 'sort_by');
  });

  it('a JSON body that is not an object is a 422', async () => {
    for (const payload of ['[1,2]', '"text"', '42', 'true']) {
      const res = await t.as(t.userKey, { method: 'POST', url: '/api/v1/links', payload, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, payload).toBe(422);
      expect(res.json().status).toBe(422);
    }
  });

  it('a PUT with a broken body changes nothing', async () => {
    const link = await createLink(t, t.userKey, { url: 'https://e.com', title: 'kept' });
    await t.as(t.userKey, { method: 'PUT', url: `/api/v1/links/${link.id}`, payload: '{"title": "x"', headers: { 'content-type': 'application/json' } });
    expect((await get(t, t.userKey, `/api/v1/links/${link.id}`)).json().data.title).toBe('kept');
  });

  it('responses never leak stack traces or SQL', async () => {
    const res = await get(t, t.userKey, `/api/v1/links?search=${encodeURIComponent('" OR 1=1 --')}&search_by=url`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/sqlite|SELECT|at .*\.ts/i);
  });
});
