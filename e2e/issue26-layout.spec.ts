// The links list readable at 390, 1024, 1440 and 1920 px (a whole short URL
// of 40 characters and 40 or more of the destination at 1440 px, URLs cut in their middle with the whole one on
// hover, the domain shown once, sticky headers, the filters folded into one button on a phone, screenshots light
// and dark at 1440 and 390 px); no dead tab stop after the Pixel filter. The lazy page's recovery and the SVG
// flags: issue26-server-away.spec.ts.
import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures/test';
import { seed, type ApiClient } from './fixtures/api';
import { checkA11y, settled } from './fixtures/a11y';
import { visibleText } from './fixtures/visible-text';

const rows = (page: Page) => page.getByTestId('link-row');
const shortUrlOf = (row: Locator) => row.locator('[class*="shortUrl"]').first();
const noScheme = (url: string) => url.replace(/^https?:\/\//, '');
const SHOP = 'https://shop.example.com/collections/summer-2026/womens/dresses/spring-sale?utm_source=newsletter&utm_campaign=spring';
const BLOG = 'https://blog.example.org/2026/05/the-twelve-best-things-to-do-in-lisbon-this-spring';
const TITLE = 'Spring campaign 2026: the landing page for the newsletter readers who came from the partner blog';

/**
 * Links as a marketer has them: a domain of their own whose short URLs are exactly 40 characters (domain and alias),
 * long destinations and titles, tags, spaces with long names. The newest (first row) goes to SHOP, the next to BLOG.
 */
async function seedRealistic(api: ApiClient, id: number, n: number) {
  const host = `go-${id}.example.com`;
  const domain = await seed.domain(api, { name: host });
  const spaces: { id: number }[] = [];
  for (const [i, name] of ['Marketing campaigns EMEA 2026 Q2', 'Newsletter', 'Partners and affiliates (APAC)'].entries()) spaces.push(await seed.space(api, { name, color: i + 1 }));
  const links = await api.post<{ id: number; alias: string; short_url: string; url: string }[]>('/links/bulk', {
    links: Array.from({ length: n }, (_, k) => {
      const i = n - 1 - k; // created oldest first: the newest (the list's first row) is i = 0
      return {
        alias: `${String(i).padStart(3, '0')}-spring-sale-newsletter-2026`.slice(0, 40 - host.length - 1),
        url: i % 3 === 0 ? `${SHOP}&i=${i}` : i % 3 === 1 ? `${BLOG}-${i}` : `https://example.com/${i}`,
        title: i % 4 === 3 ? null : `${TITLE} #${i}`,
        space_id: spaces[i % 3]!.id,
        tags: i % 2 ? ['q2'] : ['spring-2026', 'newsletter', 'emea-campaigns-long-tag-name', 'extra'],
        domain_id: domain.id,
        ...(i % 7 === 5 ? { active_period_start_at: '2099-01-01T00:00:00Z' } : {}),
      };
    }),
  });
  return { host, links };
}

/** The page in `mode` (the header's theme button), settled. */
async function scheme(page: Page, mode: 'light' | 'dark') {
  if ((await page.locator('html').getAttribute('data-mantine-color-scheme')) !== mode) {
    await page.getByRole('button', { name: `Switch to ${mode} theme` }).click();
  }
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', mode);
  await page.mouse.move(0, 0);
  await settled(page);
}

/** The links page light and dark: into I26_SHOTS when set (a folder), else the test's output folder; axe on both. */
async function shotsAndAxe(page: Page, width: number) {
  const dir = process.env.I26_SHOTS;
  if (dir) fs.mkdirSync(dir, { recursive: true });
  await page.waitForLoadState('networkidle');
  for (const mode of ['light', 'dark'] as const) {
    await scheme(page, mode);
    const name = `links-${width}-${mode}.png`;
    await page.screenshot({ path: dir ? `${dir}/${name}` : test.info().outputPath(name) });
    await checkA11y(page);
  }
  await scheme(page, 'light');
}

for (const width of [1440, 1920]) {
  test(`at ${width} px a row shows the whole short URL, 40+ characters of the destination cut in its middle, the domain once`, async ({ page, account }) => {
    await page.setViewportSize({ width, height: 900 });
    const { host, links } = await seedRealistic(account.api, account.user.id, 24);
    const shop = links.at(-1)!;
    const blog = links.at(-2)!;
    await page.goto('/dashboard/links?per_page=25');
    await expect(rows(page)).toHaveCount(24);
    await expect(page.locator('table')).toBeVisible();
    // No Domain column: the short URL names the domain, once per row.
    await expect(page.getByRole('columnheader', { name: 'Domain' })).toHaveCount(0);
    for (const text of await rows(page).allTextContents()) expect(text.split(host).length - 1, text).toBe(1);

    const first = rows(page).first();
    await expect(first).toHaveAttribute('data-link-id', String(shop.id));
    // The short URL, domain and alias, 40 characters, all of it on screen (the scheme is left out).
    expect(noScheme(shop.short_url)).toHaveLength(40);
    expect(await visibleText(shortUrlOf(first))).toBe(noScheme(shop.short_url));
    expect(await visibleText(shortUrlOf(rows(page).nth(1)))).toBe(noScheme(blog.short_url));

    // The destination: 40 characters or more on screen, the host and the last segment kept, the path between cut.
    for (const [row, link] of [
      [first, shop],
      [rows(page).nth(1), blog],
    ] as const) {
      const url = row.getByTestId('link-url');
      const shown = await visibleText(url);
      expect(shown.length, shown).toBeGreaterThanOrEqual(40);
      const last = link.url.split('?')[0]!.split('/').at(-1)!;
      expect(shown.startsWith(`${new URL(link.url).host}/`), shown).toBe(true);
      expect(shown, 'the last segment is kept').toContain(width === 1440 ? last.slice(0, 10) : last);
      // Screen readers and copying get the whole URL; hovering a cut one shows it whole too.
      await expect(url).toHaveText(link.url);
      const cut = await url.evaluate((el) => [...el.children].some((c) => !c.className.includes('srOnly') && c.scrollWidth > c.clientWidth));
      if (width === 1440) expect(cut, 'cut at 1440 px').toBe(true);
      await url.hover();
      if (cut) await expect(url).toHaveAttribute('title', link.url);
    }
    // The shop URL at 1440: the host, an ellipsis where the path was, the last segment.
    if (width === 1440) expect(await first.locator('[class*="urlMiddle"]').evaluate((el) => el.scrollWidth > el.clientWidth), 'cut in the middle').toBe(true);
    // A URL shown whole has no tooltip repeating it.
    const plain = rows(page).nth(2).getByTestId('link-url');
    await plain.hover();
    await expect(plain).not.toHaveAttribute('title');

    // Nothing scrolls sideways; the title column's header sorts by title and by destination.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.getByRole('columnheader', { name: /Title.*Destination/ }).getByRole('button', { name: 'Destination' }).click();
    await expect(page).toHaveURL(/sort_by=url/);
    await expect(page.getByRole('columnheader', { name: /Title.*Destination/ })).toHaveAttribute('aria-sort', 'ascending');
    if (width === 1440) {
      await page.goto('/dashboard/links?per_page=25');
      await expect(rows(page)).toHaveCount(24);
      await shotsAndAxe(page, 1440);
    }
  });
}

test('with 105 links the table headers stay on screen while the rows scroll', async ({ page, account }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await account.api.post('/links/bulk', { links: Array.from({ length: 105 }, (_, i) => ({ url: `https://example.com/${i}`, alias: `sticky-${account.user.id}-${i}` })) });
  await page.goto('/dashboard/links?per_page=100');
  await expect(rows(page)).toHaveCount(100);
  const header = page.getByRole('columnheader', { name: 'Alias' });
  const before = (await header.boundingBox())!;
  await page.evaluate(() => window.scrollBy(0, 2500));
  await expect.poll(() => rows(page).first().evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(0);
  const after = (await header.boundingBox())!;
  expect(after.y, 'under the 56 px app header').toBeGreaterThanOrEqual(55);
  expect(after.y).toBeLessThanOrEqual(57);
  expect(before.y).toBeGreaterThan(after.y);
  // On top of the rows: the header's own cell is what is at its place.
  const top = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('thead') !== null, [after.x + 5, after.y + after.height / 2]);
  expect(top).toBe(true);
});

test('at 1024 px the cards show the whole short URL and the filters stay unfolded', async ({ page, account }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const { host, links } = await seedRealistic(account.api, account.user.id, 6);
  await page.goto('/dashboard/links');
  await expect(rows(page)).toHaveCount(6);
  await expect(page.locator('table')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Filters/ })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Pixel' })).toBeVisible();
  const first = rows(page).first();
  expect(await visibleText(shortUrlOf(first))).toBe(noScheme(links.at(-1)!.short_url));
  expect((await visibleText(first.getByTestId('link-url'))).length).toBeGreaterThanOrEqual(30);
  for (const text of await rows(page).allTextContents()) expect(text.split(host).length - 1).toBe(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
});

test('at 390 px the filters fold into one Filters button and the first card is on the first screen', async ({ page, account }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { host, links } = await seedRealistic(account.api, account.user.id, 12);
  await page.goto('/dashboard/links');
  await expect(rows(page)).toHaveCount(10);
  const filters = page.getByRole('button', { name: 'Filters', exact: true });
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('textbox', { name: 'Search links' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Space' })).toBeHidden();
  await expect(rows(page).first()).toBeInViewport({ ratio: 1 });
  expect(await visibleText(shortUrlOf(rows(page).first()))).toBe(noScheme(links.at(-1)!.short_url));
  for (const text of await rows(page).allTextContents()) expect(text.split(host).length - 1).toBe(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shotsAndAxe(page, 390);

  // Open: every filter is there; one chosen, the button counts it.
  await filters.click();
  await expect(filters).toHaveAttribute('aria-expanded', 'true');
  for (const name of ['Search in', 'Space', 'Domain', 'Pixel', 'Sort by']) await expect(page.getByRole('combobox', { name })).toBeVisible();
  await page.locator('.mantine-SegmentedControl-root').getByText('Active', { exact: true }).click();
  await expect(page).toHaveURL(/status=1/);
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
  await checkA11y(page);
  await page.getByRole('button', { name: 'Filters (1)' }).click();
  await expect(page.getByRole('combobox', { name: 'Space' })).toBeHidden();
});

for (const width of [1440, 390]) {
  test(`at ${width} px Tab goes from the Pixel filter to Tags, then Sort by, with no dead stop, and keeps its place`, async ({ page, account }) => {
    await page.setViewportSize({ width, height: 900 });
    await seed.pixel(account.api, { name: 'Meta main', type: 'facebook', value: '123456' });
    await seed.links(account.api, 2, (i) => ({ tags: [`tag-${i}`] }));
    await page.goto('/dashboard/links');
    await expect(rows(page)).toHaveCount(2);
    if (width === 390) await page.getByRole('button', { name: 'Filters', exact: true }).click();
    // Every focus change, and a focus that went nowhere (a dead stop leaves it on the page itself).
    await page.evaluate(() => {
      const log: string[] = [];
      (window as unknown as { focusLog: string[] }).focusLog = log;
      document.addEventListener('focusin', (e) => log.push((e.target as HTMLElement).getAttribute('aria-label') ?? (e.target as HTMLElement).tagName));
      document.addEventListener('focusout', (e) => void (e.relatedTarget === null && setTimeout(() => document.activeElement === document.body && log.push('(nothing)'))));
    });
    const pixel = page.getByRole('combobox', { name: 'Pixel' });
    await pixel.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toBeFocused();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('combobox', { name: 'Sort by' }), 'nothing took the focus back').toBeFocused();
    expect(await page.evaluate(() => (window as unknown as { focusLog: string[] }).focusLog)).toEqual(['Pixel', 'Tags', 'Sort by']);
    await expect(page.getByRole('listbox')).toHaveCount(0);

    // Back on Tags, the keyboard opens it: the real filter takes the focus and shows the tags.
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('textbox', { name: 'Tags' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('option', { name: 'tag-1' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Tags' })).toBeFocused();
    await page.getByRole('option', { name: 'tag-1' }).click();
    await expect(page).toHaveURL(/tag=tag-1/);
    await expect(rows(page)).toHaveCount(1);
  });
}
