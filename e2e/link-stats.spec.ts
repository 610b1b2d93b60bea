// Statistics and settings on the link details page: direct visits and an "Others" row in the referrers
// card, operating system and language cards, the chart's days in the viewer's time zone (named), and the
// link's schedule, password, privacy and pixels with a new-tab link to the public statistics page.
import type { Browser, Page } from '@playwright/test';
import { test, expect } from './fixtures/test';
import { seed, uniq, type ApiClient } from './fixtures/api';
import { E2E_BASE_URL } from './fixtures/env';
import { checkA11y } from './fixtures/a11y';
import { signInWithKey } from './fixtures/session';
import { reviewShots } from './fixtures/screenshot';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const EDGE_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0';

async function visit(alias: string, headers: Record<string, string>): Promise<void> {
  const res = await fetch(`${E2E_BASE_URL}/${alias}`, { redirect: 'manual', headers });
  expect(res.status).toBe(302);
}

/** Clicks are written in batches: waits until the stats API counts `n` of them. */
async function waitForClicks(api: ApiClient, id: number, n: number): Promise<void> {
  await expect
    .poll(async () => (await api.get<{ count: number }[]>(`/stats/${id}?name=clicks`)).reduce((s, r) => s + r.count, 0), { timeout: 15_000 })
    .toBe(n);
}

const card = (page: Page, name: string) => page.getByTestId(`top-${name}`);
const rowOf = (page: Page, name: string, label: string) => card(page, name).locator('li', { hasText: label });

test('referrers show direct visits and Others from the totals; operating systems and languages have cards', async ({ page, account }) => {
  const link = await seed.link(account.api, { url: 'https://example.com/spring', alias: uniq('refs'), title: 'Spring sale' });
  // 10 visits from 7 referring sites (3, 2, then five with 1) and 2 direct ones: 12 in all.
  const referrers = ['a', 'a', 'a', 'b', 'b', 'c', 'd', 'e', 'f', 'g'].map((h) => `https://${h}.example.org/post`);
  for (const [i, referer] of referrers.entries()) {
    await visit(link.alias, { 'user-agent': i % 2 ? CHROME_ANDROID : FIREFOX_LINUX, referer, 'accept-language': i < 4 ? 'de-DE,de;q=0.9' : 'pt-BR' });
  }
  await visit(link.alias, { 'user-agent': EDGE_WINDOWS });
  await visit(link.alias, { 'user-agent': EDGE_WINDOWS });
  await waitForClicks(account.api, link.id, 12);

  await page.goto(`/dashboard/links/${link.id}`);
  await expect(page.getByTestId('clicks-total')).toHaveText('12');
  // The 2 visits without a Referer: a row of their own, sorted in by count (after a: 3, beside b: 2).
  await expect(rowOf(page, 'referrer', 'Direct')).toHaveAttribute('data-count', '2');
  await expect(rowOf(page, 'referrer', 'Direct')).toContainText('16.7%');
  const labels = await card(page, 'referrer').locator('li').evaluateAll((els) => els.map((e) => e.textContent ?? ''));
  expect(labels.map((l) => l.replace(/\d.*$/, '').trim())).toEqual(['a.example.org', 'b.example.org', 'Direct', 'c.example.org', 'd.example.org', 'e.example.org', 'Others']);
  // Others: f and g, which the top five leave out (10 with a referrer − 8 shown).
  await expect(rowOf(page, 'referrer', 'Others')).toHaveAttribute('data-count', '2');
  // The rows add up to every click.
  const counts = await card(page, 'referrer').locator('li').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-count'))));
  expect(counts).toEqual([3, 2, 2, 1, 1, 1, 2]);

  await expect(card(page, 'operating_system')).toContainText('Operating systems');
  await expect(rowOf(page, 'operating_system', 'Linux')).toHaveAttribute('data-count', '5');
  await expect(rowOf(page, 'operating_system', 'Android')).toHaveAttribute('data-count', '5');
  await expect(rowOf(page, 'operating_system', 'Windows')).toHaveAttribute('data-count', '2');
  await expect(rowOf(page, 'language', 'Portuguese (pt)')).toHaveAttribute('data-count', '6');
  await expect(rowOf(page, 'language', 'German (de)')).toHaveAttribute('data-count', '4');
  // The Edge visits sent no Accept-Language.
  await expect(rowOf(page, 'language', 'Unknown')).toHaveAttribute('data-count', '2');
  await checkA11y(page);
  await reviewShots(page, 'link-stats-lists');
});

/** A browser context in `timezoneId`, signed in as the account. */
async function pageInZone(browser: Browser, key: string, timezoneId: string): Promise<Page> {
  const context = await browser.newContext({ timezoneId, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await signInWithKey(page, key);
  return page;
}

const dayIn = (ms: number, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(ms));

test('the chart\'s days are the viewer\'s, and the card names the zone', async ({ browser, account }) => {
  const link = await seed.link(account.api, { url: 'https://example.com/tz', alias: uniq('tz') });
  const at = Date.now();
  for (let i = 0; i < 3; i++) await visit(link.alias, { 'user-agent': FIREFOX_LINUX });
  await waitForClicks(account.api, link.id, 3);
  // A zone whose date at the time of the clicks is not the UTC date (+14 from 10:00 UTC, -11 before).
  const zone = new Date(at).getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
  const local = dayIn(at, zone);
  expect(local).not.toBe(dayIn(at, 'UTC'));

  const page = await pageInZone(browser, account.user.api_key, zone);
  await page.goto(`/dashboard/links/${link.id}?days=7`);
  await expect(page.getByTestId('clicks-zone')).toHaveText(`Days in ${zone}`);
  const label = new Date(`${local}T00:00:00Z`).toLocaleDateString('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  await expect(page.getByTestId('clicks-peak')).toHaveText(`${label} (3)`);
  await expect(page.getByTestId('clicks-chart')).toHaveAttribute('aria-label', new RegExp(`to ${local} \\(days in ${zone.replace('/', '\\/')}\\)`));
  await page.context().close();
});

test('settings: schedule in the viewer\'s zone, password and privacy, pixels, and the public statistics page', async ({ browser, account }) => {
  const pixel = await account.api.post<{ id: number }>('/pixels', { name: 'Meta main', type: 'facebook', value: '1234567890' });
  const secret = 'hunter2-stats';
  const link = await seed.link(account.api, {
    url: 'https://example.com/launch',
    alias: uniq('set'),
    title: 'Launch of the autumn collection with a long title that goes on and on',
    active_period_start_at: '2030-01-15T00:00:00Z',
    active_period_end_at: '2030-02-01T12:30:00Z',
    expiration_url: 'https://example.com/too-late',
    clicks_limit: 500,
    redirect_password: 'visit-secret',
    sensitive_content: 1,
    privacy: 2,
    password: secret,
    pixel_ids: [pixel.id],
  });
  const page = await pageInZone(browser, account.user.api_key, 'Asia/Tokyo');
  await page.goto(`/dashboard/links/${link.id}`);
  const settings = page.getByTestId('link-settings');
  await expect(settings).toContainText('Times in Asia/Tokyo');
  await expect(page.getByTestId('setting-period')).toContainText('Scheduled');
  // Midnight UTC is 9 in the morning in Tokyo.
  await expect(page.getByTestId('setting-period')).toContainText(/From Jan 15, 2030, 9:00\sAM/);
  await expect(page.getByTestId('setting-period')).toContainText(/Until Feb 1, 2030, 9:30\sPM/);
  await expect(page.getByTestId('setting-expiration')).toContainText('https://example.com/too-late');
  await expect(page.getByTestId('setting-limit')).toContainText('0 of 500 used');
  await expect(page.getByTestId('setting-password')).toContainText('Yes');
  await expect(page.getByTestId('setting-warning')).toContainText('Yes');
  await expect(page.getByTestId('setting-pixels')).toContainText('Pixels (1)');
  await expect(page.getByTestId('setting-pixels')).toContainText('Meta main');
  await expect(page.getByTestId('setting-privacy')).toContainText('Public with a password');
  // Never the passwords themselves.
  await expect(page.locator('body')).not.toContainText(secret);
  await expect(page.locator('body')).not.toContainText('visit-secret');

  const statsLink = page.getByTestId('public-stats-link');
  await expect(statsLink).toHaveAttribute('href', `${link.short_url}/+`);
  await expect(statsLink).toHaveAttribute('target', '_blank');
  const [tab] = await Promise.all([page.context().waitForEvent('page'), statsLink.click()]);
  await expect(tab.getByRole('button', { name: /./ }).first()).toBeVisible();
  await expect(tab.locator('input[type="password"]')).toBeVisible();
  await tab.close();
  await checkA11y(page);
  await reviewShots(page, 'link-stats-settings');

  // Private statistics: said so, and no link to a page that would answer 404.
  await account.api.put(`/links/${link.id}`, { privacy: 1, active_period_start_at: '', active_period_end_at: '', clicks_limit: '' });
  await page.reload();
  await expect(page.getByTestId('setting-privacy')).toContainText('Private');
  await expect(page.getByTestId('public-stats-link')).toHaveCount(0);
  await expect(page.getByTestId('setting-period')).toContainText('No period: always on');
  await expect(page.getByTestId('setting-limit')).toHaveText(/No limit/);
  // Public: the link opens the statistics page for anyone.
  await account.api.put(`/links/${link.id}`, { privacy: 0 });
  await page.reload();
  await expect(page.getByTestId('setting-privacy')).toContainText('Public: anyone');
  const res = await fetch(`${link.short_url}/+`);
  expect(res.status).toBe(200);
  expect(await res.text()).toContain('Statistics of');
  await page.context().close();
});
