import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { DASHBOARD_CSP } from './dashboard.plugin';

let t: TestApp;
let webDir: string;
beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'linkdeck-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Linkdeck dashboard</title>');
  fs.writeFileSync(path.join(webDir, 'assets', 'app-123.js'), 'console.log(1)');
  t = await createTestApp({ webDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('dashboard', () => {
  it('redirects /dashboard to /dashboard/ once, and serves the app there', async () => {
    const bare = await t.app.inject({ url: '/dashboard' });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/dashboard/');
    const root = await t.app.inject({ url: '/dashboard/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('Linkdeck dashboard');
  });

  it('answers every client-side route with index.html and assets as files', async () => {
    const deep = await t.app.inject({ url: '/dashboard/links/12/edit?x=1' });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('Linkdeck dashboard');
    const asset = await t.app.inject({ url: '/dashboard/assets/app-123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('max-age');
  });

  it('sends a strict CSP and the security headers with the HTML and every file', async () => {
    for (const url of ['/dashboard/', '/dashboard/links/12/edit?x=1', '/dashboard/index.html', '/dashboard/assets/app-123.js']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-security-policy'], url).toBe(DASHBOARD_CSP);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('same-origin');
    }
    const csp = new Map(DASHBOARD_CSP.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(csp.get('script-src')).toEqual(["'self'"]); // no inline script, no eval
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
  });

  it('sends the CSP with the "not built" page too', async () => {
    const empty = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'linkdeck-web-empty-'));
    const bare = await createTestApp({ webDir: empty });
    try {
      const res = await bare.app.inject({ url: '/dashboard/links' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-security-policy']).toBe(DASHBOARD_CSP);
    } finally {
      await bare.close();
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
