// Bulk actions on the links list: select rows, disable/enable, move to a space, delete; progress and failures.
import { test, expect } from './fixtures/test';
import { seed } from './fixtures/api';
import { checkA11y } from './fixtures/a11y';

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
  await expect(page.getByTestId('bulk-report')).toContainText('Disabling: 3 done, 0 failed');
  await expect(page.locator('[data-status="Disabled"]')).toHaveCount(3);
  for (const l of links.slice(0, 3)) expect((await api.get<{ disabled: number }>(`/links/${l.id}`)).disabled).toBe(1);

  // The selection is cleared after a fully successful run; select again for the next actions.
  await expect(page.getByTestId('selected-count')).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Select bulk1' }).check();
  await page.getByRole('button', { name: 'Enable' }).click();
  await expect(page.getByTestId('bulk-report')).toContainText('Enabling: 1 done');
  await expect(page.locator('[data-status="Disabled"]')).toHaveCount(2);

  await page.getByRole('checkbox', { name: 'Select all links on this page' }).check();
  await expect(page.getByTestId('selected-count')).toHaveText('6 selected');
  await page.getByRole('button', { name: 'Move to space' }).click();
  await page.getByRole('menuitem', { name: 'Bulk target' }).click();
  await expect(page.getByTestId('bulk-report')).toContainText('Moving to Bulk target: 6 done, 0 failed');
  await page.goto(`/dashboard/links?space_id=${space.id}`);
  await expect(rows).toHaveCount(6);

  // Delete three, one of which disappears meanwhile: the report names it.
  for (const alias of ['bulk4', 'bulk5', 'bulk6']) await page.getByRole('checkbox', { name: `Select ${alias}` }).check();
  await api.delete(`/links/${links[4]!.id}`);
  await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete 3 links?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  const report = page.getByTestId('bulk-report');
  await expect(report).toContainText('Deleting: 2 done, 1 failed');
  await expect(report).toContainText('bulk5: Resource not found.');
  await expect(rows).toHaveCount(3);
  // The failed one stays selected so it can be retried or looked at.
  await expect(page.getByTestId('selected-count')).toHaveText('1 selected');
});
