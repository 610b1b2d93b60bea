// The audit log page: a link created, edited and deleted through the API with a key and a space created in
// the dashboard are listed with who, through what and the change in words (what the account typed shown as text);
// the action and "through" filters narrow the list and live in the URL, as do a person, a key and an object chosen
// in the list; empty and bad-filter states. Axe at 1440 and 390 px; screenshots at 1440 light and 390 dark (and
// 1024, 1920) in the test's output folder.
import type { Locator, Page } from '@playwright/test';
import { test, expect, pickOption, type Account } from './fixtures/test';
import { seed, type SeedLink } from './fixtures/api';
import { checkA11y, settled } from './fixtures/a11y';
import { visibleText } from './fixtures/visible-text';

const SPACE = 'Team <b>bold</b>';

/** Through the API (the sign-in key, without the dashboard's header): a link created and edited, another created and deleted. */
async function apiChanges({ api, user }: Account): Promise<{ kept: SeedLink; gone: SeedLink }> {
  const kept = await seed.link(api, { url: 'https://example.com/audit', alias: `audit-${user.id}` });
  await api.put(`/links/${kept.id}`, { title: 'Audited' });
  const gone = await seed.link(api, { url: 'https://example.com/gone', alias: `gone-${user.id}` });
  await api.delete(`/links/${gone.id}`);
  return { kept, gone };
}

/** Through the dashboard: a space created in its editor. */
async function dashboardChange(page: Page): Promise<void> {
  await page.goto('/dashboard/spaces/new');
  await page.getByLabel('Name').fill(SPACE);
  await page.getByRole('button', { name: 'Create space' }).click();
  await expect(page).toHaveURL(/\/dashboard\/spaces$/);
}

/** The entries are written just after each answer: wait until the API lists them all. */
async function entriesWritten({ api }: Account, n: number): Promise<void> {
  await expect.poll(async () => (await api.list('/audit-log')).meta.total).toBe(n);
}

/** The words on screen (a filter button's hidden words left out), spaces collapsed. */
const shown = (el: Locator) => expect.poll(async () => (await visibleText(el)).replace(/\s+/g, ' ').trim());

const shot = async (page: Page, name: string) => {
  await settled(page);
  await page.screenshot({ path: test.info().outputPath(name), fullPage: true });
};

test.describe('at 1440 px, light', () => {
  test.use({ viewport: { width: 1440, height: 900 }, colorScheme: 'light' });

  test('lists who changed what through what, and filters by action, through, key, person and object', async ({ page, account }) => {
    const { kept, gone } = await apiChanges(account);
    await dashboardChange(page);
    await entriesWritten(account, 5);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit log' }).click();
    await expect(page).toHaveURL(/\/dashboard\/audit-log$/);
    await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
    // The pointer leaves the navigation (an active item under the pointer is a hover colour, not the page's).
    await page.mouse.move(1400, 880);
    const rows = page.getByTestId('audit-entry');
    await expect(rows).toHaveCount(5);
    const name = account.user.name;

    // The dashboard's change: through the dashboard, the space's name as typed, as text (no <b> element).
    const space = rows.and(page.locator('[data-action="createSpace"]'));
    await shown(space.getByTestId('audit-who')).toBe(name);
    await expect(space.getByTestId('audit-who')).toHaveAccessibleName(`Show only changes by ${name}`);
    await expect(space.getByTestId('audit-through')).toHaveText('Dashboard');
    // Text quoted from elsewhere never reads as markup, wherever the summary goes: `<` `>` show as `‹` `›`.
    await expect(space.getByTestId('audit-summary')).toHaveText('Created space Team ‹b›bold‹/b›');
    await expect(space.getByTestId('audit-summary').locator('b')).toHaveCount(0);
    await expect(space.getByRole('link', { name: /^Space #\d+$/ })).toBeVisible();

    // The API's changes: through the key, by its name; the kept link is linked, the deleted one says so.
    const updated = rows.and(page.locator('[data-action="updateLink"]'));
    await shown(updated.getByTestId('audit-through')).toBe('API key Sign-in key');
    await expect(updated.getByTestId('audit-summary')).toHaveText(`Updated link ${kept.short_url.replace(/^https?:\/\//, '')}`);
    await expect(updated.getByRole('link', { name: `Link #${kept.id}` })).toHaveAttribute('href', `/dashboard/links/${kept.id}`);
    await expect(updated.getByTestId('audit-when')).toHaveText(/just now|minute/);
    await expect(updated.getByTestId('audit-when')).toHaveAccessibleDescription(/\d{4}/);
    const deleted = rows.and(page.locator('[data-action="deleteLink"]'));
    await expect(deleted.getByTestId('audit-summary')).toContainText('Deleted link');
    await expect(deleted.getByTestId('audit-object')).toHaveText(`Link #${gone.id} (deleted)`);
    await checkA11y(page);
    await shot(page, 'audit-log-1440-light.png');

    // Action: the API document's operations by their summaries.
    await pickOption(page, 'Action', /^Update a link$/);
    await expect(page).toHaveURL(/[?&]action=updateLink(&|$)/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute('data-action', 'updateLink');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(rows).toHaveCount(5);
    await expect(page).toHaveURL(/\/dashboard\/audit-log$/);

    // Through: the dashboard, then a key.
    await pickOption(page, 'Through', 'Dashboard');
    await expect(page).toHaveURL(/[?&]via=dashboard(&|$)/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute('data-via', 'dashboard');
    await pickOption(page, 'Through', 'API key');
    await expect(page).toHaveURL(/[?&]via=api(&|$)/);
    await expect(rows).toHaveCount(4);
    await checkA11y(page);

    // A key, a person and an object chosen in the list become chips and URL filters.
    await updated.getByRole('button', { name: 'Show only changes with the key Sign-in key' }).click();
    await expect(page).toHaveURL(/[?&]key_id=\d+(&|$)/);
    await expect(page.getByTestId('audit-filter-key')).toHaveText('API key: Sign-in key');
    await expect(rows).toHaveCount(4);
    await shot(page, 'audit-log-1440-light-key.png');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await space.getByRole('button', { name: `Show only changes by ${name}` }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]actor_user_id=${account.user.id}(&|$)`));
    await expect(page.getByTestId('audit-filter-who')).toHaveText(`Who: ${name}`);
    await expect(rows).toHaveCount(5);
    await page.getByRole('button', { name: `Remove filter Who: ${name}` }).click();
    await updated.getByRole('button', { name: `All changes to link #${kept.id}` }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]object=link&object_id=${kept.id}(&|$)`));
    await expect(rows).toHaveCount(2);
    await expect(page.getByLabel('Id')).toHaveValue(String(kept.id));
  });

  test('says when nothing matches, and which filter of the address it does not understand', async ({ page, account }) => {
    await page.goto('/dashboard/audit-log');
    await expect(page.getByText('No changes yet')).toBeVisible();
    await seed.space(account.api, { name: 'One' });
    await entriesWritten(account, 1);
    await page.goto('/dashboard/audit-log?from=2000-01-01&to=2000-01-02');
    await expect(page.getByText('No changes match these filters')).toBeVisible();
    await expect(page).toHaveURL(/\?from=2000-01-01&to=2000-01-02$/);
    await expect(page.getByLabel('Days')).toContainText('Jan 1, 2000 – Jan 2, 2000');
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(page.getByTestId('audit-entry')).toHaveCount(1);

    await page.goto('/dashboard/audit-log?via=fax');
    await expect(page.getByText('This address has filters Linkdeck does not understand')).toBeVisible();
    await expect(page.getByText(/via must be one of: dashboard, api/)).toBeVisible();
  });
});

for (const [width, height] of [
  [1024, 768],
  [1920, 1080],
] as const) {
  test(`is readable at ${width} px`, async ({ page, account }) => {
    await page.setViewportSize({ width, height });
    await apiChanges(account);
    await dashboardChange(page);
    await entriesWritten(account, 5);
    await page.goto('/dashboard/audit-log');
    await expect(page.getByTestId('audit-entry')).toHaveCount(5);
    await shot(page, `audit-log-${width}-light.png`);
  });
}

test.describe('at 390 px, dark', () => {
  test.use({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });

  test('shows each entry as a card, with the filters folded', async ({ page, account }) => {
    await apiChanges(account);
    await dashboardChange(page);
    await entriesWritten(account, 5);
    await page.goto('/dashboard/audit-log');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    const cards = page.getByRole('listitem').and(page.getByTestId('audit-entry'));
    await expect(cards).toHaveCount(5);
    await expect(cards.and(page.locator('[data-action="createSpace"]')).getByTestId('audit-through')).toHaveText('Dashboard');
    await checkA11y(page);
    await shot(page, 'audit-log-390-dark.png');

    await page.getByRole('button', { name: 'Filters' }).click();
    await pickOption(page, 'Through', 'Dashboard');
    await expect(page).toHaveURL(/[?&]via=dashboard(&|$)/);
    await expect(cards).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
    await checkA11y(page);
    await shot(page, 'audit-log-390-dark-filters.png');
  });
});
