// Usability fixes across the lists: the Scheduled status badge (whole, in the table and on the details
// page), a `page` past the end of a list landing on its last page, and tab titles that name the page.
import type { Locator, Page } from '@playwright/test';
import { test, expect, pickOption } from './fixtures/test';
import { seed, uniq } from './fixtures/api';

const rows = (page: Page) => page.getByTestId('link-row');
const row = (page: Page, alias: string) => rows(page).filter({ has: page.getByRole('link', { name: alias, exact: true }) });

/** A real Mantine badge whose word is shown whole (not cut to "SC…" by a squeezed column or a long title). */
async function expectWholeBadge(badge: Locator, word: string): Promise<void> {
  await expect(badge).toHaveText(word);
  await expect(badge).toHaveClass(/mantine-Badge-root/);
  await expect(badge).toBeVisible();
  const label = badge.locator('.mantine-Badge-label');
  await expect
    .poll(() => label.evaluate((el) => ({ shown: el.clientWidth > 0, whole: el.scrollWidth <= el.clientWidth })))
    .toEqual({ shown: true, whole: true });
}

test('a link whose start is ahead shows a whole Scheduled badge in the table and on its details page', async ({ page, account }) => {
  const { api } = account;
  // Long titles and destinations squeeze the table's other columns: the badges must keep their word.
  const long = 'A very long title for the spring campaign landing page that keeps going and going';
  const scheduled = await seed.link(api, {
    url: `https://example.com/${'spring-campaign/'.repeat(6)}`,
    alias: uniq('spring'),
    title: long,
    active_period_start_at: '2099-01-01T00:00:00Z',
  });
  const active = await seed.link(api, { url: 'https://example.com/active', alias: uniq('act'), title: long });
  const expired = await seed.link(api, { url: 'https://example.com/expired', alias: uniq('exp'), active_period_end_at: '2020-01-01T00:00:00Z' });
  const disabled = await seed.link(api, { url: 'https://example.com/off', alias: uniq('off'), disabled: 1, active_period_start_at: '2099-01-01T00:00:00Z' });
  const startedEarlier = await seed.link(api, { url: 'https://example.com/began', alias: uniq('began'), active_period_start_at: '2020-01-01T00:00:00Z' });

  // The API's numeric status is unchanged: a scheduled link is status 1 (active).
  expect((await api.get<{ status: number }>(`/links/${scheduled.id}`)).status).toBe(1);

  await page.goto('/dashboard/links');
  await expect(rows(page)).toHaveCount(5);
  await expectWholeBadge(row(page, scheduled.alias).locator('[data-status]'), 'Scheduled');
  await expectWholeBadge(row(page, active.alias).locator('[data-status]'), 'Active');
  await expectWholeBadge(row(page, expired.alias).locator('[data-status]'), 'Expired');
  await expectWholeBadge(row(page, disabled.alias).locator('[data-status]'), 'Disabled');
  await expectWholeBadge(row(page, startedEarlier.alias).locator('[data-status]'), 'Active');
  await expect(page.locator('[data-status="Scheduled"]')).toHaveCount(1);
  // Hovering says when it starts; a screen reader hears it as the badge's description, hovered or not.
  await expect(row(page, scheduled.alias).locator('[data-status]')).toHaveAccessibleDescription(/^Starts /);
  await expect(row(page, active.alias).locator('[data-status]')).toHaveAccessibleDescription('');
  await row(page, scheduled.alias).locator('[data-status]').hover();
  await expect(page.getByRole('tooltip')).toContainText('Starts');

  // Details page, beside a long title, wide and at phone width.
  await row(page, scheduled.alias).getByRole('link', { name: scheduled.alias, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/links/${scheduled.id}$`));
  await expect(page.getByRole('heading', { name: long })).toBeVisible();
  // (Router links carry data-status="active" too: the badge is the capitalised one.)
  await expectWholeBadge(page.locator('[data-status="Scheduled"]'), 'Scheduled');
  await page.setViewportSize({ width: 390, height: 800 });
  await expectWholeBadge(page.locator('[data-status="Scheduled"]'), 'Scheduled');
  await page.goto(`/dashboard/links/${startedEarlier.id}`);
  await expect(page.getByTestId('short-url')).toHaveText(startedEarlier.short_url);
  await expectWholeBadge(page.locator('[data-status="Active"]'), 'Active');
});

test('a page past the end of the links list lands on the last page, with its rows', async ({ page, account }) => {
  await seed.links(account.api, 30, (i) => ({ alias: uniq(`p${i + 1}`) }));

  await page.goto('/dashboard/links?page=99');
  await expect(page).toHaveURL(/[?&]page=3(&|$)/);
  await expect(rows(page)).toHaveCount(10);
  await expect(page.getByTestId('list-range')).toHaveText('21–30 of 30 links');
  await expect(page.getByText('No links yet')).toHaveCount(0);

  // Other parameters stay as they were.
  await page.goto('/dashboard/links?per_page=25&sort=asc&page=5');
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(page).toHaveURL(/per_page=25/);
  await expect(page).toHaveURL(/sort=asc/);
  await expect(rows(page)).toHaveCount(5);
  await expect(page.getByTestId('list-range')).toHaveText('26–30 of 30 links');

  // Rows deleted under an open page: the list says the page is past the end and leads to the last one.
  await page.goto('/dashboard/links?per_page=25&page=2');
  await expect(rows(page)).toHaveCount(5);
  await page.getByRole('checkbox', { name: 'Select all links on this page' }).check();
  await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete 5 links?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Page 2 is past the end')).toBeVisible();
  await expect(page.getByText('No links yet')).toHaveCount(0);
  await page.getByRole('button', { name: 'Go to the last page' }).click();
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(rows(page)).toHaveCount(25);
  await expect(page.getByTestId('list-range')).toHaveText('1–25 of 25 links');
});

test('a page past the end of the domains, spaces, pixels and users lists lands on the last page', async ({ page, adminAccount }) => {
  const { api } = adminAccount;
  for (let i = 0; i < 12; i++) await seed.domain(api, { name: `${uniq('pg')}.example.test` });
  await seed.space(api, { name: uniq('Space') });
  await seed.pixel(api, { name: uniq('Pixel'), type: 'facebook', value: '123456' });

  await page.goto('/dashboard/domains?page=99');
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(page.getByTestId('domain-row')).toHaveCount(2);
  await expect(page.getByTestId('list-range')).toHaveText('11–12 of 12 domains');

  await page.goto('/dashboard/spaces?page=9');
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(page.getByTestId('space-row')).toHaveCount(1);

  await page.goto('/dashboard/pixels?page=9');
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(page.getByTestId('pixel-row')).toHaveCount(1);

  // Users: every account of the run is listed; whatever the count, page 9999 is past it.
  await page.goto('/dashboard/users?page=9999');
  await expect(page).not.toHaveURL(/[?&]page=9999/);
  await expect(page.getByTestId('user-row').first()).toBeVisible();
  await expect(page.getByText(/^No users/)).toHaveCount(0);
});

test('tab titles name the page on every route', async ({ page, adminAccount }) => {
  const { api } = adminAccount;
  const link = await seed.link(api, { url: 'https://example.com/spring', alias: uniq('spring'), title: 'Spring sale' });
  const domain = await seed.domain(api, { name: `${uniq('tt')}.example.test` });
  const space = await seed.space(api, { name: uniq('Summer') });
  const pixel = await seed.pixel(api, { name: uniq('FB'), type: 'facebook', value: '123456' });

  await page.goto('/dashboard/links');
  await expect(page).toHaveTitle('Links · Linkdeck');
  // Client-side navigation updates it too.
  await page.getByRole('link', { name: 'New link' }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/links\/new$/);
  await expect(page).toHaveTitle('New link · Linkdeck');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Domains' }).click();
  await expect(page).toHaveTitle('Domains · Linkdeck');

  const titles: [string, string][] = [
    [`/links/${link.id}`, `Link ${link.alias} · Linkdeck`],
    [`/links/${link.id}/edit`, `Edit ${link.alias} · Linkdeck`],
    ['/domains/new', 'New domain · Linkdeck'],
    [`/domains/${domain.id}/edit`, `Edit ${domain.name} · Linkdeck`],
    ['/spaces', 'Spaces · Linkdeck'],
    ['/spaces/new', 'New space · Linkdeck'],
    [`/spaces/${space.id}/edit`, `Edit ${space.name} · Linkdeck`],
    ['/pixels', 'Pixels · Linkdeck'],
    ['/pixels/new', 'New pixel · Linkdeck'],
    [`/pixels/${pixel.id}/edit`, `Edit ${pixel.name} · Linkdeck`],
    ['/account', 'Account · Linkdeck'],
    ['/users', 'Users · Linkdeck'],
    ['/users/new', 'New user · Linkdeck'],
    [`/users/${adminAccount.user.id}/edit`, `Edit ${adminAccount.user.name} · Linkdeck`],
  ];
  for (const [path, title] of titles) {
    await page.goto(`/dashboard${path}`);
    await expect(page, path).toHaveTitle(title);
  }

  // From the details page to the editor and back, by the page's own links.
  await page.goto(`/dashboard/links/${link.id}`);
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveTitle(`Edit ${link.alias} · Linkdeck`);
});

test('the sign-in page is titled too', async ({ page }) => {
  await page.goto('/dashboard/links');
  await expect(page).toHaveURL(/\/dashboard\/sign-in/);
  await expect(page).toHaveTitle('Sign in · Linkdeck');
});

test('the domain filter offers "Default domain" (links on BASE_URL), as the space filter offers "No space"', async ({ page, account }) => {
  const { api } = account;
  const domain = await seed.domain(api, { name: `${uniq('brand')}.example` });
  const onDefault = await seed.link(api, { url: 'https://example.com/default', alias: uniq('dflt') });
  const onBrand = await seed.link(api, { url: 'https://example.com/brand', alias: uniq('brnd'), domain_id: domain.id });
  await page.goto('/dashboard/links');
  await expect(rows(page)).toHaveCount(2);
  await pickOption(page, 'Domain', 'Default domain');
  await expect(page).toHaveURL(/domain_id=0/);
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, onDefault.alias)).toBeVisible();
  await pickOption(page, 'Domain', domain.name);
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, onBrand.alias)).toBeVisible();
  // The URL is the query: a reload keeps the choice.
  await page.goto('/dashboard/links?domain_id=0');
  await expect(page.getByRole('textbox', { name: 'Domain' }).or(page.getByRole('combobox', { name: 'Domain' })).first()).toHaveValue('Default domain');
  await expect(rows(page)).toHaveCount(1);
});
