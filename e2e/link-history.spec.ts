// The link page's History tab: each change to a link as a readable diff (who, through which path, each
// field old -> new, a password only as "changed", typed markup as text), Restore of an earlier revision behind the
// confirm dialog (the link takes its old values, a Restore revision appears), a refused restore's field message, and
// a long history loaded a page at a time on a phone.
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures/test';
import { seed, uniq, type ApiClient } from './fixtures/api';
import { checkA11y } from './fixtures/a11y';
import { notice } from './fixtures/notice';
import { XSS } from './fixtures/xss';

interface Revision {
  id: number;
  action: string;
  source: string;
  restored_from: number | null;
  changes: { field: string }[];
}

const revisionsOf = async (api: ApiClient, id: number) => (await api.list<Revision>(`/links/${id}/revisions`, { per_page: 100 })).data;

/** The value cell of a field's row in one revision (the <dd> after its label). */
const fieldValue = (revision: Locator, label: string) =>
  revision.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

async function openHistory(page: Page, id: number) {
  await page.goto(`/dashboard/links/${id}`);
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId('link-history')).toBeVisible();
}

test('History shows each change as a diff, and Restore brings an earlier revision back', async ({ page, account }) => {
  const link = await seed.link(account.api, { url: 'https://example.com/first', alias: uniq('hist'), title: 'First title', tags: ['spring'] });
  await account.api.put(`/links/${link.id}`, { title: 'Second title', url: 'https://example.com/second', og_description: XSS.img });
  await account.api.put(`/links/${link.id}`, { title: 'Third title', tags: ['spring', 'sale'], redirect_password: 'open-sesame-1' });
  const [third, second, created] = await revisionsOf(account.api, link.id);

  await openHistory(page, link.id);
  const items = page.getByTestId('revision');
  await expect(items).toHaveCount(3);
  await expect(page.getByTestId('history-count')).toHaveText('3 changes');

  // Newest first: who, the path in words, and each changed field with the editor's label, old -> new.
  const newest = items.nth(0);
  await expect(newest.getByTestId('revision-action')).toHaveText('Changed');
  await expect(newest).toContainText('You');
  await expect(newest.getByTestId('revision-source')).toHaveText('Editor or API');
  await expect(newest).toContainText(`Revision #${third!.id}`);
  await expect(fieldValue(newest, 'Title')).toHaveText(/Second title.*Third title/);
  // Tags as badges: spring -> sale, spring (the lists are sorted).
  await expect(fieldValue(newest, 'Tags').locator('.mantine-Badge-root')).toHaveText(['spring', 'sale', 'spring']);
  await expect(fieldValue(newest, 'Redirect password')).toHaveText('changed');
  await expect(newest).not.toContainText('open-sesame');
  // The newest is the link as it is: nothing to restore there.
  await expect(newest.getByRole('button', { name: /Restore/ })).toHaveCount(0);

  // Markup typed into a field is shown as text, never run.
  await expect(fieldValue(items.nth(1), 'Card description')).toContainText(XSS.img);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await expect(fieldValue(items.nth(1), 'Destination URL').locator('[title="https://example.com/second"]')).toBeVisible();

  // The creation: its fields without an old side, flags in words.
  const first = items.nth(2);
  await expect(first.getByTestId('revision-action')).toHaveText('Created');
  await expect(fieldValue(first, 'Alias')).toHaveText(link.alias);
  await expect(fieldValue(first, 'Disabled')).toHaveText('No');
  await checkA11y(page);

  // Restore the second revision: the link takes its values again, and the restore is a revision of its own.
  await items.nth(1).getByRole('button', { name: `Restore revision #${second!.id}` }).click();
  const dialog = page.getByRole('dialog', { name: `Restore revision #${second!.id}?` });
  await expect(dialog).toBeVisible();
  await checkA11y(page);
  await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(notice(page, `Restored revision #${second!.id}`)).toBeVisible();
  await expect(items).toHaveCount(4);
  await expect(items.nth(0).getByTestId('revision-action')).toHaveText('Restored');
  await expect(items.nth(0).getByTestId('revision-source')).toHaveText(`Restore of revision #${second!.id}`);
  await expect(fieldValue(items.nth(0), 'Title')).toHaveText(/Third title.*Second title/);
  await expect(page.getByRole('heading', { level: 1, name: 'Second title' })).toBeVisible();
  const now = await account.api.get<{ title: string; url: string; tags: { name: string }[] }>(`/links/${link.id}`);
  expect(now).toMatchObject({ title: 'Second title', url: 'https://example.com/second', tags: [{ name: 'spring' }] });
  // The creation can still be restored; the restore just made cannot (it is the link now).
  await expect(items.nth(3).getByRole('button', { name: `Restore revision #${created!.id}` })).toBeVisible();
  await expect(items.nth(0).getByRole('button', { name: /Restore/ })).toHaveCount(0);
  await checkA11y(page);
});

test("a refused restore shows the API's field message in the dialog", async ({ page, account }) => {
  const alias = uniq('taken');
  const link = await seed.link(account.api, { url: 'https://example.com/taken', alias });
  await account.api.put(`/links/${link.id}`, { alias: `${alias}-new` });
  await seed.link(account.api, { url: 'https://example.com/other', alias });
  const created = (await revisionsOf(account.api, link.id)).at(-1)!;

  await openHistory(page, link.id);
  await page.getByRole('button', { name: `Restore revision #${created.id}` }).click();
  const dialog = page.getByRole('dialog', { name: `Restore revision #${created.id}?` });
  await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(dialog.getByTestId('restore-error')).toContainText(`Alias "${alias}" has been taken by another link since.`);
  await checkA11y(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('revision')).toHaveCount(2);
  expect((await account.api.get<{ alias: string }>(`/links/${link.id}`)).alias).toBe(`${alias}-new`);
});

test('a long history comes a page at a time, and fits a phone without sideways scrolling', async ({ page, account }) => {
  const link = await seed.link(account.api, { url: `https://example.com/${'very-long-path-segment/'.repeat(12)}?utm_source=newsletter`, alias: uniq('phone') });
  await account.api.put(`/links/${link.id}`, { url: 'https://example.com/short', tags: ['a-rather-long-tag-name', 'b'] });
  for (let i = 1; i <= 25; i++) await account.api.put(`/links/${link.id}`, { title: `Title ${i}` });
  await page.setViewportSize({ width: 375, height: 800 });
  await openHistory(page, link.id);
  const items = page.getByTestId('revision');
  await expect(items).toHaveCount(25);
  await expect(page.getByTestId('history-count')).toHaveText('25 of 27 changes');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(items).toHaveCount(27);
  await expect(page.getByTestId('history-count')).toHaveText('27 changes');
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await expect(items.nth(26).getByTestId('revision-action')).toHaveText('Created');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await checkA11y(page);
});
