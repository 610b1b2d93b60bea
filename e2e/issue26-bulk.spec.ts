// The bulk bar's "Edit fields" sets, on many links at once, every field a bulk PATCH takes
// (end date, clicks limit, pixels, expiration URL, space, disabled, tags) with the editor's widgets and rules;
// a dry run says first what would change and which links could not take it, and why; Apply changes the others,
// and the notification's Undo puts them back. At 1440 and 390 px, and the bar usable at 1024 px.
import type { Locator, Page } from '@playwright/test';
import { test, expect, pickOption } from './fixtures/test';
import { seed, type ApiClient } from './fixtures/api';
import { checkA11y } from './fixtures/a11y';
import { reviewShots } from './fixtures/screenshot';
import { notice } from './fixtures/notice';

interface Stored {
  id: number;
  alias: string;
  clicks_limit: number | null;
  expiration_url: string | null;
  active_period_end_at: string | null;
  pixels: { id: number }[];
}

const stored = (api: ApiClient, id: number) => api.get<Stored>(`/links/${id}`);
const editDialog = (page: Page) => page.getByRole('dialog', { name: /^(Edit|Review the change to) / });
const bar = (page: Page) => page.getByRole('region', { name: 'Bulk actions' });

/** Picks the 15th of next month in the End picker (the date picker's own popover). */
async function pickEnd(page: Page) {
  await page.locator('#picker-active_period_end_at').click();
  const picker = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Apply end' }) });
  await picker.getByRole('button', { name: 'Next month' }).click();
  await picker.getByRole('button', { name: /^15 / }).click();
  await picker.getByRole('button', { name: 'Apply end' }).click();
  await expect(picker).toHaveCount(0);
}

async function right(l: Locator) {
  const b = await l.boundingBox();
  if (!b) throw new Error('not rendered');
  return b.x + b.width;
}

test('at 1440 px: end date, clicks limit, pixels and expiration URL on the ticked links, a dry run naming the invalid one, apply, undo', async ({ page, account }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const { api } = account;
  const pixel = await seed.pixel(api, { name: 'Meta ads', type: 'facebook', value: '1234567890' });
  // The third starts long after any end date picked here: it cannot take one.
  const links = await seed.links(api, 5, (i) => ({ alias: `bk${account.user.id}-${i + 1}`, ...(i === 2 ? { active_period_start_at: '2099-01-01T00:00:00Z' } : {}) }));
  const late = links[2]!;
  await page.goto('/dashboard/links?sort_by=alias&sort=asc');
  await expect(page.getByTestId('link-row')).toHaveCount(5);
  await page.getByRole('checkbox', { name: 'Select all links on this page' }).check();
  await expect(page.getByTestId('selected-count')).toHaveText('5 selected');

  await bar(page).getByRole('button', { name: 'Edit fields' }).click();
  const dialog = editDialog(page);
  await expect(dialog).toHaveAccessibleName('Edit 5 links');
  await pickEnd(page);
  await dialog.getByRole('textbox', { name: 'Clicks limit' }).fill('500');
  await pickOption(page, 'Pixels', /Meta ads/);
  // The editor's rule on a web address, in its words; editing a field ticks its box.
  await dialog.getByRole('textbox', { name: 'Expiration URL' }).fill('ftp://over.example/ended');
  for (const field of ['end', 'clicks limit', 'pixels', 'expiration url']) await expect(dialog.getByRole('checkbox', { name: `Change ${field}` })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Change space' })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Review changes' }).click();
  await expect(dialog.getByText('Expiration URL must be a valid http or https URL.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Expiration URL' }).fill('over.example/ended');
  await dialog.getByRole('textbox', { name: 'Clicks limit' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Expiration URL' })).toHaveValue('https://over.example/ended');
  await checkA11y(page);
  await reviewShots(page, 'issue26-bulk-form');

  // The dry run: what would change, the link that could not take it and why, and nothing changed yet.
  await dialog.getByRole('button', { name: 'Review changes' }).click();
  await expect(dialog).toHaveAccessibleName('Review the change to 5 links');
  await expect(dialog.getByTestId('bulk-edit-headline')).toHaveText('Will change 4 links; 1 would be invalid:');
  await expect(dialog.getByTestId('bulk-edit-invalid').getByRole('listitem')).toHaveText([`${late.alias}: End must be after the link's Start.`]);
  const set = dialog.getByTestId('bulk-edit-set').getByRole('listitem');
  await expect(set).toContainText([/^End: \d{4}-\d{2}-15 \d{2}:\d{2} \(your time zone\)$/, 'Clicks limit: 500', 'Expiration URL: https://over.example/ended', 'Pixels: Meta ads (facebook)']);
  expect((await stored(api, links[0]!.id)).clicks_limit).toBeNull();
  await checkA11y(page);
  await reviewShots(page, 'issue26-bulk-dry-run');

  await dialog.getByRole('button', { name: 'Apply to 4 links' }).click();
  const done = notice(page, 'Updated: 4 links');
  await expect(done).toContainText('1 link left as it was: the change would have made it invalid.');
  const changed = await Promise.all(links.filter((l) => l !== late).map((l) => stored(api, l.id)));
  for (const l of changed) {
    expect(l).toMatchObject({ clicks_limit: 500, expiration_url: 'https://over.example/ended', pixels: [{ id: pixel.id }] });
    expect(Date.parse(l.active_period_end_at ?? '')).toBeGreaterThan(Date.now());
  }
  expect(await stored(api, late.id)).toMatchObject({ clicks_limit: null, expiration_url: null, active_period_end_at: null, pixels: [] });

  await done.getByRole('button', { name: 'Undo' }).click();
  await expect(notice(page, 'Undone')).toBeVisible();
  for (const l of links) expect(await stored(api, l.id)).toMatchObject({ clicks_limit: null, expiration_url: null, active_period_end_at: null, pixels: [] });
});

test('at 390 px, dark: clears the clicks limit on every matching link (full-screen dialog), and undo brings it back', async ({ page, account }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  const { api } = account;
  const tag = `p${account.user.id}`;
  const links = await seed.links(api, 12, (i) => ({ alias: `${tag}-${String(i + 1).padStart(2, '0')}`, clicks_limit: 10 }));
  await page.goto(`/dashboard/links?search=${tag}&search_by=alias`);
  await page.getByRole('checkbox', { name: 'Select all links on this page' }).check();
  await bar(page).getByRole('button', { name: 'Select all 12 matching' }).click();
  await expect(page.getByTestId('selected-count')).toHaveText('All 12 matching selected');
  await bar(page).getByRole('button', { name: 'Edit fields' }).click();
  const dialog = editDialog(page);
  await expect(dialog).toHaveAccessibleName('Edit all 12 matching links');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await checkA11y(page);

  // Nothing ticked: said, and nothing sent.
  await dialog.getByRole('button', { name: 'Review changes' }).click();
  await expect(dialog.getByTestId('bulk-edit-problem')).toHaveText('Tick a field to change, or name tags to add or remove.');
  // A ticked empty field clears.
  await dialog.getByRole('checkbox', { name: 'Change clicks limit' }).check();
  await dialog.getByRole('button', { name: 'Review changes' }).click();
  await expect(dialog.getByTestId('bulk-edit-headline')).toHaveText('Will change 12 links.');
  await expect(dialog.getByTestId('bulk-edit-set').getByRole('listitem')).toHaveText(['Clicks limit: none (no limit)']);
  const apply = dialog.getByRole('button', { name: 'Apply to 12 links' });
  await expect(apply).toBeInViewport();
  expect(await right(apply)).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await checkA11y(page);

  await apply.click();
  const done = notice(page, 'Updated: 12 links');
  await expect(done).toBeVisible();
  for (const l of [links[0]!, links[11]!]) expect((await stored(api, l.id)).clicks_limit).toBeNull();
  await done.getByRole('button', { name: 'Undo' }).click();
  await expect(notice(page, 'Undone')).toBeVisible();
  for (const l of [links[0]!, links[11]!]) expect((await stored(api, l.id)).clicks_limit).toBe(10);
});

test('at 1024 px the bar shows every action within the page, and its edit dialog opens and closes', async ({ page, account }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await seed.links(account.api, 3, (i) => ({ alias: `w${account.user.id}-${i + 1}` }));
  await page.goto('/dashboard/links?sort_by=alias&sort=asc');
  await page.getByRole('checkbox', { name: `Select w${account.user.id}-2` }).check();
  for (const name of ['Edit fields', 'Move to space', 'Tags', 'Disable', 'Enable', 'Delete']) {
    const button = bar(page).getByRole('button', { name, exact: true });
    await expect(button).toBeInViewport({ ratio: 1 });
    expect(await right(button)).toBeLessThanOrEqual(1024);
  }
  await bar(page).getByRole('button', { name: 'Edit fields' }).click();
  await expect(editDialog(page)).toHaveAccessibleName('Edit 1 link');
  await editDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(editDialog(page)).toHaveCount(0);
  await expect(bar(page).getByRole('button', { name: 'Edit fields' })).toBeEnabled();

  // The Tags button picks names with the editor's tag picker.
  await bar(page).getByRole('button', { name: 'Tags', exact: true }).click();
  await page.getByRole('combobox', { name: 'Tags' }).last().fill('alpha');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Add to links' }).click();
  await expect(notice(page, 'Tagged “alpha”: 1 link')).toBeVisible();
  const [tagged] = (await account.api.list<{ alias: string; tags: { name: string }[] }>('/links', { tag: 'alpha' })).data;
  expect(tagged).toMatchObject({ alias: `w${account.user.id}-2`, tags: [{ name: 'alpha' }] });
});
