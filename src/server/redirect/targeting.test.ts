import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { createLink, SAFARI_IPHONE, visit } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const dest = (res: { headers: Record<string, unknown> }) => res.headers.location;

describe('targeting with real request headers', () => {
  it('countries from the client IP', async () => {
    await createLink(t, { url: 'https://world.example/', alias: 'tc', targets_type: 'countries', targets: [{ key: 'de', value: 'https://de.example/' }, { key: 'GB', value: 'https://gb.example/' }] });
    expect(dest(await visit(t, '/tc', { remoteAddress: '2a00:1450:4001::1' }))).toBe('https://de.example/');
    expect(dest(await visit(t, '/tc', { remoteAddress: '81.2.69.142' }))).toBe('https://gb.example/');
    expect(dest(await visit(t, '/tc', { remoteAddress: '8.8.8.8' }))).toBe('https://world.example/');
    // without TRUST_PROXY, X-Forwarded-For and CF-IPCountry are ignored
    expect(dest(await visit(t, '/tc', { remoteAddress: '8.8.8.8', headers: { 'x-forwarded-for': '81.2.69.142', 'cf-ipcountry': 'DE' } }))).toBe('https://world.example/');
  });

  it('continents from the country', async () => {
    await createLink(t, { url: 'https://world.example/', alias: 'tk', targets_type: 'continents', targets: [{ key: 'NA', value: 'https://na.example/' }, { key: 'EU', value: 'https://eu.example/' }] });
    expect(dest(await visit(t, '/tk', { remoteAddress: '8.8.8.8' }))).toBe('https://na.example/');
    expect(dest(await visit(t, '/tk', { remoteAddress: '81.2.69.142' }))).toBe('https://eu.example/');
    expect(dest(await visit(t, '/tk', { remoteAddress: '127.0.0.1' }))).toBe('https://world.example/');
  });

  it('languages from Accept-Language (highest weight, primary subtag)', async () => {
    await createLink(t, { url: 'https://any.example/', alias: 'tl', targets_type: 'languages', targets: [{ key: 'fr', value: 'https://fr.example/' }, { key: 'de', value: 'https://de.example/' }] });
    expect(dest(await visit(t, '/tl', { headers: { 'accept-language': 'en;q=0.3, de-AT;q=0.9, fr;q=0.8' } }))).toBe('https://de.example/');
    expect(dest(await visit(t, '/tl', { headers: { 'accept-language': 'fr-CA' } }))).toBe('https://fr.example/');
    expect(dest(await visit(t, '/tl', { headers: { 'accept-language': 'es' } }))).toBe('https://any.example/');
  });

  it('operating systems, browsers and devices from the User-Agent', async () => {
    await createLink(t, { url: 'https://any.example/', alias: 'to', targets_type: 'operating_systems', targets: [{ key: 'iOS', value: 'https://ios.example/' }] });
    await createLink(t, { url: 'https://any.example/', alias: 'tb', targets_type: 'browsers', targets: [{ key: 'Safari', value: 'https://safari.example/' }, { key: 'Chrome', value: 'https://chrome.example/' }] });
    await createLink(t, { url: 'https://any.example/', alias: 'td', targets_type: 'devices', targets: [{ key: 'Mobile', value: 'https://m.example/' }] });
    const iphone = { headers: { 'user-agent': SAFARI_IPHONE } };
    expect(dest(await visit(t, '/to', iphone))).toBe('https://ios.example/');
    expect(dest(await visit(t, '/to'))).toBe('https://any.example/');
    expect(dest(await visit(t, '/tb', iphone))).toBe('https://safari.example/');
    expect(dest(await visit(t, '/tb'))).toBe('https://chrome.example/');
    expect(dest(await visit(t, '/td', iphone))).toBe('https://m.example/');
    expect(dest(await visit(t, '/td'))).toBe('https://any.example/');
  });

  it('rotations share visits by weight, smoothly', async () => {
    await createLink(t, { url: 'https://any.example/', alias: 'tr', targets_type: 'rotations', targets: [{ key: '3', value: 'https://a.example/' }, { key: '', value: 'https://b.example/' }, { key: '1', value: 'https://c.example/' }] });
    const seen: string[] = [];
    for (let i = 0; i < 50; i++) seen.push(String(dest(await visit(t, '/tr'))));
    const count = (u: string) => seen.filter((s) => s === u).length;
    expect(count('https://a.example/')).toBe(30);
    expect(count('https://b.example/')).toBe(10);
    expect(count('https://c.example/')).toBe(10);
    // smooth: within every window of 5 visits each target appears its weight's share
    for (let w = 0; w < 50; w += 5) expect(seen.slice(w, w + 5).filter((s) => s === 'https://a.example/').length).toBe(3);
  });
});

describe('behind a trusted proxy', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await createTestApp({ trustProxy: 1 });
  });
  afterAll(async () => {
    await p.close();
  });

  it('uses CF-IPCountry, then X-Forwarded-For', async () => {
    await createLink(p, { url: 'https://world.example/', alias: 'px', targets_type: 'countries', targets: [{ key: 'JP', value: 'https://jp.example/' }, { key: 'GB', value: 'https://gb.example/' }] });
    expect(dest(await visit(p, '/px', { remoteAddress: '127.0.0.1', headers: { 'cf-ipcountry': 'JP' } }))).toBe('https://jp.example/');
    expect(dest(await visit(p, '/px', { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '81.2.69.142' } }))).toBe('https://gb.example/');
  });
});
