import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, form, type TestApp } from '../test-utils/test-app';
import { PIXEL_TYPES } from '../../shared/enums';
import { cookieOf, createLink, createPixel, dbClicks, eventCount, flush, GOOGLEBOT, updateLink, visit } from './test-helpers';
import { verifyDomain } from '../test-utils/dns-server';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const past = new Date(Date.now() - 86_400_000).toISOString().slice(0, 19);
const future = new Date(Date.now() + 86_400_000).toISOString().slice(0, 19);

describe('redirect rules', () => {
  it('redirects with 302 and no-store, and counts the click', async () => {
    const l = await createLink(t, { url: 'https://example.com/page', alias: 'go' });
    const res = await visit(t, '/go');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://example.com/page');
    expect(res.headers['cache-control']).toBe('private, no-store');
    await flush(t);
    expect(await dbClicks(t, l.id)).toBe(1);
    const [ev] = await t.query('SELECT * FROM click_events WHERE link_id = ?', l.id);
    expect(ev).toMatchObject({ country: 'GB', continent: 'EU', os: 'Windows', browser: 'Chrome', device: 'Desktop' });
  });

  it('1: unknown alias is a 404 page, or 302 to the domain not_found_url', async () => {
    const res = await visit(t, '/nope');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toContain('Linkdeck');
    const d = await t.as(t.userKey, { method: 'POST', url: '/api/v1/domains', payload: { name: 'Brand.Example', not_found_url: 'https://brand.example/404', homepage_url: 'https://brand.example/' } });
    expect(d.statusCode).toBe(201);
    // A domain takes traffic once verified: before, its host is any host (the default domain's 404).
    expect((await visit(t, '/nope', { headers: { host: 'brand.example' } })).statusCode).toBe(404);
    await verifyDomain(t, d.json().data.id);
    const nf = await visit(t, '/nope', { headers: { host: 'BRAND.example:8080' } });
    expect(nf.statusCode).toBe(302);
    expect(nf.headers.location).toBe('https://brand.example/404');
    const home = await visit(t, '/', { headers: { host: 'brand.example' } });
    expect(home.headers.location).toBe('https://brand.example/');
  });

  it('/ on a domain without homepage is its 404, on the default host the dashboard', async () => {
    const bare = await t.as(t.userKey, { method: 'POST', url: '/api/v1/domains', payload: { name: 'bare.example' } });
    await verifyDomain(t, bare.json().data.id);
    expect((await visit(t, '/', { headers: { host: 'bare.example' } })).statusCode).toBe(404);
    const own = await visit(t, '/', { headers: { host: 'unknown-host.example' } });
    expect(own.statusCode).toBe(302);
    expect(own.headers.location).toBe('/dashboard/');
  });

  it('looks links up by host: same alias on two domains, unknown host is the default domain', async () => {
    const d = (await t.as(t.userKey, { method: 'POST', url: '/api/v1/domains', payload: { name: 'b.example' } })).json().data;
    await verifyDomain(t, d.id);
    await createLink(t, { url: 'https://default.example/', alias: 'same' });
    await createLink(t, { url: 'https://b.example/dest', alias: 'same', domain_id: d.id });
    expect((await visit(t, '/same', { headers: { host: 'b.example:443' } })).headers.location).toBe('https://b.example/dest');
    expect((await visit(t, '/same', { headers: { host: 'other.example' } })).headers.location).toBe('https://default.example/');
    expect((await visit(t, '/Same')).statusCode).toBe(404);
  });

  it('2: disabled is a 404 page, checked before expiry', async () => {
    await createLink(t, { url: 'https://example.com', alias: 'off', disabled: 1, active_period_end_at: past, expiration_url: 'https://example.com/exp' });
    const res = await visit(t, '/off');
    expect(res.statusCode).toBe(404);
  });

  it('3: before start, after end and at the clicks limit: expiration_url or a 410 page', async () => {
    await createLink(t, { url: 'https://example.com', alias: 'early', active_period_start_at: future });
    await createLink(t, { url: 'https://example.com', alias: 'late', active_period_end_at: past, expiration_url: 'https://example.com/over' });
    const early = await visit(t, '/early');
    expect(early.statusCode).toBe(410);
    expect(early.body).toContain('expired');
    expect((await visit(t, '/late')).headers.location).toBe('https://example.com/over');
    await createLink(t, { url: 'https://example.com', alias: 'lim', clicks_limit: 2 });
    expect((await visit(t, '/lim')).statusCode).toBe(302);
    expect((await visit(t, '/lim')).statusCode).toBe(302);
    expect((await visit(t, '/lim')).statusCode).toBe(410);
  });

  it('4: redirect password: form, 401 on wrong, rate limited, remembered per link only', async () => {
    const a = await createLink(t, { url: 'https://a.example/', alias: 'pa', redirect_password: 'open sesame' });
    await createLink(t, { url: 'https://b.example/', alias: 'pb', redirect_password: 'open sesame' });
    const page = await visit(t, '/pa?x=1');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post" action="/pa?x=1"');
    const wrong = await visit(t, '/pa?x=1', { method: 'POST', ...form({ password: 'nope' }) });
    expect(wrong.statusCode).toBe(401);
    const ok = await visit(t, '/pa?x=1', { method: 'POST', ...form({ password: 'open sesame' }) });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('https://a.example/?x=1');
    const cookie = cookieOf(ok);
    expect(cookie).toMatch(/^ld_pw_\d+=/);
    expect((await visit(t, '/pa', { headers: { cookie } })).statusCode).toBe(302);
    expect((await visit(t, '/pb', { headers: { cookie } })).statusCode).toBe(200); // another link stays closed
    const forged = cookie.replace(/ld_pw_\d+/, `ld_pw_${a.id + 1}`);
    expect((await visit(t, '/pb', { headers: { cookie: forged } })).statusCode).toBe(200);
    // a new password invalidates the old grant
    await updateLink(t, a.id, { redirect_password: 'changed' });
    expect((await visit(t, '/pa', { headers: { cookie } })).statusCode).toBe(200);
    // attempts are limited per visitor and link
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await visit(t, '/pb', { method: 'POST', ...form({ password: 'bad' }) })).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
    const blocked = await visit(t, '/pb', { method: 'POST', ...form({ password: 'open sesame' }) });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    await flush(t);
    expect(await dbClicks(t, a.id)).toBe(2);
  });

  it('5: sensitive content: warning with Continue and Go back, consent remembered', async () => {
    await createLink(t, { url: 'https://nsfw.example/', alias: 'sens', sensitive_content: 1 });
    const warn = await visit(t, '/sens', { headers: { referer: 'https://news.example/x' } });
    expect(warn.statusCode).toBe(200);
    expect(warn.body).toContain('name="consent"');
    expect(warn.body).toContain('href="https://news.example/x"');
    const go = await visit(t, '/sens', { method: 'POST', ...form({ consent: '1' }) });
    expect(go.statusCode).toBe(303);
    expect(go.headers.location).toBe('https://nsfw.example/');
    expect((await visit(t, '/sens', { headers: { cookie: cookieOf(go) } })).statusCode).toBe(302);
  });

  it('6: pixels page loads every vendor snippet, then goes on', async () => {
    const ids: number[] = [];
    for (const type of PIXEL_TYPES) ids.push(await createPixel(t, type, `ID-${type.replace(/-/g, '')}`));
    const l = await createLink(t, { url: 'https://shop.example/p', alias: 'px', pixel_ids: ids });
    const res = await visit(t, '/px?utm=1');
    expect(res.statusCode).toBe(200);
    for (const type of PIXEL_TYPES) expect(res.body).toContain(`data-pixel="${type}"`);
    for (const host of ['connect.facebook.net', 'www.googletagmanager.com', 'snap.licdn.com', 's.pinimg.com', 'analytics.tiktok.com', 'static.ads-twitter.com', 'bat.bing.com', 's.adroll.com', 'a.quora.com', 'www.redditstatic.com']) {
      expect(res.body).toContain(host);
      expect(res.headers['content-security-policy']).toContain(`https://${host}`);
    }
    expect(res.body).toContain('http-equiv="refresh" content="2;url=https://shop.example/p?utm=1"');
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    expect(res.body.match(/<script(?![^>]*nonce=)/g)).toBeNull(); // every script carries the nonce
    await flush(t);
    expect(await dbClicks(t, l.id)).toBe(1);
  });

  it('combines password, sensitive, targeting and pixels in order', async () => {
    const px = await createPixel(t, 'facebook', '123456');
    await createLink(t, {
      url: 'https://all.example/', alias: 'combo', redirect_password: 'pw', sensitive_content: 1, pixel_ids: [px],
      targets_type: 'countries', targets: [{ key: 'GB', value: 'https://uk.example/' }],
    });
    expect((await visit(t, '/combo')).body).toContain('name="password"');
    const afterPw = await visit(t, '/combo', { method: 'POST', ...form({ password: 'pw' }) });
    expect(afterPw.statusCode).toBe(200);
    expect(afterPw.body).toContain('name="consent"');
    const pw = cookieOf(afterPw);
    const consentForm = form({ consent: '1' });
    const afterConsent = await visit(t, '/combo', { method: 'POST', payload: consentForm.payload, headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: pw } });
    expect(afterConsent.statusCode).toBe(200);
    expect(afterConsent.body).toContain('data-pixel="facebook"');
    expect(afterConsent.body).toContain('https://uk.example/');
    const both = `${pw}; ${cookieOf(afterConsent)}`;
    const direct = await visit(t, '/combo', { headers: { cookie: both } });
    expect(direct.body).toContain('url=https://uk.example/');
    // the consent without the password cookie does not skip the password
    expect((await visit(t, '/combo', { headers: { cookie: cookieOf(afterConsent) } })).body).toContain('name="password"');
  });

  it('merges the query string; the visitor wins on the same name', async () => {
    await createLink(t, { url: 'https://example.com/p?a=1&b=2#frag', alias: 'q' });
    expect((await visit(t, '/q?b=9&c=3')).headers.location).toBe('https://example.com/p?a=1&b=9&c=3#frag');
    expect((await visit(t, '/q')).headers.location).toBe('https://example.com/p?a=1&b=2#frag');
  });

  it('sends a destination with spaces or non-ASCII characters percent-encoded (UTF-8) in Location', async () => {
    await createLink(t, { url: 'https://example.com/straße/€ 1?q=naïve#über', alias: 'utf' });
    const res = await visit(t, '/utf');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://example.com/stra%C3%9Fe/%E2%82%AC%201?q=na%C3%AFve#%C3%BCber');
    expect((await visit(t, '/utf?x=ü')).headers.location).toBe('https://example.com/stra%C3%9Fe/%E2%82%AC%201?q=na%C3%AFve&x=%C3%BC#%C3%BCber');
  });

  it('HEAD answers like GET and counts nothing; on a limited link it gets no destination, and a bot takes a slot', async () => {
    const l = await createLink(t, { url: 'https://example.com/', alias: 'h', clicks_limit: 2 });
    const head = await visit(t, '/h', { method: 'HEAD' });
    expect(head.statusCode).toBe(302);
    expect(head.headers.location).toBeUndefined();
    const bot = await visit(t, '/h', { headers: { 'user-agent': GOOGLEBOT } });
    expect(bot.statusCode).toBe(302);
    await flush(t);
    expect(await dbClicks(t, l.id)).toBe(1);
    expect((await visit(t, '/h')).statusCode).toBe(302);
    expect((await visit(t, '/h')).statusCode).toBe(410);
    expect((await visit(t, '/h', { method: 'HEAD' })).statusCode).toBe(410);
    await flush(t);
    expect(await dbClicks(t, l.id)).toBe(2);
    expect(await eventCount(t, l.id)).toBe(2);
    // Without a limit: HEAD gets the Location, bots are redirected and not counted.
    const free = await createLink(t, { url: 'https://example.com/', alias: 'h-free' });
    expect((await visit(t, '/h-free', { method: 'HEAD' })).headers.location).toBe('https://example.com/');
    expect((await visit(t, '/h-free', { headers: { 'user-agent': GOOGLEBOT } })).statusCode).toBe(302);
    await flush(t);
    expect(await dbClicks(t, free.id)).toBe(0);
  });

  it('escapes what the owner typed on every page', async () => {
    const evil = '<script>alert(1)</script>"\'&';
    await createLink(t, { url: 'https://example.com/?q="><script>alert(2)</script>', alias: 'xss', title: evil, sensitive_content: 1 });
    const warn = await visit(t, '/xss?"><img src=x onerror=alert(3)>', { headers: { referer: 'https://x.example/"><script>alert(4)</script>' } });
    expect(warn.statusCode).toBe(200);
    expect(warn.body).not.toMatch(/<script|<img src=x/);
    expect(warn.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;');
    await createLink(t, { url: 'https://example.com/?q="><script>alert(2)</script>', alias: 'xss2', title: evil, pixel_ids: [await createPixel(t, 'x', 'abc')] });
    const px = await visit(t, '/xss2');
    expect(px.body).not.toContain('<script>alert');
    expect(px.body).toContain('&lt;script&gt;alert(2)');
    const stats = await visit(t, '/xss2/+');
    expect(stats.statusCode).toBe(200);
    expect(stats.body).not.toContain('<script>');
    expect(stats.body).toContain('&lt;script&gt;alert(1)');
  });

  it('drops cached links on update and delete', async () => {
    const l = await createLink(t, { url: 'https://one.example/', alias: 'c1' });
    expect((await visit(t, '/c1')).headers.location).toBe('https://one.example/');
    expect((await visit(t, '/c2')).statusCode).toBe(404);
    await updateLink(t, l.id, { url: 'https://two.example/', alias: 'c2' });
    expect((await visit(t, '/c2')).headers.location).toBe('https://two.example/');
    expect((await visit(t, '/c1')).statusCode).toBe(404);
    await updateLink(t, l.id, { disabled: 1 });
    expect((await visit(t, '/c2')).statusCode).toBe(404);
    await updateLink(t, l.id, { disabled: 0 });
    expect((await visit(t, '/c2')).statusCode).toBe(302);
    expect((await t.as(t.userKey, { method: 'DELETE', url: `/api/v1/links/${l.id}` })).statusCode).toBe(200);
    expect((await visit(t, '/c2')).statusCode).toBe(404);
    await flush(t); // clicks of a deleted link are dropped, not a failed batch
    expect(await eventCount(t, l.id)).toBe(0);
  });
});
