import { describe, expect, it } from 'vitest';
import { failedModuleUrl, freshModuleUrl } from './lazy-page';

const origin = 'http://127.0.0.1:8080';

describe('failedModuleUrl', () => {
  it("reads the chunk from Chromium's and Firefox's messages", () => {
    expect(failedModuleUrl(new TypeError(`Failed to fetch dynamically imported module: ${origin}/dashboard/assets/link-editor-page-D2V.js`), origin)).toBe(`${origin}/dashboard/assets/link-editor-page-D2V.js`);
    expect(failedModuleUrl(new TypeError(`error loading dynamically imported module: ${origin}/dashboard/assets/a.js`), origin)).toBe(`${origin}/dashboard/assets/a.js`);
  });
  it('drops an earlier retry query, so that keys do not pile up', () => {
    expect(failedModuleUrl(new TypeError(`Failed to fetch dynamically imported module: ${origin}/dashboard/assets/a.js?retry=3`), origin)).toBe(`${origin}/dashboard/assets/a.js`);
  });
  it('gives nothing for another origin, a non-script or a message without a URL (Safari)', () => {
    expect(failedModuleUrl(new TypeError('Failed to fetch dynamically imported module: https://evil.example/a.js'), origin)).toBeUndefined();
    expect(failedModuleUrl(new TypeError(`Failed to fetch dynamically imported module: ${origin}/x.css`), origin)).toBeUndefined();
    expect(failedModuleUrl(new TypeError('Importing a module script failed.'), origin)).toBeUndefined();
    expect(failedModuleUrl('nope', origin)).toBeUndefined();
  });
});

describe('freshModuleUrl', () => {
  it('gives each try a key of its own', () => {
    expect(freshModuleUrl('/a.js', 1)).not.toBe(freshModuleUrl('/a.js', 2));
  });
});
