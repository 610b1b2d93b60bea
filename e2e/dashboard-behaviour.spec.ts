// Behaviour: the server away (banner, last data kept, recovery without a click), "remember me" off
// across tabs of one browser, filter values shown whole and a search that finds aliases and addresses, and
// untitled links last when sorting by title.
import type { Page } from '@playwright/test';
import { test, expect, pickOption, pickSegment } from './fixtures/test';
import { freshAccount, seed } from './fixtures/api';
import { signInViaForm } from './fixtures/session';
import { reviewShots } from './fixtures/screenshot';
import { checkA11y } from './fixtures/a11y';

const rows = (page: Page) => page.getByTestId('link-row');
const banner = (page: Page) => page.getByTestId('server-down-banner');

test('server away: the last data stays with a banner, and everything comes back by itself', async ({ page, account }) => {
  await seed.links(account.api, 15, (i) => ({ alias: `down-${i}`, title: `Campaign landing page for the autumn newsletter number ${i}` }));
  await page.goto('/dashboard/links');
  await expect(rows(page)).toHaveCount(10);
  await expect(page.getByText('down-14', { exact: true })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);

  // No answer at all (the network, a stopped server): the next page cannot load.
  await page.route('**/api/v1/**', (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toContainText('Cannot reach the server, retrying');
  await expect(page).toHaveURL(/page=2/);
  // The last data is still on screen, not a spinner or an error.
  await expect(rows(page)).toHaveCount(10);
  await expect(page.getByText('down-14', { exact: true })).toBeVisible();
  await expect(page.getByText('Could not refresh links')).toHaveCount(0);
  // The kept rows stay readable (no dimming that fails contrast): the banner says they may be stale.
  await checkA11y(page);
  await reviewShots(page, 'server-down');

  // The server is back: no click, the banner goes and page 2 arrives.
  await page.unroute('**/api/v1/**');
  await expect(banner(page)).toBeHidden({ timeout: 15_000 });
  await expect(rows(page)).toHaveCount(5);
  await expect(page.getByText('down-4', { exact: true })).toBeVisible();

  // The server up but its database away answers 503 {"message":"Service Unavailable."}: the same banner.
  await page.route('**/api/v1/links?**', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Service Unavailable.', status: 503 }) }),
  );
  await pickSegment(page, 'Active');
  await expect(banner(page)).toBeVisible();
  await expect(rows(page)).toHaveCount(5);
  await page.unroute('**/api/v1/links?**');
  await expect(banner(page)).toBeHidden({ timeout: 15_000 });
  await expect(rows(page)).toHaveCount(10);

  // A client error is an answer, not an outage: said as an error, no banner.
  await page.route('**/api/v1/links?**', (route) =>
    route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ message: 'The status field is odd.', errors: { status: ['odd'] }, status: 422 }) }),
  );
  await pickSegment(page, 'Disabled');
  await expect(page.getByText('The status field is odd.')).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
});

test('server away from the start: the page opens with the banner and fills in when the server is back', async ({ page, account }) => {
  await seed.links(account.api, 3, (i) => ({ alias: `late-${i}` }));
  await page.route('**/api/v1/**', (route) => route.abort('connectionrefused'));
  await page.goto('/dashboard/links');
  await expect(banner(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Links', level: 1 })).toBeVisible();
  await page.unroute('**/api/v1/**');
  await expect(rows(page)).toHaveCount(3, { timeout: 15_000 });
  await expect(banner(page)).toHaveCount(0);
});

test('remember me off: every tab of the browser is signed in; signing out in one signs out all', async ({ browser }) => {
  const { user, api } = await freshAccount();
  await seed.link(api, { url: 'https://example.com/tabs', alias: `tabs-${user.id}`, title: 'Tabs link' });
  const context = await browser.newContext();
  const first = await context.newPage();
  await first.goto('/dashboard/links');
  await expect(first.getByText('Off: you stay signed in across this browser')).toBeVisible();
  await reviewShots(first, 'sign-in');
  await signInViaForm(first, user.api_key);
  await expect(rows(first)).toHaveCount(1);
  expect(await first.evaluate(() => localStorage.getItem('linkdeck.apiKey'))).toBeNull();

  // A second tab, opened by typing the address: signed in, no sign-in form.
  const second = await context.newPage();
  await second.goto('/dashboard/links');
  await expect(second).toHaveURL(/\/dashboard\/links$/);
  await expect(rows(second)).toHaveCount(1);
  await expect(second.getByTestId('signed-in-as')).toContainText(user.name);

  // Another browser session (a restarted browser has no session cookies): sign-in.
  const other = await browser.newContext();
  const stranger = await other.newPage();
  await stranger.goto('/dashboard/links');
  await expect(stranger).toHaveURL(/\/dashboard\/sign-in/);
  await other.close();

  // Sign out in the second tab: the first goes to sign-in by itself.
  await second.getByRole('button', { name: 'Sign out' }).click();
  await expect(second).toHaveURL(/\/dashboard\/sign-in/);
  await expect(first).toHaveURL(/\/dashboard\/sign-in\?redirect=/);
  await first.goto('/dashboard/links');
  await expect(first).toHaveURL(/\/dashboard\/sign-in/);
  await context.close();
});

/** True when an input shows its whole value (nothing cut off). */
const showsWhole = (page: Page, label: string) =>
  page.locator(`input[aria-label="${label}"]`).evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth + 1);

test('filters: chosen values are shown whole at 1440 and 390 px', async ({ page, account }) => {
  const space = await seed.space(account.api, { name: 'Autumn newsletter campaigns 2026' });
  // About as long as a real branded short domain (35 characters), unique on the instance.
  const domain = await seed.domain(account.api, { name: `go${Date.now().toString(36)}.brand-marketing.example` });
  await seed.link(account.api, { url: 'https://example.com/x', alias: 'whole', space_id: space.id, domain_id: domain.id });
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`/dashboard/links?space_id=${space.id}&domain_id=${domain.id}&sort_by=clicks`);
    await expect(rows(page)).toHaveCount(1);
    // On a phone the filters are folded into one button, which says how many are on.
    if (width === 390) await page.getByRole('button', { name: 'Filters (2)' }).click();
    await expect(page.locator('input[aria-label="Domain"]')).toBeVisible();
    await expect(page.locator('input[aria-label="Domain"]')).toHaveValue(domain.name);
    await expect(page.locator('input[aria-label="Space"]')).toHaveValue(space.name);
    for (const label of ['Space', 'Domain', 'Sort by', 'Search in']) expect(await showsWhole(page, label), `${label} at ${width}`).toBe(true);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await pickOption(page, 'Space', 'No space');
  await expect(page.locator('input[aria-label="Space"]')).toHaveValue('No space');
  await pickOption(page, 'Domain', 'Default domain');
  expect(await showsWhole(page, 'Domain')).toBe(true);
  await page.goto(`/dashboard/links?space_id=${space.id}&domain_id=${domain.id}&sort_by=clicks`);
  await expect(rows(page)).toHaveCount(1);
  await reviewShots(page, 'filters-chosen');
});

test('search: an alias, an address or a title typed into the search finds its link, and the page says where it looked', async ({ page, account }) => {
  await seed.link(account.api, { url: 'https://shop.example.com/autumn/boots', alias: 'autumn-boots', title: 'Boots for the cold season' });
  await seed.link(account.api, { url: 'https://example.org/promo', alias: 'promo', title: 'Winter offer' });
  await seed.link(account.api, { url: 'https://example.net/launch', alias: 'l4unch', title: 'Spring launch' });
  await page.goto('/dashboard/links');
  await expect(rows(page)).toHaveCount(3);
  const search = page.getByRole('textbox', { name: 'Search links' });
  const scope = page.getByTestId('search-scope');
  const everywhere = 'in their alias, destination, title, tags or domain';

  // Everywhere by default (search_by=all), and said so.
  await search.fill('autumn-boots');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText('autumn-boots');
  await expect(scope).toHaveText(`Showing links that have “autumn-boots” ${everywhere}.`);
  await expect(page.locator('input[aria-label="Search in"]')).toHaveValue('in All');
  await expect(page).toHaveURL(/search_by=all/);

  await search.fill('promo');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText('Winter offer');

  await search.fill('shop.example.com/autumn');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText('autumn-boots');

  await search.fill('spring launch');
  await expect(rows(page)).toHaveCount(1);
  await expect(scope).toHaveText(`Showing links that have “spring launch” ${everywhere}.`);
  await checkA11y(page);
  await reviewShots(page, 'search-scope');

  // A place picked by the user stays picked: an alias is then not looked for in titles.
  await pickOption(page, 'Search in', 'in Title');
  await search.fill('autumn-boots');
  await expect(page.getByText('No links match these filters')).toBeVisible();
  await expect(scope).toHaveText('Showing links that have “autumn-boots” in their title.');
});

test('sort by title: untitled links come last, ascending and descending', async ({ page, account }) => {
  await seed.link(account.api, { url: 'https://example.com/1', alias: 'untitled-old' });
  await seed.link(account.api, { url: 'https://example.com/2', alias: 'titled-b', title: 'Beta' });
  await seed.link(account.api, { url: 'https://example.com/3', alias: 'untitled-new' });
  await seed.link(account.api, { url: 'https://example.com/4', alias: 'titled-a', title: 'Alpha' });
  const order = async () => (await rows(page).allInnerTexts()).map((t) => /(untitled-old|untitled-new|titled-a|titled-b)/.exec(t)?.[1]);
  await page.goto('/dashboard/links?sort_by=title&sort=asc');
  await expect(rows(page)).toHaveCount(4);
  expect(await order()).toEqual(['titled-a', 'titled-b', 'untitled-old', 'untitled-new']);
  await page.goto('/dashboard/links?sort_by=title&sort=desc');
  await expect(rows(page)).toHaveCount(4);
  expect(await order()).toEqual(['titled-b', 'titled-a', 'untitled-new', 'untitled-old']);
});
