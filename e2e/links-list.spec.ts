// Links list: search, status/space/domain/pixel filters, sorting (select and headers), per_page, paging,
// and the URL restoring all of it on reload.
import type { Page } from '@playwright/test';
import { test, expect, pickOption, pickSegment } from './fixtures/test';
import { seed, uniq } from './fixtures/api';
import { checkA11y } from './fixtures/a11y';
import { readmeScreenshot } from './fixtures/screenshot';

const rows = (page: Page) => page.getByTestId('link-row');
const aliases = async (page: Page) =>
  (await rows(page).locator('td:nth-child(2) a').allTextContents()).map((s) => s.trim());

test('filters, sort and per_page live in the URL and survive a reload', async ({ page, context, account }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { api } = account;
  const space = await seed.space(api, { name: 'Summer', color: 2 });
  const domain = await seed.domain(api, { name: `${uniq('go')}.example.test` });
  const pixel = await seed.pixel(api, { name: 'FB main', type: 'facebook', value: '123456' });
  // 30 links: a1..a30; some in the space, one on the domain, one with the pixel, some disabled / expired.
  const links = await seed.links(api, 30, (i) => ({
    alias: `a${String(i + 1).padStart(2, '0')}`,
    title: i % 2 ? `Odd title ${i + 1}` : `Even title ${i + 1}`,
    ...(i < 5 ? { space_id: space.id } : {}),
    ...(i === 7 ? { domain_id: domain.id } : {}),
    ...(i === 9 ? { pixel_ids: [pixel.id] } : {}),
    ...(i >= 27 ? { disabled: 1 } : {}),
    ...(i === 26 ? { active_period_end_at: '2020-01-01T00:00:00Z' } : {}),
    ...(i === 25 ? { active_period_start_at: '2099-01-01T00:00:00Z' } : {}),
  }));
  expect(links).toHaveLength(30);

  await page.goto('/dashboard/links');
  await expect(rows(page)).toHaveCount(10);
  await expect(page.getByTestId('list-range')).toHaveText('1–10 of 30 links');
  await expect(page.locator('[data-status="Scheduled"]')).toHaveCount(1);
  await readmeScreenshot(page, 'links-list.png');
  await checkA11y(page);

  // A row's copy button copies that row's short URL and says so.
  const newest = links.at(-1)!;
  await rows(page).first().getByRole('button', { name: `Copy short URL: ${newest.short_url}` }).click();
  await expect(rows(page).first().getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(newest.short_url);

  // per_page 25 and page 2.
  await pickOption(page, 'Rows per page', '25 / page');
  await expect(page).toHaveURL(/per_page=25/);
  await expect(rows(page)).toHaveCount(25);
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(rows(page)).toHaveCount(5);
  await expect(page.getByTestId('list-range')).toHaveText('26–30 of 30 links');

  // Sort by alias ascending by clicking the header; a filter change goes back to page 1.
  await page.getByRole('button', { name: 'Alias' }).click();
  await expect(page).toHaveURL(/sort_by=alias/);
  await expect(page).toHaveURL(/sort=asc/);
  await expect(page).not.toHaveURL(/[?&]page=2/);
  expect((await aliases(page)).slice(0, 3)).toEqual(['a01', 'a02', 'a03']);
  await page.getByRole('button', { name: 'Alias' }).click();
  await expect(page).not.toHaveURL(/sort=asc/);
  await expect.poll(async () => (await aliases(page))[0]).toBe('a30');

  // Every sort_by through the select, both directions (the toggle flips the direction).
  const dir = page.getByRole('button', { name: /^Sort (ascending|descending)/ });
  for (const [label, key] of [['Sort: Clicks', 'clicks'], ['Sort: Title', 'title'], ['Sort: Destination', 'url'], ['Sort: Created', 'created_at'], ['Sort: Added', 'id']] as const) {
    await pickOption(page, 'Sort by', label);
    if (key !== 'id') await expect(page).toHaveURL(new RegExp(`sort_by=${key}`));
    else await expect(page).not.toHaveURL(/sort_by=/);
    const wasAsc = /sort=asc/.test(page.url());
    await dir.click();
    if (wasAsc) await expect(page).not.toHaveURL(/sort=asc/);
    else await expect(page).toHaveURL(/sort=asc/);
    await expect(rows(page)).toHaveCount(25);
  }
  // Real server order: destination ascending starts at page/0 (a01), descending at page/9 (a10).
  await pickOption(page, 'Sort by', 'Sort: Destination');
  if (/sort=asc/.test(page.url())) await dir.click();
  await expect.poll(async () => (await aliases(page))[0]).toBe('a10');
  await dir.click();
  await expect.poll(async () => (await aliases(page))[0]).toBe('a01');

  // Status filter.
  await pickSegment(page, 'Disabled');
  await expect(page).toHaveURL(/status=3/);
  await expect(rows(page)).toHaveCount(3);
  await pickSegment(page, 'Expired');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('a27');
  await pickSegment(page, 'All');

  // Space, domain, pixel filters.
  await pickOption(page, 'Space', 'Summer');
  await expect(page).toHaveURL(new RegExp(`space_id=${space.id}`));
  await expect(rows(page)).toHaveCount(5);
  await pickOption(page, 'Space', 'No space');
  await expect(rows(page)).toHaveCount(25);
  await page.goto('/dashboard/links?per_page=25&sort=asc');
  await pickOption(page, 'Domain', domain.name);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('a08');
  await page.goto(`/dashboard/links?pixel_id=${pixel.id}`);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('a10');

  // Debounced search with search_by; reload restores the exact view.
  await page.goto('/dashboard/links?per_page=25');
  await page.getByRole('textbox', { name: 'Search links' }).fill('Odd');
  await expect(page).toHaveURL(/search=Odd/);
  await expect(rows(page)).toHaveCount(15);
  await pickOption(page, 'Search in', 'in Alias');
  await expect(page).toHaveURL(/search_by=alias/);
  await expect(page.getByText('No links match these filters')).toBeVisible();
  await page.getByRole('textbox', { name: 'Search links' }).fill('a1');
  await expect(rows(page)).toHaveCount(10);
  const before = page.url();
  await page.reload();
  await expect(page).toHaveURL(before);
  await expect(rows(page)).toHaveCount(10);
  await expect(page.getByRole('textbox', { name: 'Search links' })).toHaveValue('a1');
  await expect(page.getByRole('combobox', { name: 'Search in' })).toHaveValue('in Alias');
  await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('25 / page');
});

test('an invalid URL query is explained, with a way back', async ({ page, account }) => {
  await seed.link(account.api, { url: 'https://example.com/x' });
  await page.goto('/dashboard/links?per_page=7');
  await expect(page.getByText('This address has filters Linkdeck does not understand')).toBeVisible();
  await page.getByRole('button', { name: 'Reset the filters' }).click();
  await expect(rows(page)).toHaveCount(1);
});

test('empty list is designed, and works on a phone', async ({ page, account }) => {
  expect(account.user.id).toBeGreaterThan(0);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/dashboard/links');
  await expect(page.getByText('No links yet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Toggle navigation' })).toBeVisible();
  await checkA11y(page);
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await expect(page.getByRole('link', { name: 'Domains' })).toBeVisible();
});

test('dark theme: toggled from the header, remembered, and still readable', async ({ page, account }) => {
  await seed.links(account.api, 3, (i) => ({ title: `Dark ${i}`, ...(i === 0 ? { disabled: 1 } : {}) }));
  await page.goto('/dashboard/links');
  await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
  if ((await page.locator('html').getAttribute('data-mantine-color-scheme')) !== 'dark') {
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  }
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(rows(page)).toHaveCount(3);
  await checkA11y(page);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
});

test('keyboard: search, sort headers, row selection and paging work without a mouse', async ({ page, account }) => {
  await seed.links(account.api, 12, (i) => ({ alias: `k${String(i + 1).padStart(2, '0')}` }));
  await page.goto('/dashboard/links');
  await expect(rows(page)).toHaveCount(10);
  await page.getByRole('textbox', { name: 'Search links' }).focus();
  await page.keyboard.type('page/1');
  await expect(page).toHaveURL(/search=page(%2F|\/)1/);
  await page.getByRole('combobox', { name: 'Search in' }).focus();
  const target = page.getByRole('option', { name: 'in Destination' });
  // The first key loads the real select and opens it; then one key at a time, each waited for (a key sent while the
  // options are still opening may be dropped, as it would for a person, who would press again).
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox')).toBeVisible();
  const highlighted = async () => (await page.locator('[role="option"][data-combobox-selected]').allTextContents()).join();
  for (let i = 0; i < 5 && (await highlighted()) !== 'in Destination'; i++) {
    const before = await highlighted();
    await page.keyboard.press('ArrowDown');
    await expect.poll(highlighted).not.toBe(before);
  }
  await expect(target).toHaveAttribute('data-combobox-selected');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/search_by=url/);
  await expect(rows(page)).toHaveCount(3); // page/1, page/10, page/11
  await page.getByRole('button', { name: 'Clear search' }).focus();
  await page.keyboard.press('Enter');
  await expect(rows(page)).toHaveCount(10);

  await page.getByRole('button', { name: 'Alias' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/sort_by=alias/);
  await expect.poll(async () => (await aliases(page))[0]).toBe('k01');
  await page.getByRole('checkbox', { name: 'Select k01' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('selected-count')).toHaveText('1 selected');
  await page.getByRole('button', { name: 'Page 2' }).focus();
  await page.keyboard.press('Enter');
  await expect(rows(page)).toHaveCount(2);
});
