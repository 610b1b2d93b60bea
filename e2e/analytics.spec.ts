// The Analytics page and the per-rule statistics over real clicks: short links are visited over HTTP with
// varied countries, browsers, languages, referrers and UTM query strings, on a server of its own that
// trusts proxy headers (so that a visit can say its country and address). Range, interval and filter live
// in the URL and survive a reload; a country row filters; comparison shows the previous period; the CSV is
// what is shown; the live counter counts a new visit; axe-clean in light and dark.
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from '@playwright/test';
import { startSoloServer, type SoloServer } from './fixtures/solo-server';
import { signInWithKey } from './fixtures/session';
import { checkA11y } from './fixtures/a11y';
import { reviewShots } from './fixtures/screenshot';
import { parseCsv } from '../src/shared/csv';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME_ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const EDGE_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

test.describe.configure({ mode: 'serial' });

let solo: SoloServer;
test.beforeAll(async () => {
  // Two proxies: 10.0.0.1 (named in X-Forwarded-For) and the test itself on loopback, so the client is 203.0.113.x.
  solo = await startSoloServer({ TRUST_PROXY: '2' });
});
test.afterAll(async () => solo?.close());

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${solo.baseURL}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${solo.adminKey}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { data: T };
  expect(res.status, `${method} ${path}: ${JSON.stringify(json)}`).toBeLessThan(300);
  return json.data;
}

interface Visitor {
  country: string;
  agent: string;
  language?: string;
  referer?: string;
  query?: string;
}

let address = 0;
/** One visit from a new address (so a unique visitor each). */
async function visit(alias: string, v: Visitor): Promise<void> {
  address++;
  const headers: Record<string, string> = { 'user-agent': v.agent, 'cf-ipcountry': v.country, 'x-forwarded-for': `203.0.113.${address % 250}, 10.0.0.1` };
  if (v.language) headers['accept-language'] = v.language;
  if (v.referer) headers.referer = v.referer;
  const res = await fetch(`${solo.baseURL}/${alias}${v.query ? `?${v.query}` : ''}`, { redirect: 'manual', headers });
  expect(res.status).toBe(302);
}

/** Clicks are written in batches: waits until the account's analytics count `n`. */
async function waitForClicks(n: number, query = ''): Promise<void> {
  await expect.poll(async () => (await call<{ totals: { clicks: number } }>('GET', `/stats${query}`)).totals.clicks, { timeout: 15_000 }).toBe(n);
}

async function signedIn(page: Page, path: string): Promise<void> {
  await signInWithKey(page, solo.adminKey);
  await page.goto(`${solo.baseURL}/dashboard${path}`);
}

const select = (page: Page, name: string) => page.getByRole('combobox', { name }).or(page.getByRole('textbox', { name })).first();
const row = (page: Page, dimension: string, value: string) => page.getByTestId(`top-${dimension}`).locator(`li[data-value="${value}"]`);

const TITLES = [
  'Autumn collection launch: outerwear, knitwear and the new waterproof line for the whole family',
  'Spring sale',
  'Developer documentation: getting started with the API',
  'Newsletter November 2026',
  'Careers: we are hiring engineers, designers and a very patient support team',
  'Podcast episode 42',
];

test('range, interval and a country filter live in the URL; compare, uniques, CSV and the live counter', async ({ page }) => {
  test.setTimeout(120_000);
  const links = [];
  for (const [i, title] of TITLES.entries()) links.push(await call<{ id: number; alias: string }>('POST', '/links', { url: `https://shop.example.com/p/${i}`, alias: `an-${i}`, title }));
  const [autumn, spring] = links;
  // 3 from Germany on Firefox (newsletter), 2 from the US on Chrome/Android (twitter), 1 from France on Edge
  // through a referring site, then one visit each to the other links from Brazil on an iPhone: 10 in all.
  for (let i = 0; i < 3; i++) await visit(autumn!.alias, { country: 'DE', agent: FIREFOX_LINUX, language: 'de-DE,de;q=0.9', query: 'utm_source=newsletter&utm_medium=email&utm_campaign=autumn' });
  for (let i = 0; i < 2; i++) await visit(autumn!.alias, { country: 'US', agent: CHROME_ANDROID, language: 'en-US', query: 'utm_source=twitter&utm_medium=social' });
  await visit(spring!.alias, { country: 'FR', agent: EDGE_WINDOWS, language: 'fr-FR', referer: 'https://news.example.org/post/1' });
  for (const l of links.slice(2)) await visit(l.alias, { country: 'BR', agent: SAFARI_IPHONE, language: 'pt-BR' });
  await waitForClicks(10);

  await signedIn(page, '/analytics');
  await expect(page.getByTestId('analytics-total')).toHaveText('10');
  await expect(row(page, 'country', 'DE')).toHaveAttribute('data-clicks', '3');
  await expect(row(page, 'country', 'BR')).toHaveAttribute('data-clicks', '4');
  await expect(row(page, 'browser', 'Firefox')).toHaveAttribute('data-clicks', '3');
  await page.getByTestId('card-links').getByRole('tab', { name: 'Links' }).click();
  await expect(row(page, 'link', String(autumn!.id))).toContainText('Autumn collection launch');
  await expect(row(page, 'link', String(autumn!.id))).toHaveAttribute('data-clicks', '5');
  await page.getByTestId('card-sources').getByRole('tab', { name: 'Source' }).click();
  await expect(row(page, 'utm_source', 'newsletter')).toHaveAttribute('data-clicks', '3');
  await reviewShots(page, 'analytics');

  // A bar of the series narrows the page to its day, hour by hour; Back returns.
  const listUrl = page.url();
  await page.getByTestId('analytics-chart').locator('.recharts-bar-rectangle path').last().click();
  await expect(page).toHaveURL(/[?&]interval=hour/);
  const day = new URL(page.url()).searchParams.get('from');
  expect(day).toMatch(/^\d{4}-\d\d-\d\d$/);
  expect(new URL(page.url()).searchParams.get('to')).toBe(day);
  await expect(page.getByTestId('analytics-total')).toHaveText('10');
  await page.goBack();
  await expect(page).toHaveURL(listUrl);

  // The live counter: connected, then a new visit shows within seconds.
  const live = page.getByTestId('live-counter');
  await expect(live).toHaveAttribute('data-connected', '1');
  await expect(live).toHaveAttribute('data-total', '0');
  await visit(spring!.alias, { country: 'FR', agent: EDGE_WINDOWS, language: 'fr-FR' });
  await expect(live).toHaveAttribute('data-total', '1', { timeout: 10_000 });
  await waitForClicks(11);

  // A country row filters the whole page, shown as a chip.
  await row(page, 'country', 'DE').getByRole('button').click();
  await expect(page).toHaveURL(/[?&]country=DE/);
  await expect(page.getByTestId('analytics-total')).toHaveText('3');
  await expect(page.getByTestId('filter-country')).toContainText('Country:');
  await expect(row(page, 'browser', 'Firefox')).toHaveAttribute('data-clicks', '3');
  await expect(row(page, 'browser', 'Edge')).toHaveCount(0);

  // A range preset and an interval: in the URL, and all of it survives a reload.
  await select(page, 'Period').click();
  await page.getByRole('option', { name: 'Last 7 days' }).click();
  await expect(page).toHaveURL(/[?&]from=\d{4}-\d\d-\d\d/);
  await select(page, 'Interval').click();
  await page.getByRole('option', { name: 'Hourly' }).click();
  await expect(page).toHaveURL(/[?&]interval=hour/);
  const url = page.url();
  await page.reload();
  expect(page.url()).toBe(url);
  await expect(page.getByTestId('analytics-total')).toHaveText('3');
  await expect(select(page, 'Period')).toHaveValue('Last 7 days');
  await expect(select(page, 'Interval')).toHaveValue('Hourly');
  await expect(page.getByTestId('filter-country')).toBeVisible();
  await expect(page.getByTestId('analytics-chart')).toHaveAttribute('aria-label', /Clicks per hour/);

  // Comparison: the week before had none, so the change is "new"; unique visitors: one per address.
  await page.getByRole('switch', { name: 'Compare with previous period' }).click();
  await expect(page).toHaveURL(/[?&]compare=previous/);
  await expect(page.getByTestId('analytics-total-previous')).toHaveText('0 the period before');
  await expect(page.getByTestId('analytics-total-change')).toHaveText('new');
  await page.getByRole('switch', { name: 'Unique visitors' }).click();
  await expect(page).toHaveURL(/[?&]unique=1/);
  await expect(page.getByTestId('analytics-uniques')).toHaveText('3');

  // Removing the chip brings every click back.
  await page.getByRole('button', { name: /Remove filter Country/ }).click();
  await expect(page).not.toHaveURL(/country=/);
  await expect(page.getByTestId('analytics-total')).toHaveText('11');

  // The CSV is what is shown: the series (this week and the one before) and the lists on screen (the
  // reload put every card back on its first tab: the UTM sources and links are chosen again).
  await page.getByTestId('card-sources').getByRole('tab', { name: 'Source' }).click();
  await page.getByTestId('card-links').getByRole('tab', { name: 'Links' }).click();
  await expect(row(page, 'utm_source', 'newsletter')).toBeVisible();
  await expect(row(page, 'link', String(autumn!.id))).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^linkdeck-analytics-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.csv$/);
  const rows = [...parseCsv(fs.readFileSync((await download.path())!, 'utf8'))].map((r) => r.fields);
  expect(rows[0]).toEqual(['section', 'period', 'from', 'to', 'key', 'label', 'clicks', 'uniques']);
  const find = (section: string, period: string, key: string) => rows.find((r) => r[0] === section && r[1] === period && r[4] === key);
  const total = rows.find((r) => r[0]!.startsWith('clicks per hour') && r[1] === 'current' && r[4] === 'total');
  expect(total?.slice(6)).toEqual(['11', '11']);
  expect(rows.find((r) => r[0]!.startsWith('clicks per hour') && r[1] === 'previous' && r[4] === 'total')?.[6]).toBe('0');
  expect(find('Country', 'current', 'DE')?.[6]).toBe('3');
  expect(find('Country', 'current', 'FR')?.[6]).toBe('2');
  expect(find('UTM source', 'current', 'newsletter')?.[6]).toBe('3');
  expect(find('Link', 'current', String(autumn!.id))?.[5]).toContain('Autumn collection launch');
  // Lists not on screen are not in the file.
  expect(rows.some((r) => r[0] === 'Referrer' || r[0] === 'OS')).toBe(false);

  await checkA11y(page);
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await checkA11y(page);
});

test('per-rule statistics: the share each targeting rule served, and a rotation planned against observed', async ({ page }) => {
  test.setTimeout(90_000);
  const targeted = await call<{ id: number; alias: string }>('POST', '/links', {
    url: 'https://shop.example.com/world',
    alias: 'rules-geo',
    title: 'Regional landing pages',
    targets_type: 'countries',
    targets: [
      { key: 'DE', value: 'https://shop.example.com/de' },
      { key: 'FR', value: 'https://shop.example.com/fr' },
    ],
  });
  const rotation = await call<{ id: number; alias: string }>('POST', '/links', {
    url: 'https://shop.example.com/ab',
    alias: 'rules-ab',
    targets_type: 'rotations',
    targets: [
      { key: '3', value: 'https://shop.example.com/variant-a' },
      { key: '1', value: 'https://shop.example.com/variant-b' },
    ],
  });
  for (const country of ['DE', 'DE', 'DE', 'FR', 'GB']) await visit(targeted.alias, { country, agent: FIREFOX_LINUX });
  for (let i = 0; i < 8; i++) await visit(rotation.alias, { country: 'US', agent: CHROME_ANDROID });
  await waitForClicks(5, `/${targeted.id}?group_by=target`);
  await waitForClicks(8, `/${rotation.id}?group_by=target`);

  await signedIn(page, `/links/${targeted.id}`);
  const rules = page.getByTestId('rule-stats');
  await expect(rules).toContainText('Clicks per rule');
  const rule = (value: string) => rules.locator(`tr[data-value="${value}"]`);
  await expect(rule('0:DE')).toHaveAttribute('data-clicks', '3');
  await expect(rule('0:DE')).toContainText('60%');
  await expect(rule('1:FR')).toHaveAttribute('data-clicks', '1');
  await expect(rule('default')).toHaveAttribute('data-clicks', '1');
  await expect(rule('default')).toContainText('Default URL');
  await checkA11y(page);

  await page.goto(`${solo.baseURL}/dashboard/links/${rotation.id}`);
  await expect(rules).toContainText('Rotation: planned and observed');
  // Weights 3 and 1: planned 75% and 25%; the smooth rotation serves exactly that over 8 visits.
  await expect(rule('0:3').getByTestId('planned')).toHaveText('75%');
  await expect(rule('0:3').getByTestId('observed')).toHaveText('75%');
  await expect(rule('1:1').getByTestId('planned')).toHaveText('25%');
  await expect(rule('1:1')).toHaveAttribute('data-clicks', '2');
  await rules.scrollIntoViewIfNeeded();
  await reviewShots(page, 'rule-stats');
});

test('an invalid URL query is explained, with a way back', async ({ page }) => {
  await signedIn(page, '/analytics?interval=year&from=2026-13-01');
  await expect(page.getByText('This address has filters Linkdeck does not understand')).toBeVisible();
  await expect(page.getByText(/interval must be one of/)).toBeVisible();
  await page.getByRole('button', { name: 'Reset the filters' }).click();
  await expect(page.getByTestId('analytics-total')).toBeVisible();
});
