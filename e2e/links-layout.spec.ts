// The links list's layout: a fixed-width table at 1440 px (badges whole, Actions on screen, the same column
// widths on every page), a card list at phone width (with the row menu on screen), a bulk bar that moves no row and
// stays on screen at 50 and 100 rows, Shift-click range selection and a readable bulk progress label.
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures/test';
import { seed, uniq, type ApiClient } from './fixtures/api';
import { checkA11y } from './fixtures/a11y';
import { reviewShots } from './fixtures/screenshot';
import { notice } from './fixtures/notice';

const rows = (page: Page) => page.getByTestId('link-row');
const LONG_TITLE = 'Spring campaign 2026: the landing page for the newsletter readers who came from the partner blog';

/** Spaces and domains with the longest names allowed-ish, and links that use them with long titles and URLs. */
async function seedRealistic(api: ApiClient, n: number, longFrom = 0) {
  const tag = uniq('ll');
  const spaces: Array<{ id: number }> = [];
  for (const [i, name] of ['Marketing campaigns EMEA 2026 Q2', 'Partners and affiliates (APAC)', 'Docs', 'Newsletter'].entries()) {
    spaces.push(await seed.space(api, { name, color: i + 1 }));
  }
  const domain = await seed.domain(api, { name: `${uniq('very-long-subdomain-for-campaigns')}.example.test` });
  return seed.links(api, n, (i) => {
    const long = i >= longFrom;
    return {
      alias: `${long ? 'summer-sale-newsletter-' : 's'}${String(i + 1).padStart(3, '0')}-${tag}`,
      url: long ? `https://shop.example.com/collections/summer/${'very-long-path-segment/'.repeat(5)}?utm_source=newsletter&i=${i}` : `https://ex.com/${i}`,
      title: long ? `${LONG_TITLE} #${i + 1}` : i % 3 ? `T${i}` : null,
      space_id: spaces[i % 4]!.id,
      ...(i % 5 === 0 ? { domain_id: domain.id } : {}),
      ...(i % 7 === 1 ? { active_period_start_at: '2099-01-01T00:00:00Z' } : {}),
      ...(i % 7 === 2 ? { active_period_end_at: '2020-01-01T00:00:00Z' } : {}),
      ...(i % 7 === 3 ? { disabled: 1 } : {}),
    };
  });
}

/** Every badge inside `scope` shows its whole text (root and label). */
async function expectBadgesWhole(scope: Locator): Promise<void> {
  const cut = await scope.locator('.mantine-Badge-root, .mantine-Badge-label').evaluateAll((els) =>
    els.filter((el) => el.scrollWidth > el.clientWidth || el.clientWidth === 0).map((el) => `${el.className}: ${el.textContent}`),
  );
  expect(cut).toEqual([]);
}

const headerWidths = (page: Page) => page.locator('table thead th').evaluateAll((ths) => ths.map((th) => Math.round(th.getBoundingClientRect().width)));

test('at 1440 px the table keeps badges whole, Actions on screen and the same column widths on every page', async ({ page, account }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // 25 newest (page 1) have long text; the 5 oldest (page 2) short text: an auto layout would size them differently.
  await seedRealistic(account.api, 30, 5);
  await page.goto('/dashboard/links?per_page=25');
  await expect(rows(page)).toHaveCount(25);
  await expect(page.locator('table')).toBeVisible();
  await expect(page.locator('[data-status="Scheduled"]').first()).toBeVisible();

  await expectBadgesWhole(page.locator('table tbody'));
  expect(await page.locator('table tbody .mantine-Badge-root').count()).toBeGreaterThanOrEqual(50);
  // Created and Actions are on screen without scrolling sideways; nothing scrolls sideways at all.
  for (const name of ['Created', 'Actions']) {
    const box = (await page.locator('table thead th').filter({ hasText: name }).boundingBox())!;
    expect(box.x + box.width, name).toBeLessThanOrEqual(1440);
  }
  const menu = (await rows(page).first().getByRole('button', { name: /^Actions for / }).boundingBox())!;
  expect(menu.x + menu.width).toBeLessThanOrEqual(1440);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
  const scroller = page.locator('table').locator('xpath=..');
  expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);

  // Long text is cut with an ellipsis and, hovered, says the whole of it (title); text shown whole gets no tooltip.
  const title = rows(page).first().getByTestId('link-title');
  expect(await title.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await title.hover();
  await expect(title).toHaveAttribute('title', new RegExp(`^${LONG_TITLE} #30$`));
  const url = rows(page).first().getByTestId('link-url');
  await url.hover();
  await expect(url).toHaveAttribute('title', /^https:\/\/shop\.example\.com\/.*&i=29$/);

  const page1 = await headerWidths(page);
  await reviewShots(page, 'links-table');
  await checkA11y(page);
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(rows(page)).toHaveCount(5);
  await expect(rows(page).first()).toContainText('s005-');
  expect(await headerWidths(page)).toEqual(page1);
  await expectBadgesWhole(page.locator('table tbody'));
  const short = rows(page).first().getByTestId('link-title');
  await expect(short).toHaveText('T4');
  await short.hover();
  await expect(short).not.toHaveAttribute('title');
});

test('at 390 px the list is a card list with the row menu on screen; the details badge is whole', async ({ page, account }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const links = await seedRealistic(account.api, 12);
  await page.goto('/dashboard/links');
  await expect(rows(page)).toHaveCount(10);
  await expect(page.locator('table')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // A card: alias (to the details), destination, status, clicks, space, the checkbox and the actions.
  const newest = links.at(-1)!;
  const card = rows(page).first();
  await expect(card.getByRole('link', { name: newest.alias, exact: true })).toBeVisible();
  await expect(card.getByTestId('link-url')).toHaveText(newest.url);
  await expect(card.locator('[data-status]')).toBeVisible();
  await expect(card).toContainText('0 clicks');
  await expect(card.getByRole('link', { name: `Edit ${newest.alias}` })).toBeVisible();
  await expectBadgesWhole(page.getByTestId('links-cards'));
  for (const el of await page.getByTestId('links-cards').locator('a, button, input, [data-status]').all()) {
    const box = await el.boundingBox();
    if (box) expect(box.x + box.width, await el.evaluate((e) => e.outerHTML.slice(0, 80))).toBeLessThanOrEqual(390);
  }
  await reviewShots(page, 'links-cards');

  // Selecting from a card shows the bulk bar.
  await card.getByRole('checkbox', { name: `Select ${newest.alias}` }).check();
  await expect(page.getByTestId('selected-count')).toHaveText('1 selected');
  await checkA11y(page);

  // The row menu of a card opens fully on screen, with every action.
  await card.getByRole('button', { name: `Actions for ${newest.alias}` }).click();
  const dropdown = page.getByRole('menu', { name: `Actions for ${newest.alias}` });
  await expect(dropdown).toBeVisible();
  for (const item of ['Copy short URL', 'Open short URL', 'Details and statistics', 'Duplicate', 'Edit', 'Delete…']) {
    await expect(dropdown.getByRole('menuitem', { name: item })).toBeVisible();
  }
  const box = (await dropdown.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(box.y + box.height).toBeLessThanOrEqual(844);
  await dropdown.getByRole('menuitem', { name: 'Details and statistics' }).click();

  // The details page at 390: the status badge whole and on screen, beside a long title.
  await expect(page).toHaveURL(new RegExp(`/dashboard/links/${newest.id}$`));
  // The details page is there (the list's cards, with badges of their own, may still be leaving).
  await expect(page.getByRole('button', { name: 'Download clicks (CSV)' })).toBeVisible();
  await expect(page.getByTestId('links-cards')).toHaveCount(0);
  const badge = page.locator('main').locator('[data-status="Active"], [data-status="Scheduled"], [data-status="Expired"], [data-status="Disabled"]').first();
  await expect(badge).toBeVisible();
  await expectBadgesWhole(page.locator('main'));
  const b = (await badge.boundingBox())!;
  expect(b.x + b.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await reviewShots(page, 'link-details-header');
});

/** `el` is whole above the bulk bar once the page is scrolled to its end. */
async function expectAboveBar(page: Page, el: Locator): Promise<void> {
  const bar = (await page.getByRole('region', { name: 'Bulk actions' }).boundingBox())!;
  const box = (await el.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(bar.y);
}

/** The bulk bar is on screen, below the fixed header. */
async function expectBarOnScreen(page: Page): Promise<void> {
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar).toBeInViewport();
  const box = (await bar.boundingBox())!;
  const header = (await page.locator('header').boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
}

test('the bulk bar stays on screen at 50 and 100 rows; Shift-click selects a range; the progress label is readable', async ({ page, account }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const tag = uniq('r');
  const alias = (n: number) => `${tag}-${String(n).padStart(3, '0')}`;
  await seed.links(account.api, 100, (i) => ({ alias: alias(i + 1), title: i % 2 ? `${LONG_TITLE} ${i}` : null }));
  const box = (n: number) => page.getByRole('checkbox', { name: `Select ${alias(n)}`, exact: true });
  const check = (n: number, modifiers: 'Shift'[] = []) => box(n).click({ modifiers });
  const isChecked = (n: number) => box(n).isChecked();
  const count = page.getByTestId('selected-count');

  for (const perPage of [100, 50]) {
    await page.goto(`/dashboard/links?sort_by=alias&sort=asc&per_page=${perPage}`);
    await expect(rows(page)).toHaveCount(perPage);
    // The bar's arrival moves no row: the next checkbox is where the pointer aimed (a moved row took clicks).
    const before = (await box(3).boundingBox())!;
    await check(2);
    await expect(count).toHaveText('1 selected');
    await expectBarOnScreen(page);
    expect(await box(3).boundingBox()).toEqual(before);
    await box(perPage).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 20000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await expectBarOnScreen(page);
    // At the end of the page the last row and the pagination are above the bar, not under it.
    await expectAboveBar(page, box(perPage));
    await expectAboveBar(page, page.getByLabel('Rows per page'));
  }
  await reviewShots(page, 'bulk-bar-floating');

  // Shift-click: from the last clicked row to this one, both ways; unchecking a range too.
  await page.goto('/dashboard/links?sort_by=alias&sort=asc&per_page=25');
  await expect(rows(page)).toHaveCount(25);
  await check(3);
  await check(8, ['Shift']);
  await expect(count).toHaveText('6 selected');
  for (let n = 1; n <= 10; n++) expect(await isChecked(n), `r${n}`).toBe(n >= 3 && n <= 8);
  await check(12);
  await check(10, ['Shift']); // upwards from 12
  await expect(count).toHaveText('9 selected');
  await check(5, ['Shift']); // 5 is ticked: Shift-click unticks 5..10 (the anchor is now 10)
  await expect(count).toHaveText('4 selected');
  for (let n = 1; n <= 13; n++) expect(await isChecked(n), `r${n}`).toBe([3, 4, 11, 12].includes(n));
  // The page's text is not selected by the Shift-click.
  expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toBe('');
  // The anchor belongs to the page: on page 2 a Shift-click with no anchor there ticks one row (page 1's stay).
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(rows(page)).toHaveCount(25);
  await check(30, ['Shift']);
  await expect(count).toHaveText('5 selected on 2 pages');
  for (let n = 26; n <= 31; n++) expect(await isChecked(n), `r${n}`).toBe(n === 30);

  // Progress: while the one bulk request runs, the bar says what and how many, in full, beside the bar.
  await page.getByRole('button', { name: 'Clear selection' }).click();
  await page.getByRole('checkbox', { name: 'Select all links on this page' }).check();
  await expect(count).toHaveText('25 selected');
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await page.route('**/api/v1/links/bulk*', async (route) => {
    if (route.request().method() === 'PATCH') await gate;
    await route.continue();
  });
  await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Disable' }).click();
  const progress = page.getByTestId('bulk-progress');
  await expect(progress).toHaveText('Disabling 25 links…');
  await expect(page.getByRole('progressbar', { name: 'Disabling 25 links' })).toBeAttached();
  expect(await progress.evaluate((el) => el.scrollWidth <= el.clientWidth && el.clientWidth > 0)).toBe(true);
  await checkA11y(page);
  await reviewShots(page, 'bulk-progress');
  release();
  await expect(notice(page, 'Disabled: 25 links')).toBeVisible();
});
