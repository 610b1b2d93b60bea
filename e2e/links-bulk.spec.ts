// Bulk actions on the links list: select rows, disable/enable, move to a space, delete, each one bulk request
// reported in a notification with Undo; links gone meanwhile are counted.
import { test, expect } from './fixtures/test';
import { seed } from './fixtures/api';
import { checkA11y } from './fixtures/a11y';
import { reviewShots } from './fixtures/screenshot';
import { notice } from './fixtures/notice';

test('disable, enable, move to space and delete selected links, reporting what failed', async ({ page, account }) => {
  const { api } = account;
  const space = await seed.space(api, { name: 'Bulk target', color: 5 });
  const links = await seed.links(api, 6, (i) => ({ alias: `bulk${i + 1}` }));
  await page.goto('/dashboard/links?sort_by=alias&sort=asc');
  const rows = page.getByTestId('link-row');
  await expect(rows).toHaveCount(6);

  for (const alias of ['bulk1', 'bulk2', 'bulk3']) await page.getByRole('checkbox', { name: `Select ${alias}` }).check();
  await expect(page.getByTestId('selected-count')).toHaveText('3 selected');
  await checkA11y(page);

  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await bar.getByRole('button', { name: 'Disable' }).click();
  await expect(notice(page, 'Disabled: 3 links')).toBeVisible();
  await expect(page.locator('[data-status="Disabled"]')).toHaveCount(3);
  for (const l of links.slice(0, 3)) expect((await api.get<{ disabled: number }>(`/links/${l.id}`)).disabled).toBe(1);

  // The selection is cleared after a fully successful run; select again for the next actions.
  await expect(page.getByTestId('selected-count')).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Select bulk1' }).check();
  await page.getByRole('button', { name: 'Enable' }).click();
  await expect(notice(page, 'Enabled: 1 link')).toBeVisible();
  await expect(page.locator('[data-status="Disabled"]')).toHaveCount(2);

  await page.getByRole('checkbox', { name: 'Select all links on this page' }).check();
  await expect(page.getByTestId('selected-count')).toHaveText('6 selected');
  await page.getByRole('button', { name: 'Move to space' }).click();
  await page.getByRole('menuitem', { name: 'Bulk target' }).click();
  await expect(notice(page, 'Moved to Bulk target: 6 links')).toBeVisible();
  await page.goto(`/dashboard/links?space_id=${space.id}`);
  await expect(rows).toHaveCount(6);

  // Delete three, one of which disappears meanwhile: the notification counts it.
  for (const alias of ['bulk4', 'bulk5', 'bulk6']) await page.getByRole('checkbox', { name: `Select ${alias}` }).check();
  await api.delete(`/links/${links[4]!.id}`);
  await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete 3 links?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  const report = notice(page, 'Deleted: 2 links');
  await expect(report).toContainText('1 selected link no longer existed.');
  await expect(rows).toHaveCount(3);
  // The failed one is gone from the list, so it is not selected either (nothing selected out of sight).
  await expect(page.getByTestId('selected-count')).toHaveCount(0);
});

test('the selection is kept across pages, cleared (and said so) by another filter or sort; the delete dialog names the links', async ({ page, account }) => {
  await seed.links(account.api, 12, (i) => ({ alias: `sel${String(i + 1).padStart(2, '0')}` }));
  await page.goto('/dashboard/links?sort_by=alias&sort=asc');
  const rows = page.getByTestId('link-row');
  const count = page.getByTestId('selected-count');
  const cleared = page.getByTestId('selection-cleared');
  await expect(rows).toHaveCount(10);

  // Another page keeps the selection (the bar says where it is), and coming back shows it ticked.
  await page.getByRole('checkbox', { name: 'Select sel01' }).check();
  await page.getByRole('checkbox', { name: 'Select sel02' }).check();
  await expect(count).toHaveText('2 selected');
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(rows).toHaveCount(2);
  await expect(count).toHaveText('2 selected on page 1');
  await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Page 1' }).click();
  await expect(rows).toHaveCount(10);
  await expect(count).toHaveText('2 selected');
  await expect(page.getByRole('checkbox', { name: 'Select sel01' })).toBeChecked();
  await page.getByRole('button', { name: 'Clear selection' }).click();
  await expect(count).toHaveCount(0);

  // Another sort or filter clears it, and says so.
  await page.getByRole('checkbox', { name: 'Select sel03' }).check();
  await expect(count).toHaveText('1 selected');
  await page.getByRole('button', { name: 'Alias' }).click();
  await expect(page).not.toHaveURL(/sort=asc/);
  await expect(count).toHaveCount(0);
  await expect(cleared).toHaveText('The sort changed, so the selected link was unselected.');
  await page.getByRole('checkbox', { name: 'Select sel12' }).check();
  await expect(cleared).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Search links' }).fill('sel1');
  await expect(page).toHaveURL(/search=sel1/);
  await expect(count).toHaveCount(0);
  await expect(cleared).toHaveText('The filters changed, so the selected link was unselected.');

  // The delete dialog names the first five and counts the rest.
  await page.goto('/dashboard/links?sort_by=alias&sort=asc');
  await page.getByRole('checkbox', { name: 'Select all links on this page' }).check();
  await expect(count).toHaveText('10 selected');
  await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete 10 links?' });
  await expect(dialog.getByTestId('bulk-delete-names').getByRole('listitem')).toHaveText(['sel01', 'sel02', 'sel03', 'sel04', 'sel05', 'and 5 more']);
  await checkA11y(page);
  await reviewShots(page, 'bulk-delete-dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Two selected: both named, no "more".
  await page.getByRole('checkbox', { name: 'Select all links on this page' }).uncheck();
  await page.getByRole('checkbox', { name: 'Select sel04' }).check();
  await page.getByRole('checkbox', { name: 'Select sel07' }).check();
  await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete 2 links?' }).getByRole('listitem')).toHaveText(['sel04', 'sel07']);
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(notice(page, 'Deleted: 2 links')).toBeVisible();
  expect((await account.api.list('/links')).meta.total).toBe(10);
});
