// The links list's first load leaves out Mantine's Combobox, Menu, Popover, Tooltip and floating-ui: its selects,
// its Export menu and its tooltips are stand-ins until first used (components/deferred-*.tsx, handover.ts). The
// first click or key on a stand-in already opens the real control (loaded then), at the same place and size, with
// the focus; the value chosen lands in the URL.
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures/test';
import { seed, uniq } from './fixtures/api';
import { reviewShots } from './fixtures/screenshot';

/** Script files requested so far (their URLs), from the page's first request on. */
function scripts(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') seen.push(req.url());
  });
  return seen;
}
const fileName = (url: string) => new URL(url).pathname.split('/').pop() ?? '';

// What the stand-ins defer, as found in the built code: the components' display names and floating-ui's attributes.
const DEFERRED_CODE = [/@mantine\/core\/(Popover|Combobox|Menu|Tooltip|Select)[`'"]/, /data-floating-ui-/];

async function openList(page: Page, path = '/dashboard/links'): Promise<string[]> {
  const seen = scripts(page);
  await page.goto(path);
  await expect(page.getByTestId('link-row').first()).toBeVisible();
  return seen;
}

const box = async (el: Locator) => {
  const b = await el.boundingBox();
  if (!b) throw new Error('not visible');
  return b;
};

/** The control is where and as large as it was (no layout shift when the real one took over). */
async function expectSameBox(el: Locator, before: { x: number; y: number; width: number; height: number }) {
  const after = await box(el);
  for (const k of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(after[k] - before[k]), k).toBeLessThan(0.5);
}

test.beforeEach(async ({ account }) => {
  const space = await seed.space(account.api, { name: 'Summer campaign', color: 2 });
  await seed.space(account.api, { name: 'Winter', color: 4 });
  const prefix = uniq('lc');
  await seed.links(account.api, 12, (i) => ({
    alias: `${prefix}-${i}`,
    title: `A rather long title for link number ${i}, to see how the row copes with it`,
    ...(i < 3 ? { space_id: space.id } : {}),
    ...(i === 4 ? { active_period_start_at: '2099-01-01T00:00:00Z' } : {}),
  }));
});

test('the first load requests none of the deferred code; using a control loads its own chunk', async ({ page }) => {
  const seen = await openList(page);
  await page.waitForLoadState('networkidle');
  expect(seen.length).toBeGreaterThan(5);
  for (const url of [...seen]) {
    const code = await (await page.request.get(url)).text();
    for (const marker of DEFERRED_CODE) expect(marker.test(code), `${fileName(url)} has ${marker}`).toBe(false);
  }
  const loaded = () => seen.map(fileName);
  expect(loaded().filter((f) => /^(deferred-select-real|export-menu-real|deferred-tooltip-real)-/.test(f))).toEqual([]);

  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await expect(page.getByRole('option', { name: 'Sort: Title' })).toBeVisible();
  expect(loaded().some((f) => f.startsWith('deferred-select-real-'))).toBe(true);
  expect(loaded().some((f) => f.startsWith('export-menu-real-'))).toBe(false);

  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Export' }).click();
  await expect(page.getByRole('menuitem', { name: 'CSV' })).toBeVisible();
  expect(loaded().some((f) => f.startsWith('export-menu-real-'))).toBe(true);
});

test('a select opens on the first click, in place, and the chosen value lands in the URL', async ({ page }) => {
  await openList(page);
  await reviewShots(page, 'links-before-use');

  const sort = page.getByRole('combobox', { name: 'Sort by' });
  const before = await box(sort);
  await sort.click();
  await expect(page.getByRole('option', { name: 'Sort: Title' })).toBeVisible();
  await expect(sort).toBeFocused();
  await expectSameBox(sort, before);
  await page.getByRole('option', { name: 'Sort: Title' }).click();
  await expect(page).toHaveURL(/sort_by=title/);

  // A searchable one: the click opens it with every option.
  const space = page.getByRole('combobox', { name: 'Space' });
  const spaceBefore = await box(space);
  await space.click();
  await expect(page.getByRole('option', { name: 'Winter' })).toBeVisible();
  await expectSameBox(space, spaceBefore);
  await page.getByRole('option', { name: 'Summer campaign' }).click();
  await expect(page).toHaveURL(/space_id=\d+/);
  await expect(space).toHaveValue('Summer campaign');
  await expect(page.getByTestId('link-row')).toHaveCount(3);

  // The page size, below the list.
  await page.getByRole('combobox', { name: 'Rows per page' }).click();
  await page.getByRole('option', { name: '25 / page' }).click();
  await expect(page).toHaveURL(/per_page=25/);
  await page.keyboard.press('Escape');
  await page.mouse.move(0, 0);
  await reviewShots(page, 'links-after-use');
});

for (const key of ['ArrowDown', 'Enter', 'Space']) {
  test(`a keyboard user tabs to a select and opens it with ${key}`, async ({ page }) => {
    await openList(page);
    // The search box, then "Search in".
    await page.getByRole('textbox', { name: 'Search links' }).focus();
    await page.keyboard.press('Tab');
    const searchIn = page.getByRole('combobox', { name: 'Search in' });
    await expect(searchIn).toBeFocused();
    await page.keyboard.press(key);
    await expect(page.getByRole('listbox')).toBeVisible();
    await expect(page.getByRole('option', { name: 'in Alias' })).toBeVisible();
    await expect(searchIn).toBeFocused();
    await expect(searchIn).toHaveAttribute('aria-expanded', 'true');
    // As with Mantine's own Select: ArrowDown opens on the chosen option, Enter and Space on none.
    await expect(page.locator('[data-combobox-selected]')).toHaveText(key === 'ArrowDown' ? ['in All'] : []);
    // The options take the keys from there: the next one (in Title), chosen with Enter; it is the next search's place.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(searchIn).toHaveValue('in Title');
    await page.getByRole('textbox', { name: 'Search links' }).fill('rather long');
    await expect(page).toHaveURL(/search=rather\+long/);
    expect(new URL(page.url()).searchParams.get('search_by')).toBeNull(); // title, the API's default
  });
}

test('text typed into a searchable select before it loaded is its search', async ({ page }) => {
  await openList(page);
  const space = page.getByRole('combobox', { name: 'Space' });
  await space.focus();
  await page.keyboard.type('Wint');
  await expect(space).toHaveValue('Wint');
  await expect(space).toBeFocused();
  await expect(page.getByRole('option', { name: 'Winter' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Summer campaign' })).toHaveCount(0);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/space_id=\d+/);
  await expect(space).toHaveValue('Winter');
});

test('the Export menu opens on the first click or Enter, and gives the focus back when closed', async ({ page }) => {
  await openList(page);
  const exportButton = page.getByRole('button', { name: 'Export' });
  const before = await box(exportButton);
  await exportButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toContainText('Download all links');
  await expect(page.getByRole('menuitem', { name: 'JSON' })).toBeVisible();
  await expectSameBox(exportButton, before);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(exportButton).toBeFocused();

  // A fresh page, with the mouse.
  await openList(page, '/dashboard/links?status=1');
  await page.getByRole('button', { name: 'Export' }).click();
  await expect(page.getByRole('menu')).toContainText('Download links matching the filters');
});

test('tooltips show on the first hover', async ({ page }) => {
  await openList(page);
  await page.getByRole('button', { name: /^Sort descending/ }).hover();
  await expect(page.getByRole('tooltip', { name: 'Descending' })).toBeVisible();
  await page.getByRole('button', { name: /^Switch to (dark|light) theme$/ }).hover();
  await expect(page.getByRole('tooltip', { name: /^Switch to (dark|light) theme$/ })).toBeVisible();
  await expect(page.getByRole('tooltip', { name: 'Descending' })).toHaveCount(0);
  await page.locator('[data-status="Scheduled"]').hover();
  await expect(page.getByRole('tooltip', { name: /^Starts / })).toBeVisible();
});

test("a row's light checkbox looks like Mantine's own (the header's), with Mantine's stylesheet", async ({ page }) => {
  await openList(page);
  const real = page.getByRole('checkbox', { name: 'Select all links on this page' });
  const light = page.getByTestId('link-row').first().getByRole('checkbox');
  // What the box and its tick look like: size, border, corners, colours.
  const look = (el: Locator) =>
    el.evaluate((input) => {
      const box = getComputedStyle(input);
      const tick = getComputedStyle(input.nextElementSibling as Element);
      return {
        box: [box.width, box.height, box.borderTopWidth, box.borderTopColor, box.borderRadius, box.backgroundColor, box.cursor],
        tick: [tick.width, tick.color, tick.opacity],
      };
    });
  expect(await look(light)).toEqual(await look(real));
  // Ticked: "select all" ticks every row; compared once both ticks have faded in.
  await real.check();
  await expect(light).toBeChecked();
  await expect.poll(async () => [(await look(light)).tick[2], (await look(real)).tick[2]]).toEqual(['1', '1']);
  expect(await look(light)).toEqual(await look(real));
});
