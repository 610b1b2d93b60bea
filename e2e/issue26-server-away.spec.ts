// A lazily loaded page that failed while the server was down
// loads once it is back (without a reload, its stylesheets included), and country flags as SVG images (the link's
// top countries, the Analytics page, the targets editor), never flag emoji.
import type { Locator } from '@playwright/test';
import { test, expect } from './fixtures/test';
import { signInWithKey } from './fixtures/session';
import { startSoloServer, type SoloServer } from './fixtures/solo-server';

test.describe('on a server of its own', () => {
  test.describe.configure({ mode: 'serial' });
  let solo: SoloServer;
  test.beforeAll(async () => {
    // Proxies trusted, so that a visit can say its country (as in analytics.spec.ts).
    solo = await startSoloServer({ TRUST_PROXY: '2' });
  });
  test.afterAll(async () => solo?.close());

  const api = async <T,>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${solo.baseURL}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${solo.adminKey}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status, path).toBeLessThan(300);
    return ((await res.json()) as { data: T }).data;
  };
  const FLAG_EMOJI = /[\u{1F1E6}-\u{1F1FF}]/u;
  /** Every flag image in `scope` is an SVG that loaded. */
  const flagsLoaded = (scope: Locator) =>
    scope.locator('img[data-flag]').evaluateAll((imgs) => (imgs as HTMLImageElement[]).map((i) => `${i.dataset.flag}:${i.complete && i.naturalWidth > 0}:${/\.svg(\?|$)/.test(i.src)}`));

  test('country flags are SVG images in the stats, the analytics and the targets editor', async ({ page }) => {
    const link = await api<{ id: number; alias: string }>('POST', '/links', {
      url: 'https://example.com/flags',
      alias: 'flags',
      targets_type: 'countries',
      targets: [
        { key: 'DE', value: 'https://de.example.com' },
        { key: 'JP', value: 'https://jp.example.com' },
      ],
    });
    let address = 0;
    for (const country of ['DE', 'DE', 'FR', 'JP']) {
      address++;
      const res = await fetch(`${solo.baseURL}/${link.alias}`, { redirect: 'manual', headers: { 'cf-ipcountry': country, 'x-forwarded-for': `203.0.113.${address}, 10.0.0.1`, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0' } });
      expect(res.status).toBe(302);
    }
    await expect.poll(async () => (await api<{ totals: { clicks: number } }>('GET', '/stats')).totals.clicks, { timeout: 15_000 }).toBe(4);
    await signInWithKey(page, solo.adminKey);

    // The link's top countries.
    await page.goto(`${solo.baseURL}/dashboard/links/${link.id}`);
    const countries = page.getByTestId('top-country');
    await expect(countries.locator('img[data-flag="DE"]')).toBeVisible();
    await expect.poll(async () => (await flagsLoaded(countries)).sort()).toEqual(['DE:true:true', 'FR:true:true', 'JP:true:true']);
    await expect(countries).toContainText('Germany');
    expect(await page.locator('main').innerText()).not.toMatch(FLAG_EMOJI);

    // The Analytics page's countries.
    await page.goto(`${solo.baseURL}/dashboard/analytics`);
    const top = page.getByTestId('top-country');
    await expect(top.locator('li[data-value="DE"] img[data-flag="DE"]')).toBeVisible();
    await expect.poll(async () => (await flagsLoaded(top)).sort()).toEqual(['DE:true:true', 'FR:true:true', 'JP:true:true']);
    expect(await page.locator('main').innerText()).not.toMatch(FLAG_EMOJI);

    // The targets editor: the chosen country's flag in its input, a flag beside each option.
    await page.goto(`${solo.baseURL}/dashboard/links/${link.id}/edit`);
    const key = page.getByRole('textbox', { name: 'Rule 1 key' }).or(page.getByRole('combobox', { name: 'Rule 1 key' })).first();
    await expect(key).toHaveValue('Germany (DE)');
    const field = key.locator('xpath=ancestor::div[contains(@class, "mantine-Input-wrapper")][1]');
    await expect(field.locator('img[data-flag="DE"]')).toBeVisible();
    await key.click();
    await key.fill('fran');
    const option = page.getByRole('option', { name: 'France (FR)' });
    await expect(option.locator('img[data-flag="FR"]')).toBeVisible();
    await expect.poll(() => flagsLoaded(option)).toEqual(['FR:true:true']);
    expect(await page.locator('body').innerText()).not.toMatch(FLAG_EMOJI);
  });

  test('a page whose code failed to load while the server was down loads once it is back, without a reload', async ({ page }) => {
    test.setTimeout(120_000);
    await signInWithKey(page, solo.adminKey);
    await page.goto(`${solo.baseURL}/dashboard/links`);
    await expect(page.getByRole('heading', { name: 'Links', exact: true })).toBeVisible();
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const sheets = () => page.locator('link[rel="stylesheet"]').evaluateAll((links) => (links as HTMLLinkElement[]).map((l) => ({ href: l.href, loaded: l.sheet !== null })));
    const before = new Set((await sheets()).map((s) => s.href));

    await solo.stop();
    // The link editor: a lazily loaded page with a stylesheet of its own.
    await page.getByRole('link', { name: 'New link' }).first().click();
    const error = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
    await expect(error).toContainText('Cannot reach the server');
    await expect(error).toContainText('It loads by itself once the server is back.');
    await expect(error.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/links\/new$/);
    await page.waitForTimeout(1500); // a retry or two, still without the server
    await expect(error).toBeVisible();

    await solo.start();
    await expect(page.getByRole('form', { name: 'New link' })).toBeVisible({ timeout: 20_000 });
    await expect(error).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), 'not reloaded').toBe(true);
    // Its stylesheets too: every one loaded, the editor's own among them.
    const after = await sheets();
    expect(after.filter((s) => !s.loaded)).toEqual([]);
    expect(after.filter((s) => !before.has(s.href)).length, JSON.stringify(after)).toBeGreaterThan(0);
  });
});
