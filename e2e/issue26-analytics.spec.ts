// Analytics: a link visited once through its QR code (the URL decoded from the code the API draws) and
// once by its short URL; the Analytics page shows 1 QR scan and 1 direct click, names the link by its short URL
// and title, and counts the visits without a referrer as "Direct" (the shares add up to 100 %); at 1440 and
// 390 px, axe-clean in light and dark.
import { PNG } from 'pngjs';
import jsQR from 'jsqr';
import { test, expect, type Account } from './fixtures/test';
import { seed, uniq, type SeedLink } from './fixtures/api';
import { E2E_BASE_URL } from './fixtures/env';
import { checkA11y, settled } from './fixtures/a11y';
import { reviewShots } from './fixtures/screenshot';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** The text the link's QR code holds, decoded from the PNG the API draws. */
async function qrText(account: Account, link: SeedLink): Promise<string> {
  const res = await fetch(`${E2E_BASE_URL}/api/v1/links/${link.id}/qr?format=png&size=512`, { headers: { authorization: `Bearer ${account.api.key}` } });
  expect(res.status).toBe(200);
  const img = PNG.sync.read(Buffer.from(await res.arrayBuffer()));
  const text = jsQR(new Uint8ClampedArray(img.data), img.width, img.height)?.data;
  if (!text) throw new Error('the QR code did not scan');
  return text;
}

/** A visit as a browser makes it (no referrer); the redirect's Location. */
async function open(url: string): Promise<string> {
  const res = await fetch(url, { redirect: 'manual', headers: { 'user-agent': CHROME } });
  expect(res.status).toBe(302);
  return res.headers.get('location') ?? '';
}

async function seedVisits(account: Account): Promise<SeedLink> {
  const link = await seed.link(account.api, { url: 'https://shop.example/spring?ref=site', alias: uniq('qr'), title: 'Spring sale posters' });
  const scanned = await qrText(account, link);
  expect(scanned).toBe(`${link.short_url}?qr=1`);
  // The destination never sees the marker.
  expect(await open(scanned)).toBe('https://shop.example/spring?ref=site');
  expect(await open(link.short_url)).toBe('https://shop.example/spring?ref=site');
  // Clicks are written in batches of a second.
  await expect.poll(async () => (await account.api.get<{ totals: { clicks: number } }>('/stats')).totals.clicks, { timeout: 15_000 }).toBe(2);
  return link;
}

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`analytics at ${width} px: QR scans apart, the link by short URL and title, direct visits among the referrers`, async ({ page, account }) => {
    await page.setViewportSize({ width, height });
    const link = await seedVisits(account);
    await page.goto('/dashboard/analytics');

    await expect(page.getByTestId('analytics-total')).toHaveText('2');
    await expect(page.getByTestId('analytics-qr')).toHaveText('1');
    await expect(page.getByTestId('analytics-direct')).toHaveText('1');
    await expect(page.getByText('QR scans', { exact: true })).toBeVisible();
    await expect(page.getByText('Direct clicks', { exact: true })).toBeVisible();

    // The link: its short URL (without the scheme) and its title, not an id.
    const shortText = link.short_url.replace(/^https?:\/\//, '');
    const linkRow = page.getByTestId('top-link').locator(`li[data-value="${link.id}"]`);
    await linkRow.scrollIntoViewIfNeeded();
    await expect(linkRow).toContainText(shortText);
    // The title on a line of its own, in sight at every width.
    await expect(linkRow.getByTestId('row-title')).toHaveText('Spring sale posters');
    await expect(linkRow.getByTestId('row-title')).toBeInViewport();
    await expect(linkRow).not.toContainText(`#${link.id}`);
    await expect(linkRow.getByRole('button', { name: `${shortText} · Spring sale posters: 2 clicks. Filter by it` })).toBeVisible();

    // Neither visit had a referrer: one "Direct" row with every click, 100 %.
    const direct = page.getByTestId('top-referrer').locator('li[data-kind="none"]');
    await direct.scrollIntoViewIfNeeded();
    await expect(direct).toHaveAttribute('data-clicks', '2');
    await expect(direct).toContainText('Direct');
    await expect(direct).toContainText('100%');

    // Filtering by the link names it the same way in its chip.
    await linkRow.getByRole('button').click();
    await expect(page.getByTestId('filter-link_id')).toContainText(`Link: ${shortText} · Spring sale posters`);
    await expect(page.getByTestId('analytics-qr')).toHaveText('1');

    for (const scheme of ['light', 'dark']) {
      await page.evaluate((m) => document.documentElement.setAttribute('data-mantine-color-scheme', m), scheme);
      await settled(page);
      await checkA11y(page);
    }
    if (width === 1440) await reviewShots(page, 'issue26-analytics');

    // The link's own page: its QR card says what the code opens; its referrers say "Direct" too.
    await page.goto(`/dashboard/links/${link.id}`);
    await expect(page.getByTestId('qr-url')).toContainText(`${link.short_url}?qr=1`);
    await expect(page.getByTestId('top-referrer').locator('li[data-kind="none"]')).toContainText('Direct');
  });
}
