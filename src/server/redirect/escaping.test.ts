// Security: owner-typed (and visitor-sent) text carrying HTML/JS payloads, through every public page.
// Fields with a strict charset or URL scheme must refuse the payloads (422); free text must reach the
// pages escaped (its escaped form is asserted present), and every page carries a strict CSP.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, form, type TestApp } from '../test-utils/test-app';
import { expect422 } from '../test-utils/api';
import { renderPage } from './pages/layout';
import { pixelsPage } from './pages/pixels-page';
import { createLink, createPixel, flush, visit } from './test-helpers';
import { verifyDomain } from '../test-utils/dns-server';
import { escaped, expectBareRedirect, expectNoInjectedMarkup, expectSafePage, PAYLOADS, XSS, XSS_URL } from './escaping-checks';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const past = new Date(Date.now() - 86_400_000).toISOString().slice(0, 19);
const post = (path: string, body: unknown) => t.as(t.userKey, { method: 'POST', url: `/api/v1/${path}`, payload: body as object });
const SCRIPT_URLS = ['javascript:window.__xss=1', ' JavaScript:window.__xss=1//http://x.example', 'data:text/html,<script>window.__xss=1</script>', 'vbscript:msgbox(1)'];

describe('fields with a safe charset or scheme refuse the payloads', () => {
  it('alias: 422 for each payload', async () => {
    for (const alias of PAYLOADS) expect422(await post('links', { url: 'https://example.com/', alias }), 'alias');
  });

  it('domain name: 422 for markup; a path after the host is dropped, never stored', async () => {
    for (const name of [...PAYLOADS, `${XSS.svg}.example`, `x${XSS.img}.example`]) expect422(await post('domains', { name }), 'name');
    const res = await post('domains', { name: `Evil.Example/${XSS.script}` });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.name).toBe('evil.example');
  });

  it('pixel value: 422; pixel name (free text) is stored as typed', async () => {
    for (const value of PAYLOADS) expect422(await post('pixels', { name: 'Ads', type: 'facebook', value }), 'value');
    const res = await post('pixels', { name: XSS.img, type: 'facebook', value: '123' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.name).toBe(XSS.img);
  });

  it('script URLs: 422 in url, expiration_url, targets values, homepage_url and not_found_url', async () => {
    for (const bad of SCRIPT_URLS) {
      expect422(await post('links', { url: bad }), 'url');
      expect422(await post('links', { url: 'https://example.com/', expiration_url: bad }), 'expiration_url');
      const targets = { url: 'https://example.com/', targets_type: 'countries', targets: [{ key: 'DE', value: bad }] };
      expect422(await post('links', targets), 'targets.0.value');
      expect422(await post('domains', { name: 'a.example', homepage_url: bad, not_found_url: bad }), 'homepage_url', 'not_found_url');
    }
  });
});

describe('public pages escape what the owner and the visitor typed', () => {
  it('404 pages: unknown alias, disabled link, domain without not_found_url, domain root without homepage', async () => {
    expectSafePage(await visit(t, `/${encodeURIComponent(XSS.script)}`), { status: 404 });
    await createLink(t, { url: XSS_URL, alias: 'off', title: XSS.script, disabled: 1 });
    expectSafePage(await visit(t, '/off'), { status: 404, hides: [XSS.script, XSS_URL] });
    await verifyDomain(t, (await post('domains', { name: 'bare.example' })).json().data.id);
    expectSafePage(await visit(t, '/nope', { headers: { host: 'bare.example' } }), { status: 404 });
    expectSafePage(await visit(t, '/', { headers: { host: 'bare.example' } }), { status: 404 });
  });

  it('domain root and unknown alias on a domain: bare 302s to the owner URLs, no HTML', async () => {
    const home = `https://home.example/?q=${XSS.script}`;
    const nf = 'https://home.example/404?q="><svg/onload=window.__xss=1>';
    const brand = await post('domains', { name: 'brand.example', homepage_url: home, not_found_url: nf });
    expect(brand.statusCode).toBe(201);
    await verifyDomain(t, brand.json().data.id);
    expectBareRedirect(await visit(t, '/', { headers: { host: 'brand.example' } }), home);
    expectBareRedirect(await visit(t, '/nope', { headers: { host: 'brand.example' } }), nf);
    // A line break in a URL is refused at the API, so no header can be smuggled in; spaces go out encoded.
    const crlf = await post('domains', { name: 'crlf.example', homepage_url: `https://home.example/${XSS.img}\r\nSet-Cookie: a=1` });
    expect(crlf.statusCode).toBe(422);
    expect(crlf.json().errors).toHaveProperty('homepage_url');
    await verifyDomain(t, (await post('domains', { name: 'spaced.example', homepage_url: `https://home.example/${XSS.img}` })).json().data.id);
    const spaced = await visit(t, '/', { headers: { host: 'spaced.example' } });
    expectBareRedirect(spaced, String(spaced.headers.location));
    expect(spaced.headers.location).toBe(`https://home.example/'%3E%3Cimg%20src=x%20onerror=window.__xss=1%3E`);
  });

  it('password form (GET, wrong password): the title is not shown, the query is escaped', async () => {
    await createLink(t, { url: XSS_URL, alias: 'pw', title: XSS.svg, redirect_password: 'secret' });
    const query = `?q=${encodeURIComponent(XSS.img).replace(/'/g, '%27')}`; // as the client sends it
    const page = await visit(t, `/pw${query}`);
    expectSafePage(page, { status: 200, hides: [XSS.svg, XSS_URL] });
    expect(page.body).toContain(`<form method="post" action="/pw${escaped(query)}">`);
    const wrong = await visit(t, `/pw${query}`, { method: 'POST', ...form({ password: XSS.script }) });
    expectSafePage(wrong, { status: 401, hides: [XSS.svg, XSS_URL] });
    expect(wrong.body).toContain('Wrong password');
  });

  it('sensitive-content warning: title, Referer (Go back) and query escaped', async () => {
    await createLink(t, { url: XSS_URL, alias: 'sens', title: XSS.script, sensitive_content: 1 });
    const referer = `https://news.example/${XSS.img}`;
    const page = await visit(t, '/sens?x=1', { headers: { referer } });
    expectSafePage(page, { status: 200, shows: [XSS.script, referer], hides: [XSS_URL] });
    expect(page.body).toContain(`href="${escaped(referer)}"`);
    // Consent leads to a bare redirect to the destination.
    const go = await visit(t, '/sens', { method: 'POST', ...form({ consent: '1' }) });
    expect(go.statusCode).toBe(303);
    expect(go.body).toBe('');
  });

  it('pixels page: destination escaped in HTML and JS, pixel names never shown, nonce on every script', async () => {
    const fb = await createPixel(t, 'facebook', '123456');
    const gtm = (await post('pixels', { name: `Ads ${XSS.svg}`, type: 'google-tag-manager', value: 'GTM-1' })).json().data.id;
    await createLink(t, { url: XSS_URL, alias: 'px', title: XSS.svg, pixel_ids: [fb, gtm] });
    const page = await visit(t, '/px');
    const nonce = expectSafePage(page, { status: 200, nonce: true, shows: [XSS_URL], hides: [XSS.svg] });
    expect(page.body).toContain(`<meta http-equiv="refresh" content="2;url=${escaped(XSS_URL)}">`);
    expect(page.body).toContain(`location.replace(${JSON.stringify(XSS_URL).replace(/</g, '\\u003c').replace(/>/g, '\\u003e')})`);
    expect(page.body.match(/<script /g)).toHaveLength(3); // two vendors and the forward
    expect(page.body).toContain(`<script nonce="${nonce}" data-pixel="facebook">`);
    // A fresh nonce per page.
    const again = await visit(t, '/px');
    expect(expectSafePage(again, { status: 200, nonce: true, shows: [XSS_URL] })).not.toBe(nonce);
    // The visitor's query merged into the destination stays escaped too.
    const merged = await visit(t, `/px?v=${encodeURIComponent(XSS.svg)}`);
    expectSafePage(merged, { status: 200, nonce: true });
    expect(merged.body).toContain(escaped(`v=${encodeURIComponent(XSS.svg).replace(/%20/g, '+')}`));
  });

  it('pixels page: a target value with markup (country match) is escaped', async () => {
    const fb = await createPixel(t, 'facebook', '123456');
    const gb = `https://uk.example/?q=${XSS.svg}`;
    await createLink(t, {
      url: XSS_URL, alias: 'tgt', pixel_ids: [fb], targets_type: 'countries', targets: [{ key: 'GB', value: gb }],
    });
    const page = await visit(t, '/tgt'); // the visit comes from a GB address
    expectSafePage(page, { status: 200, nonce: true, shows: [gb], hides: [XSS_URL] });
  });

  it('public stats, privacy 0: the title is escaped; a visitor-sent referrer "host" with markup is not stored', async () => {
    await createLink(t, { url: 'https://example.com/', alias: 'st-0', title: XSS.svg });
    expect((await visit(t, '/st-0', { headers: { referer: `https://${XSS.img}/page` } })).statusCode).toBe(302);
    expect((await visit(t, '/st-0', { headers: { referer: 'https://news.example/page' } })).statusCode).toBe(302);
    await flush(t);
    const page = await visit(t, '/st-0/+');
    expectSafePage(page, { status: 200, shows: [XSS.svg], hides: [XSS.img] });
    expect(page.body).toContain('<td class="break">news.example</td>'); // the referrer row
    expect(page.body).toContain('Statistics of /st-0');
  });

  it('public stats, privacy 2: the password form hides the title; after the password it is escaped', async () => {
    await createLink(t, { url: 'https://example.com/', alias: 'st-2', title: XSS.script, privacy: 2, password: 'stats-pw' });
    const query = `?r=${encodeURIComponent(XSS.script)}`;
    const gate = await visit(t, `/st-2/+${query}`);
    expectSafePage(gate, { status: 200, hides: [XSS.script] });
    expect(gate.body).toContain(`action="/st-2/+${escaped(query)}"`);
    expectSafePage(await visit(t, '/st-2/+', { method: 'POST', ...form({ password: XSS.img }) }), { status: 401, hides: [XSS.script] });
    const open = await visit(t, '/st-2/+', { method: 'POST', ...form({ password: 'stats-pw' }) });
    expectSafePage(open, { status: 200, shows: [XSS.script] });
  });

  it('expired: the 410 page hides the title; expiration_url is a bare 302', async () => {
    await createLink(t, { url: XSS_URL, alias: 'gone', title: XSS.img, active_period_end_at: past });
    expectSafePage(await visit(t, '/gone'), { status: 410, hides: [XSS.img, XSS_URL] });
    const exp = `https://over.example/?q=${XSS.script}`;
    await createLink(t, { url: XSS_URL, alias: 'gone2', title: XSS.img, active_period_end_at: past, expiration_url: exp });
    expectBareRedirect(await visit(t, '/gone2'), exp);
  });
});

describe('a raw request target (not percent-encoded by the client)', () => {
  it('is escaped in the form action of the password and warning pages', async () => {
    await createLink(t, { url: 'https://example.com/', alias: 'rawpw', redirect_password: 'x' });
    await createLink(t, { url: 'https://example.com/', alias: 'rawsens', sensitive_content: 1 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const raw = `?q="'><svg/onload=window.__xss=1>`;
    for (const alias of ['rawpw', 'rawsens']) {
      const res = await new Promise<{ statusCode: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path: `/${alias}${raw}`, headers: { host: 'short.test' } }, (r) => {
          let body = '';
          r.setEncoding('utf8').on('data', (c: string) => (body += c));
          r.on('end', () => resolve({ statusCode: r.statusCode ?? 0, headers: r.headers, body }));
        });
        req.on('error', reject).end();
      });
      expectSafePage(res, { status: 200, shows: [raw] });
      expect(res.body).toContain(`action="/${alias}${escaped(raw)}"`);
    }
  });
});

describe('the checks themselves', () => {
  it('catch each payload written into a page unescaped, and a script without the nonce', () => {
    for (const p of PAYLOADS) {
      expect(() => expectNoInjectedMarkup(renderPage({ title: 'x', body: `<p>${p}</p>` }))).toThrow();
      expect(() => expectNoInjectedMarkup(renderPage({ title: 'x', body: `<a href="${p}">x</a>` }))).toThrow();
      expect(() => expectNoInjectedMarkup(renderPage({ title: 'x', body: '' }).replace('x · Linkdeck', p))).toThrow();
      expectNoInjectedMarkup(renderPage({ title: p, body: `<p>${escaped(p)}</p>` }));
    }
    expect(() => expectNoInjectedMarkup(renderPage({ title: 'x', body: '<a href="javascript&#58;x">x</a>' }))).toThrow();
    const { html } = pixelsPage([{ type: 'facebook', value: '1' }], XSS_URL);
    const nonce = /nonce="([^"]+)"/.exec(html)?.[1];
    expectNoInjectedMarkup(html, nonce);
    expect(() => expectNoInjectedMarkup(html, 'other')).toThrow();
    expect(() => expectNoInjectedMarkup(html.replace('</head>', '<script>x()</script></head>'), nonce)).toThrow();
  });
});
