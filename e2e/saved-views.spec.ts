// Saved views: the links list filtered and sorted, saved as a view, opened again from the views bar after
// going elsewhere (the same list), its link copied, renamed and deleted; the name's errors on the field. At phone
// width in the dark theme the views fold into a drawer. axe on each state.
import type { Page } from '@playwright/test';
import { test, expect, pickOption, pickSegment } from './fixtures/test';
import { seed, uniq, type ApiClient } from './fixtures/api';
import { checkA11y } from './fixtures/a11y';

const rows = (page: Page) => page.getByTestId('link-row');
const bar = (page: Page) => page.getByRole('navigation', { name: 'Saved views' });

/** A space "Launch" with three links (two disabled), and two links outside it. */
async function seedLaunch(api: ApiClient) {
  const launch = await seed.space(api, { name: 'Launch', color: 3 });
  const prefix = uniq('view');
  await seed.links(api, 5, (i) => ({
    alias: `${prefix}-${i + 1}`,
    title: `Launch link ${i + 1}`,
    ...(i < 3 ? { space_id: launch.id } : {}),
    ...(i < 2 ? { disabled: 1 } : {}),
  }));
  return { launch, prefix };
}

test.use({ viewport: { width: 1440, height: 900 } });

test('save the filtered list as a view, open it again from the bar, copy its link, rename and delete it', async ({ page, context, account }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { launch, prefix } = await seedLaunch(account.api);
  await page.goto('/dashboard/links');
  await expect(rows(page)).toHaveCount(5);
  await expect(bar(page).getByText('None yet: filter the list, then save it.')).toBeVisible();

  // Filter: the space, disabled links, sorted by alias (a click on its header: A to Z).
  await pickOption(page, 'Space', 'Launch');
  await pickSegment(page, 'Disabled');
  await page.getByRole('button', { name: 'Alias' }).click();
  await expect(page).toHaveURL(/sort_by=alias/);
  // The list shows the new order (the URL changes first, while the page loads it).
  await expect(page.getByRole('columnheader', { name: 'Alias' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(rows(page)).toHaveCount(2);
  const expectedQuery = `status=3&space_id=${launch.id}&sort_by=alias&sort=asc`;

  // Save view: an empty name is refused on the field; a name saves the list's query, normalised.
  await bar(page).getByRole('button', { name: 'Save view' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save view' });
  await expect(dialog.getByText(expectedQuery)).toBeVisible();
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('Is required.')).toBeVisible();
  await checkA11y(page);
  await dialog.getByLabel('Name').fill('Disabled in Launch');
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(dialog).toBeHidden();
  const chip = bar(page).getByRole('link', { name: 'Disabled in Launch' });
  await expect(chip).toHaveAttribute('aria-current', 'page');
  const [view] = (await account.api.list<{ id: number; query: string; url: string }>('/views')).data;
  expect(view?.query).toBe(expectedQuery);

  // The same name again (in another case) is refused on the field, and nothing is saved.
  await bar(page).getByRole('button', { name: 'Save view' }).click();
  await dialog.getByLabel('Name').fill('DISABLED IN LAUNCH');
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(dialog.getByText('Has already been taken.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect((await account.api.list('/views')).meta.total).toBe(1);
  await checkA11y(page);

  // Elsewhere, then the whole list: the view is not the list shown; opening it brings the same filtered list back.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Domains' }).click();
  await expect(page).toHaveURL(/\/dashboard\/domains/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Links' }).click();
  await expect(rows(page)).toHaveCount(5);
  await expect(chip).not.toHaveAttribute('aria-current', 'page');
  await chip.click();
  await expect(rows(page)).toHaveCount(2);
  await expect(chip).toHaveAttribute('aria-current', 'page');
  expect(new URL(page.url()).searchParams.get('space_id')).toBe(String(launch.id));
  expect(new URL(page.url()).searchParams.get('status')).toBe('3');
  await expect(rows(page).first()).toContainText(`${prefix}-1`);
  await expect(page.getByRole('combobox', { name: 'Space' }).or(page.getByRole('textbox', { name: 'Space' })).first()).toHaveValue('Launch');

  // Copy link: the view's url, which opens the same list (on this server's address).
  await bar(page).getByRole('button', { name: 'Actions for view Disabled in Launch' }).click();
  await page.getByRole('menuitem', { name: 'Copy link' }).click();
  await expect(page.getByText('Copied the link to “Disabled in Launch”.')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(view?.url);
  expect(copied.endsWith(`/dashboard/links?${expectedQuery}`), copied).toBe(true);
  const shared = new URL(copied);
  await page.goto(`${shared.pathname}${shared.search}`);
  await expect(rows(page)).toHaveCount(2);
  await expect(chip).toHaveAttribute('aria-current', 'page');

  // Rename: the modal starts with the name; the chip takes the new one.
  await bar(page).getByRole('button', { name: 'Actions for view Disabled in Launch' }).click();
  await page.getByRole('menuitem', { name: 'Rename…' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename view Disabled in Launch' });
  await expect(rename.getByLabel('Name')).toHaveValue('Disabled in Launch');
  await rename.getByLabel('Name').fill('Launch, switched off');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(rename).toBeHidden();
  await expect(bar(page).getByRole('link', { name: 'Launch, switched off' })).toBeVisible();

  // Delete, after a confirmation (Cancel first has the focus); the list it showed stays.
  await bar(page).getByRole('button', { name: 'Actions for view Launch, switched off' }).click();
  await page.getByRole('menuitem', { name: 'Delete…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete view?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await checkA11y(page);
  await confirm.getByRole('button', { name: 'Delete view' }).click();
  await expect(confirm).toBeHidden();
  await expect(bar(page).getByRole('link', { name: 'Launch, switched off' })).toHaveCount(0);
  expect((await account.api.list('/views')).meta.total).toBe(0);
  await expect(bar(page).getByText('None yet: filter the list, then save it.')).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
});

test('at 390 px in the dark theme the views fold into a drawer that opens them', async ({ page, account }) => {
  const { launch } = await seedLaunch(account.api);
  for (let i = 1; i <= 3; i++) await account.api.post('/views', { name: `Phone view ${i} with a long name that is cut`, query: `space_id=${launch.id}&per_page=25` });
  await account.api.post('/views', { name: 'Disabled', query: 'status=3' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard/links');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(rows(page)).toHaveCount(5);
  // No chips on a phone: "Views (4)" and "Save view"; nothing scrolls sideways.
  await expect(bar(page).getByRole('link')).toHaveCount(0);
  await bar(page).getByRole('button', { name: 'Views (4)' }).click();
  const drawer = page.getByRole('dialog', { name: 'Saved views' });
  await expect(drawer.getByRole('listitem')).toHaveCount(4);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await checkA11y(page);
  await drawer.getByRole('link', { name: 'Disabled', exact: true }).click();
  await expect(drawer).toBeHidden();
  await expect(rows(page)).toHaveCount(2);
  await expect(page).toHaveURL(/[?&]status=3/);
  await bar(page).getByRole('button', { name: 'Views (4)' }).click();
  await expect(drawer.getByRole('link', { name: 'Disabled', exact: true })).toHaveAttribute('aria-current', 'page');
  await checkA11y(page);
  // Rename from the drawer: the dialog takes its place.
  await drawer.getByRole('button', { name: 'Actions for view Disabled' }).click();
  await page.getByRole('menuitem', { name: 'Rename…' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename view Disabled' });
  await rename.getByLabel('Name').fill('Switched off');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(rename).toBeHidden();
  await expect(drawer).toBeHidden();
  await bar(page).getByRole('button', { name: 'Views (4)' }).click();
  await expect(drawer.getByRole('link', { name: 'Switched off' })).toHaveAttribute('aria-current', 'page');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
