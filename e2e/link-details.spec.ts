// Link details: short URL (copy, open), QR code (PNG and SVG downloads), clicks per day and the top lists
// (empty, then with clicks made by visiting the short link), date range in the URL, edit link, delete.
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures/test';
import { seed, uniq } from './fixtures/api';
import { E2E_BASE_URL } from './fixtures/env';
import { checkA11y } from './fixtures/a11y';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

async function visit(alias: string, userAgent: string, referer?: string): Promise<number> {
  const res = await fetch(`${E2E_BASE_URL}/${alias}`, {
    redirect: 'manual',
    headers: { 'user-agent': userAgent, ...(referer ? { referer } : {}) },
  });
  return res.status;
}

const card = (page: Page, name: string) => page.getByTestId(`top-${name}`);

test('details of a link without clicks: QR downloads, copy, open, edit, designed empty stats', async ({ page, account, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const link = await seed.link(account.api, { url: 'https://example.com/landing', alias: uniq('det'), title: 'Spring landing' });
  await page.goto(`/dashboard/links/${link.id}`);
  await expect(page.getByRole('heading', { name: 'Spring landing' })).toBeVisible();
  await expect(page.getByTestId('short-url')).toHaveText(link.short_url);
  await expect(page.getByTestId('short-url')).toHaveAttribute('href', link.short_url);
  await expect(page.getByRole('link', { name: 'Open the short URL in a new tab' })).toHaveAttribute('target', '_blank');
  await expect(page.getByTestId('qr-image')).toBeVisible();
  await expect(page.getByTestId('clicks-empty')).toBeVisible();
  await expect(page.getByTestId('clicks-total')).toHaveText('0');
  for (const name of ['country', 'browser', 'device', 'referrer']) await expect(card(page, name)).toContainText('No data yet.');
  await checkA11y(page);

  // Copy.
  await page.getByRole('button', { name: `Copy short URL: ${link.short_url}` }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link.short_url);

  // QR downloads: a real PNG and a real SVG, named after the short URL.
  const [png] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'PNG' }).click()]);
  expect(png.suggestedFilename()).toBe(`qr-${link.short_url.replace(/^https?:\/\//, '').replace(/[^A-Za-z0-9._-]+/g, '-')}.png`);
  const pngBytes = fs.readFileSync((await png.path())!);
  expect([...pngBytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  const [svg] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'SVG' }).click()]);
  expect(svg.suggestedFilename()).toMatch(/^qr-.*\.svg$/);
  expect(fs.readFileSync((await svg.path())!, 'utf8')).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

  // Phone width: nothing sticks out sideways.
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(page.getByTestId('qr-image')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await checkA11y(page);
  await page.setViewportSize({ width: 1366, height: 900 });

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/links/${link.id}/edit$`));
});

test('clicks made on the short link show up in the chart and the top lists', async ({ page, account }) => {
  const link = await seed.link(account.api, { url: 'https://example.com/stats', alias: uniq('clk') });
  for (let i = 0; i < 3; i++) expect(await visit(link.alias, FIREFOX, 'https://news.example.org/story')).toBe(302);
  expect(await visit(link.alias, CHROME_ANDROID)).toBe(302);
  // Clicks are written in batches: wait until the stats API has them.
  await expect
    .poll(async () => (await account.api.get<{ count: number }[]>(`/stats/${link.id}?name=clicks`)).reduce((s, r) => s + r.count, 0), {
      timeout: 10_000,
    })
    .toBe(4);

  await page.goto(`/dashboard/links/${link.id}`);
  await expect(page.getByTestId('clicks-total')).toHaveText('4');
  await expect(page.getByTestId('clicks-chart')).toBeVisible();
  await expect(page.getByTestId('clicks-chart').locator('svg').first()).toBeVisible();
  await expect(card(page, 'browser')).toContainText('Firefox');
  await expect(card(page, 'browser')).toContainText('75%');
  await expect(card(page, 'device')).toContainText('Mobile');
  await expect(card(page, 'referrer')).toContainText('news.example.org');
  // The visit without a Referer has no referrer row; shares are of all clicks.
  await expect(card(page, 'referrer')).toContainText('75%');
  // Local visitors have no country: said so, not left blank.
  await expect(card(page, 'country')).toContainText('Not known for these clicks.');
  await checkA11y(page);
  await page.screenshot({ path: test.info().outputPath('link-details.png'), fullPage: true });

  await page.locator('label', { hasText: '7 days' }).click();
  await expect(page).toHaveURL(/days=7/);
  await expect(page.getByTestId('clicks-total')).toHaveText('4');
  await page.reload();
  await expect(page.getByRole('radio', { name: '7 days' })).toBeChecked();
});

test('delete from the details page asks first, then goes back to the list', async ({ page, account }) => {
  const link = await seed.link(account.api, { url: 'https://example.com/bye', alias: uniq('bye') });
  // The links list leads here.
  await page.goto('/dashboard/links');
  await page.getByRole('link', { name: link.alias, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/links/${link.id}$`));
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this link?' });
  await expect(dialog).toContainText(link.short_url);
  await checkA11y(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(account.api.get(`/links/${link.id}`)).resolves.toMatchObject({ id: link.id });

  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete link' }).click();
  await expect(page).toHaveURL(/\/dashboard\/links$/);
  await expect(account.api.get(`/links/${link.id}`)).rejects.toMatchObject({ status: 404 });

  await page.goto('/dashboard/links/999999');
  await expect(page.getByText('This item does not exist')).toBeVisible();
});
