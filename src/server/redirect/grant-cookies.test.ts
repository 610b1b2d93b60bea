// Grant cookies (redirect password, sensitive-content consent, statistics password): HttpOnly,
// SameSite=Lax, scoped to the link's path, and Secure when the visit came over https, which behind a
// proxy is known from X-Forwarded-Proto only with TRUST_PROXY.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, form, type TestApp } from '../test-utils/test-app';
import { createLink, visit } from './test-helpers';

let plain: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  plain = await createTestApp();
  proxied = await createTestApp({ trustProxy: 1 });
  for (const t of [plain, proxied]) {
    await createLink(t, { url: 'https://a.example/', alias: 'Pw-1', redirect_password: 'open sesame' });
    await createLink(t, { url: 'https://a.example/', alias: 'warn', sensitive_content: 1 });
    await createLink(t, { url: 'https://a.example/', alias: 'st', privacy: 2, password: 'stats pass' });
  }
});
afterAll(async () => {
  await plain.close();
  await proxied.close();
});

/** The three ways to earn a grant, each answered with its Set-Cookie. */
async function grants(t: TestApp, headers: Record<string, string> = {}): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const post = (path: string, body: Record<string, string>) => visit(t, path, { method: 'POST', ...form(body), headers: { ...form(body).headers, ...headers } });
  out.pw = String((await post('/Pw-1', { password: 'open sesame' })).headers['set-cookie']);
  out.ok = String((await post('/warn', { consent: '1' })).headers['set-cookie']);
  out.st = String((await post('/st/+', { password: 'stats pass' })).headers['set-cookie']);
  return out;
}

const attributes = (cookie: string) => cookie.split(';').slice(1).map((a) => a.trim());

describe('grant cookies', () => {
  it('are HttpOnly, SameSite=Lax and scoped to the link, not Secure over plain http', async () => {
    const got = await grants(plain);
    expect(got.pw).toMatch(/^ld_pw_\d+=/);
    expect(got.ok).toMatch(/^ld_ok_\d+=/);
    expect(got.st).toMatch(/^ld_st_\d+=/);
    for (const [kind, cookie] of Object.entries(got)) {
      const attrs = attributes(cookie);
      expect(attrs, kind).toContain('HttpOnly');
      expect(attrs, kind).toContain('SameSite=Lax');
      expect(attrs, kind).not.toContain('Secure');
      expect(attrs.filter((a) => a.startsWith('Path=')), kind).toHaveLength(1);
    }
    expect(attributes(got.pw!)).toContain('Path=/Pw-1');
    expect(attributes(got.ok!)).toContain('Path=/warn');
    expect(attributes(got.st!)).toContain('Path=/st'); // covers /st/+ too
  });

  it('are Secure when a trusted proxy says the visit came over https', async () => {
    const got = await grants(proxied, { 'x-forwarded-proto': 'https', 'x-forwarded-for': '81.2.69.142' });
    for (const [kind, cookie] of Object.entries(got)) expect(attributes(cookie), kind).toContain('Secure');
    const direct = await grants(proxied);
    for (const [kind, cookie] of Object.entries(direct)) expect(attributes(cookie), kind).not.toContain('Secure');
  });

  it('ignore X-Forwarded-Proto without TRUST_PROXY', async () => {
    const got = await grants(plain, { 'x-forwarded-proto': 'https' });
    for (const [kind, cookie] of Object.entries(got)) expect(attributes(cookie), kind).not.toContain('Secure');
  });
});
