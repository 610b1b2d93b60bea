import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';

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
});
