// Bulk actions over a filter, beyond the page: "select all N matching", a dry-run preview that changes
// nothing, one request that changes them all, and Undo from the notification (also past a conflict).
import { test, expect } from './fixtures/test';
import type { ApiClient } from './fixtures/api';
import { checkA11y } from './fixtures/a11y';
import { reviewShots } from './fixtures/screenshot';
import { notice } from './fixtures/notice';

async function seedMany(api: ApiClient, prefix: string, n: number): Promise<{ id: number; alias: string }[]> {
  const links = Array.from({ length: n }, (_, i) => ({ url: `https://example.com/${prefix}/${i}`, alias: `${prefix}-${String(i + 1).padStart(2, '0')}` }));
  return api.post<{ id: number; alias: string }[]>('/links/bulk', { links });
}

const disabledCount = async (api: ApiClient, search: string) =>
  (await api.list('/links', { search, search_by: 'alias', status: 3, per_page: 100 })).meta.total;

test('disable every link matching a filter after a dry-run preview, then undo it from the notification', async ({ page, account }) => {
  const { api } = account;
  const promo = await seedMany(api, 'promo', 23);
  await seedMany(api, 'keep', 4);
  await page.goto('/dashboard/links?search=promo&search_by=alias&sort_by=alias&sort=asc');
  await expect(page.getByTestId('link-row')).toHaveCount(10);

  await page.getByRole('checkbox', { name: 'Select all links on this page' }).check();
  const count = page.getByTestId('selected-count');
  await expect(count).toHaveText('10 selected');
  await page.getByRole('button', { name: 'Select all 23 matching' }).click();
  await expect(count).toHaveText('All 23 matching selected');

  // The dry run: the count and the first links, and nothing changed yet.
  let writes = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/links/bulk') && !r.url().includes('dry_run=1')) writes++;
  });
  await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Disable' }).click();
  const dialog = page.getByRole('dialog', { name: 'Disable all 23 matching links?' });
  await expect(dialog.getByTestId('bulk-preview-count')).toHaveText('This will disable 23 links.');
  await expect(dialog.getByTestId('bulk-delete-names').getByRole('listitem')).toHaveText(['promo-23', 'promo-22', 'promo-21', 'promo-20', 'promo-19', 'and 18 more']);
  await checkA11y(page);
  await reviewShots(page, 'bulk-filter-preview');
  expect(writes).toBe(0);
  expect(await disabledCount(api, 'promo')).toBe(0);

  await dialog.getByRole('button', { name: 'Disable' }).click();
  const done = notice(page, 'Disabled: 23 links');
  await expect(done).toBeVisible();
  expect(writes).toBe(1);
  // Links past the first page changed too; the others did not.
  expect(await disabledCount(api, 'promo')).toBe(23);
  expect(await disabledCount(api, 'keep')).toBe(0);
  expect((await api.get<{ disabled: number }>(`/links/${promo[22]!.id}`)).disabled).toBe(1);
  await expect(page.locator('[data-status="Disabled"]')).toHaveCount(10);
  await expect(count).toHaveCount(0);
  await reviewShots(page, 'bulk-filter-done');

  await done.getByRole('button', { name: 'Undo' }).click();
  await expect(notice(page, 'Undone')).toContainText('23 links put back.');
  expect(await disabledCount(api, 'promo')).toBe(0);
  await expect(page.locator('[data-status="Disabled"]')).toHaveCount(0);

  // The Operations page lists it as undone.
  await page.goto('/dashboard/operations');
  await expect(page.getByText(/Undone/).first()).toBeVisible();
});

test('an undo refused because a link changed since says so, and Undo anyway overwrites it', async ({ page, account }) => {
  const { api } = account;
  const links = await seedMany(api, 'spring', 12);
  await page.goto('/dashboard/links?search=spring&search_by=alias&sort_by=alias&sort=asc');
  await page.getByRole('checkbox', { name: 'Select all links on this page' }).check();
  await page.getByRole('button', { name: 'Select all 12 matching' }).click();
  await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete all 12 matching links?' });
  await expect(dialog.getByTestId('bulk-preview-count')).toHaveText('This will delete 12 links.');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  const done = notice(page, 'Deleted: 12 links');
  await expect(done).toBeVisible();
  expect((await api.list('/links', { search: 'spring', search_by: 'alias' })).meta.total).toBe(0);

  // Someone takes one of the deleted aliases: that link cannot come back.
  await api.post('/links', { url: 'https://example.com/taken', alias: links[3]!.alias });
  await done.getByRole('button', { name: 'Undo' }).click();
  await expect(done.getByTestId('undo-problem')).toHaveText('1 deleted link cannot come back (the alias was taken meanwhile, or the domain is gone). Nothing was undone. Undo anyway brings back the others.');
  expect((await api.list('/links', { search: 'spring', search_by: 'alias' })).meta.total).toBe(1);
  await done.getByRole('button', { name: 'Undo anyway' }).click();
  await expect(notice(page, 'Undone')).toContainText('11 links restored; 1 link left as it is.');
  expect((await api.list('/links', { search: 'spring', search_by: 'alias' })).meta.total).toBe(12);
});

test('a selection over a filter that no longer matches anything changes nothing', async ({ page, account }) => {
  const { api } = account;
  const links = await seedMany(api, 'gone', 11);
  await page.goto('/dashboard/links?search=gone&search_by=alias');
  await page.getByRole('checkbox', { name: 'Select all links on this page' }).check();
  await page.getByRole('button', { name: 'Select all 11 matching' }).click();
  for (const l of links) await api.delete(`/links/${l.id}`).catch(() => undefined);
  await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Enable' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enable all 11 matching links?' });
  await expect(dialog).toContainText('No links match these filters any more; nothing would change.');
  await dialog.getByRole('button', { name: 'Enable' }).click();
  await expect(dialog).toBeHidden();
  await expect(notice(page, 'Enabled')).toHaveCount(0);
});
