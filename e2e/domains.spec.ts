// Domains: list (search, sort both ways, per_page, pages, URL restore), editor (client and server errors,
// name on create only), delete warning with the links count.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures/test';
import { seed, uniq } from './fixtures/api';
import { checkA11y } from './fixtures/a11y';

/** A Mantine Select by its label (its input is a textbox or a combobox, depending on state). */
const select = (page: Page, label: string) => page.locator(`input[aria-label="${label}"]`);
async function pickOption(page: Page, label: string, option: string): Promise<void> {
  await select(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
const rows = (page: Page) => page.getByTestId('domain-row');
const names = async (page: Page) => (await rows(page).locator('td:first-child a').allTextContents()).map((s) => s.trim());

test('list: search, sort by id and name both ways, per_page and pages live in the URL', async ({ page, account }) => {
  const tag = uniq('d').toLowerCase();
  // 12 domains: <tag>-a01 ... <tag>-a12, created in that order.
  for (let i = 1; i <= 12; i++) await seed.domain(account.api, { name: `${tag}-a${String(i).padStart(2, '0')}.example.test` });

  await page.goto('/dashboard/domains');
  await expect(rows(page)).toHaveCount(10);
  await expect(page.getByTestId('list-range')).toHaveText('1–10 of 12 domains');
  // Default: newest first.
  expect((await names(page))[0]).toBe(`${tag}-a12.example.test`);
  await checkA11y(page);

  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(rows(page)).toHaveCount(2);

  await pickOption(page, 'Sort by', 'Name A–Z');
  await expect(page).toHaveURL(/sort_by=name/);
  await expect(page).toHaveURL(/sort=asc/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect.poll(async () => (await names(page))[0]).toBe(`${tag}-a01.example.test`);

  await pickOption(page, 'Sort by', 'Name Z–A');
  await expect.poll(async () => (await names(page))[0]).toBe(`${tag}-a12.example.test`);
  await pickOption(page, 'Sort by', 'Oldest first');
  await expect.poll(async () => (await names(page))[0]).toBe(`${tag}-a01.example.test`);
  await expect(page).not.toHaveURL(/sort_by=/);

  // Column header: Name ascending, then descending.
  await page.getByRole('button', { name: 'Name' }).click();
  await expect(page).toHaveURL(/sort_by=name/);
  await expect.poll(async () => (await names(page))[0]).toBe(`${tag}-a01.example.test`);
  await page.getByRole('button', { name: 'Name' }).click();
  await expect.poll(async () => (await names(page))[0]).toBe(`${tag}-a12.example.test`);

  await pickOption(page, 'Rows per page', '25 / page');
  await expect(page).toHaveURL(/per_page=25/);
  await expect(rows(page)).toHaveCount(12);

  await page.getByRole('searchbox', { name: 'Search domains' }).fill('a1');
  await expect(page).toHaveURL(/search=a1/);
  await expect(rows(page)).toHaveCount(3); // a10, a11, a12
  const url = page.url();
  await page.reload();
  await expect(page).toHaveURL(url);
  await expect(rows(page)).toHaveCount(3);
  await expect(page.getByRole('searchbox', { name: 'Search domains' })).toHaveValue('a1');
  await expect(select(page, 'Rows per page')).toHaveValue('25 / page');

  await page.getByRole('searchbox', { name: 'Search domains' }).fill('nothing-like-this');
  await expect(page.getByText('No domains match')).toBeVisible();
});

test('empty list is designed and an invalid query is explained', async ({ page, account }) => {
  expect(account.user.id).toBeGreaterThan(0);
  await page.goto('/dashboard/domains');
  await expect(page.getByText('No domains yet')).toBeVisible();
  await checkA11y(page);
  await page.goto('/dashboard/domains?sort_by=clicks');
  await expect(page.getByText('This address has filters Linkdeck does not understand')).toBeVisible();
});

test('create: client errors, a server 422 on its field, then success', async ({ page, account }) => {
  const taken = await seed.domain(account.api, { name: `${uniq('taken').toLowerCase()}.example.test` });
  await page.goto('/dashboard/domains');
  await page.getByRole('link', { name: 'Add domain' }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/domains\/new$/);
  await checkA11y(page);

  await page.getByLabel('Domain name').fill('not a domain');
  await page.getByLabel('Homepage URL').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Add domain' }).click();
  await expect(page.getByText('Must be a valid domain name, like links.example.com.')).toBeVisible();
  await expect(page.getByText('Must be a valid http or https URL.')).toBeVisible();
  await checkA11y(page);

  // Valid for the client, refused by the server (the name is taken): the message lands under the name.
  await page.getByLabel('Domain name').fill(`https://${taken.name.toUpperCase()}/some/path`);
  await page.getByLabel('Homepage URL').fill('https://example.com/home');
  await page.getByRole('button', { name: 'Add domain' }).click();
  await expect(page.getByLabel('Domain name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/already been taken/i)).toBeVisible();

  const name = `${uniq('new').toLowerCase()}.example.test`;
  await page.getByLabel('Domain name').fill(name);
  await page.getByLabel('404 URL').fill('https://example.com/404');
  await page.getByRole('button', { name: 'Add domain' }).click();
  // A domain that waits for its DNS opens on its records; the list has it too.
  await expect(page).toHaveURL(/\/dashboard\/domains\/\d+\/edit$/);
  await expect(page.getByTestId('dns-panel')).toBeVisible();
  await page.goto('/dashboard/domains');
  await expect(rows(page).filter({ hasText: name })).toHaveCount(1);
  const list = await account.api.list<{ name: string; homepage_url: string; not_found_url: string }>('/domains', { search: name });
  expect(list.data[0]).toMatchObject({ name, homepage_url: 'https://example.com/home', not_found_url: 'https://example.com/404' });
});

test('edit: the name is fixed, URLs change and clear', async ({ page, account }) => {
  const d = await seed.domain(account.api, {
    name: `${uniq('edit').toLowerCase()}.example.test`,
    homepage_url: 'https://example.com/old-home',
    not_found_url: 'https://example.com/old-404',
  });
  await page.goto('/dashboard/domains');
  await page.getByRole('link', { name: `Edit ${d.name}` }).click();
  await expect(page.getByRole('heading', { name: `Edit ${d.name}` })).toBeVisible();
  await expect(page.getByLabel('Domain name')).toHaveValue(d.name);
  await expect(page.getByLabel('Domain name')).toHaveAttribute('readonly', '');
  await checkA11y(page);

  await page.getByLabel('Homepage URL').fill('ftp://example.com');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Must be a valid http or https URL.')).toBeVisible();

  await page.getByLabel('Homepage URL').fill('');
  await page.getByLabel('404 URL').fill('https://example.com/new-404');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/dashboard\/domains$/);
  const saved = await account.api.get<{ homepage_url: string | null; not_found_url: string }>(`/domains/${d.id}`);
  expect(saved).toMatchObject({ homepage_url: null, not_found_url: 'https://example.com/new-404' });

  await page.goto('/dashboard/domains/999999/edit');
  await expect(page.getByText('This item does not exist')).toBeVisible();
});

test('delete warns how many links go with the domain', async ({ page, account }) => {
  const d = await seed.domain(account.api, { name: `${uniq('del').toLowerCase()}.example.test` });
  const links = await seed.links(account.api, 3, () => ({ domain_id: d.id }));
  await page.goto('/dashboard/domains');
  await expect(rows(page).filter({ hasText: d.name })).toContainText('3');
  await page.getByRole('button', { name: `Delete ${d.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${d.name}?` });
  await expect(dialog).toContainText('Its 3 links will be deleted with it');
  await checkA11y(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows(page)).toHaveCount(1);

  await page.getByRole('button', { name: `Delete ${d.name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete domain' }).click();
  await expect(page.getByText('No domains yet')).toBeVisible();
  await expect(account.api.get(`/links/${links[0]!.id}`)).rejects.toMatchObject({ status: 404 });
});

test('dark theme on a phone: list and editor stay readable and reachable', async ({ page, account }) => {
  await seed.domain(account.api, { name: `${uniq('dark').toLowerCase()}.example.test`, homepage_url: 'https://example.com/' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/dashboard/domains');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(rows(page)).toHaveCount(1);
  // The table scrolls inside its card; the page itself does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await checkA11y(page);
  await page.screenshot({ path: test.info().outputPath('domains-dark-phone.png') });

  await page.getByRole('link', { name: 'Add domain' }).click();
  await page.getByLabel('Domain name').fill('nope');
  await page.getByRole('button', { name: 'Add domain' }).click();
  await expect(page.getByText('Must be a valid domain name, like links.example.com.')).toBeVisible();
  await checkA11y(page);
  // Keyboard: Tab from the name reaches the next field.
  await page.getByLabel('Domain name').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Homepage URL')).toBeFocused();
});
