// One gate for every visitor: crawlers, bots and people pass the same checks. A crawler on a
// gated link may get the owner's card, never the destination; no User-Agent and no method gets the
// destination of a limited link more than clicks_limit times; the forms post to a path, never to a host.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, form, type TestApp } from '../test-utils/test-app';
import { GOOGLEBOT, createLink, dbClicks, flush, visit } from './test-helpers';
import { formAction } from './respond';

const FACEBOOK = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)';
const SECRET = 'secret-destination.example';
const URL_ = `https://${SECRET}/page?token=t0p`;
const CARD = { og_title: 'The card', og_description: 'A description' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** The destination in no form: not in a header (Location, Refresh, Link), not in the body. */
function expectNoDestination(res: LightMyRequestResponse, label: string): void {
  expect(JSON.stringify(res.headers), label).not.toContain(SECRET);
  expect(res.body, label).not.toContain(SECRET);
  expect(res.headers.location, label).toBeUndefined();
}

const hasDestination = (res: LightMyRequestResponse) => String(res.headers.location ?? '').includes(SECRET) || res.body.includes(SECRET);

describe('a crawler passes the gates', () => {
  it('gets the card of a password-protected link without the destination, and no password is skipped', async () => {
    await createLink(t, { url: URL_, alias: 'g-pw', redirect_password: 'pw-123', ...CARD });
    const res = await visit(t, '/g-pw', { headers: { 'user-agent': FACEBOOK } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<meta property="og:title" content="The card">');
    expectNoDestination(res, 'password');
    // A person still gets the password form.
    expect((await visit(t, '/g-pw')).body).toContain('name="password"');
  });

  it('gets the card of a sensitive link without the destination', async () => {
    await createLink(t, { url: URL_, alias: 'g-sens', sensitive_content: 1, og_description: 'Only a description' });
    const res = await visit(t, '/g-sens', { headers: { 'user-agent': FACEBOOK } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Only a description');
    expectNoDestination(res, 'warning'); // the title falls back to the short URL, not the destination
  });

  it('gets the card of a limited link without the destination, and takes no slot', async () => {
    const l = await createLink(t, { url: URL_, alias: 'g-lim', clicks_limit: 1, ...CARD });
    for (let i = 0; i < 3; i++) expectNoDestination(await visit(t, '/g-lim', { headers: { 'user-agent': 'Twitterbot/1.0' } }), 'limited');
    const person = await visit(t, '/g-lim');
    expect(person.statusCode).toBe(302);
    expect(person.headers.location).toBe(URL_);
    await flush(t);
    expect(await dbClicks(t, l.id)).toBe(1);
  });

  it('of an ungated link still gets the card with the destination', async () => {
    await createLink(t, { url: URL_, alias: 'g-open', ...CARD });
    const res = await visit(t, '/g-open', { headers: { 'user-agent': FACEBOOK } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`href="https://${SECRET}/page?token=t0p"`);
  });
});

describe('clicks_limit holds for every User-Agent and method', () => {
  for (const [name, ua] of [['a bot (Googlebot)', GOOGLEBOT], ['a crawler without a card (facebookexternalhit)', FACEBOOK]] as const) {
    it(`${name}: one slot per visit that reaches the destination, even in a concurrent burst`, async () => {
      const alias = `lim-${name.slice(2, 7).replace(/\W/g, '')}`;
      const l = await createLink(t, { url: URL_, alias, clicks_limit: 5 });
      const answers = await Promise.all(Array.from({ length: 40 }, () => visit(t, `/${alias}`, { headers: { 'user-agent': ua } })));
      expect(answers.filter(hasDestination)).toHaveLength(5);
      expect(answers.filter((r) => r.statusCode === 410)).toHaveLength(35);
      // The limit is used up for people too.
      expect((await visit(t, `/${alias}`)).statusCode).toBe(410);
      await flush(t);
      expect(await dbClicks(t, l.id)).toBe(5);
    });
  }

  it('bots on a link without a limit are still redirected and not counted', async () => {
    const l = await createLink(t, { url: URL_, alias: 'bot-free' });
    for (let i = 0; i < 3; i++) expect((await visit(t, '/bot-free', { headers: { 'user-agent': GOOGLEBOT } })).headers.location).toBe(URL_);
    await flush(t);
    expect(await dbClicks(t, l.id)).toBe(0);
  });

  it('HEAD counts nothing, so on a limited link it answers like GET without the destination', async () => {
    const l = await createLink(t, { url: URL_, alias: 'head-lim', clicks_limit: 2 });
    const heads = await Promise.all(Array.from({ length: 20 }, () => visit(t, '/head-lim', { method: 'HEAD' })));
    for (const head of heads) {
      expect(head.statusCode).toBe(302);
      expectNoDestination(head, 'HEAD under the limit');
    }
    expect((await visit(t, '/head-lim')).headers.location).toBe(URL_);
    expect((await visit(t, '/head-lim', { headers: { 'user-agent': GOOGLEBOT } })).headers.location).toBe(URL_);
    const after = await visit(t, '/head-lim', { method: 'HEAD' });
    expect(after.statusCode).toBe(410);
    expectNoDestination(after, 'HEAD at the limit');
    await flush(t);
    expect(await dbClicks(t, l.id)).toBe(2);
    // Without a limit, HEAD keeps its Location.
    await createLink(t, { url: URL_, alias: 'head-free' });
    expect((await visit(t, '/head-free', { method: 'HEAD' })).headers.location).toBe(URL_);
  });
});

describe('the password and warning forms post to a path only', () => {
  it('an absolute request target (GET http://evil.example/x) gives a path-only action', async () => {
    await createLink(t, { url: URL_, alias: 'act-pw', redirect_password: 'pw-123' });
    await createLink(t, { url: URL_, alias: 'act-sens', sensitive_content: 1 });
    await createLink(t, { url: URL_, alias: 'act-st', privacy: 2, password: 'stats-pw' });
    const cases: [string, string][] = [
      ['http://evil.example/act-pw?x=1', '/act-pw?x=1'],
      ['http://evil.example/act-sens', '/act-sens'],
      ['http://evil.example/act-st/+', '/act-st/+'],
    ];
    for (const [target, action] of cases) {
      const res = await rawGet(target);
      expect(res, target).toContain('HTTP/1.1 200');
      expect(res, target).toContain(`action="${action}"`);
      expect(res, target).not.toContain('evil.example');
    }
    const wrong = await visit(t, '/act-pw', { method: 'POST', ...form({ password: 'nope' }) });
    expect(wrong.body).toContain('action="/act-pw"');
  });

  it('formAction keeps the path and query, and never starts with something a browser reads as a host', () => {
    const cases: [string, string][] = [
      ['/pa?x=1', '/pa?x=1'],
      ['http://evil.example/abc?x=1', '/abc?x=1'],
      ['HTTPS://evil.example:8443', '/'],
      ['//evil.example/abc', '/evil.example/abc'],
      ['/\\evil.example/abc', '/evil.example/abc'],
      ['/\t/evil.example', '/evil.example'],
    ];
    for (const [url, action] of cases) expect(formAction(url), url).toBe(action);
  });
});

/** A raw HTTP/1.1 request with an absolute-form target, as a client or proxy may send it. */
async function rawGet(target: string): Promise<string> {
  const net = await import('node:net');
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: short.test\r\nUser-Agent: Mozilla/5.0 Chrome/124.0\r\nConnection: close\r\n\r\n`);
    });
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (c: string) => (data += c));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
}
