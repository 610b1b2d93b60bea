// Tags: new tags in the link editor, the tag filter (any/all) with its counts, bulk add/remove
// over a selection with Undo, rename and delete on the tags page, and a tag name that is markup stays text.
import { test, expect } from './fixtures/test';
import { seed, type ApiClient } from './fixtures/api';
import { notice } from './fixtures/notice';
import { checkA11y } from './fixtures/a11y';
import { reviewShots } from './fixtures/screenshot';

const tagsOf = async (api: ApiClient, id: number) =>
  (await api.get<{ tags: { name: string }[] }>(`/links/${id}`)).tags.map((t) => t.name);

test('the editor creates new tags on the fly, and the list shows them as badges (first 3, then +N)', async ({ page, account }) => {
  await seed.link(account.api, { url: 'https://example.com/old', tags: ['existing'] });
  await page.goto('/dashboard/links/new');
  await page.getByRole('textbox', { name: 'Destination URL' }).fill('https://example.com/spring');
  const picker = page.getByRole('combobox', { name: 'Tags' });
  await picker.fill('exi');
  await page.getByRole('option', { name: 'existing' }).click();
  for (const name of ['Spring sale', 'Newsletter', 'Zeta']) {
    await picker.fill(name);
    await picker.press('Enter');
  }
  await page.getByRole('button', { name: 'Create link' }).click();
  await expect(page).not.toHaveURL(/\/links\/new/);
  const created = (await account.api.list<{ id: number; url: string }>('/links', { tag: 'spring sale' })).data;
  expect(created.map((l) => l.url)).toEqual(['https://example.com/spring']);
  expect(await tagsOf(account.api, created[0]!.id)).toEqual(['existing', 'Newsletter', 'Spring sale', 'Zeta']);

  await page.goto('/dashboard/links');
  const row = page.getByTestId('link-row').filter({ hasText: 'example.com/spring' });
  const badges = row.getByTestId('link-tags');
  await expect(badges).toContainText('existing');
  await expect(badges).toContainText('Spring sale');
  await expect(badges).not.toContainText('Zeta');
  await expect(badges.locator('[title="Zeta"]')).toHaveText('+1');
});

test('filters by tags, any or all, with the counts, kept in the URL', async ({ page, account }) => {
  const { api } = account;
  await seed.links(api, 3, (i) => ({ alias: `red${i}-${account.user.id}`, tags: ['red'] }));
  await seed.links(api, 2, (i) => ({ alias: `both${i}-${account.user.id}`, tags: ['red', 'blue'] }));
  await seed.links(api, 4, (i) => ({ alias: `blue${i}-${account.user.id}`, tags: ['blue'] }));
  await seed.links(api, 1, () => ({ alias: `none-${account.user.id}` }));
  await page.goto('/dashboard/links');
  const rows = page.getByTestId('link-row');
  await expect(rows).toHaveCount(10);
  // A stand-in until the filter is wanted: clicking it loads the real one, open.
  await page.getByRole('textbox', { name: 'Tags' }).click();
  await page.getByRole('option', { name: 'red' }).click();
  const filter = page.getByRole('combobox', { name: 'Tags' });
  await expect(page).toHaveURL(/tag=/);
  await expect(rows).toHaveCount(5);
  await filter.click();
  await page.getByRole('option', { name: 'blue' }).click();
  await page.keyboard.press('Escape');
  await expect(rows).toHaveCount(9); // any
  await page.getByTestId('tag-filter').getByText('All', { exact: true }).click();
  await expect(page).toHaveURL(/tag_mode=all/);
  await expect(rows).toHaveCount(2);
  await expect(page.getByText('1–2 of 2 links')).toBeVisible();
  await checkA11y(page);
  await page.reload();
  await expect(rows).toHaveCount(2);
  await reviewShots(page, 'tags-filter');
});

test('bulk add and remove tags over a selection, with Undo', async ({ page, account }) => {
  const { api } = account;
  const links = await seed.links(api, 4, (i) => ({ alias: `bt${i + 1}-${account.user.id}`, tags: i === 0 ? ['keep'] : [] }));
  await page.goto('/dashboard/links?sort_by=alias&sort=asc');
  for (const l of links.slice(0, 3)) await page.getByRole('checkbox', { name: `Select ${l.alias}` }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await bar.getByRole('button', { name: 'Tags' }).click();
  const input = page.getByRole('combobox', { name: 'Tags' }).last();
  await input.fill('campaign-q3');
  await input.press('Enter');
  await page.getByRole('button', { name: 'Add to links' }).click();
  const done = notice(page, 'Tagged “campaign-q3”: 3 links');
  await expect(done).toBeVisible();
  await expect(page.getByTestId('link-tags').filter({ hasText: 'campaign-q3' })).toHaveCount(3);
  expect(await tagsOf(api, links[0]!.id)).toEqual(['campaign-q3', 'keep']);
  await done.getByRole('button', { name: 'Undo' }).click();
  await expect(notice(page, 'Undone')).toBeVisible();
  await expect(page.getByTestId('link-tags').filter({ hasText: 'campaign-q3' })).toHaveCount(0);
  expect(await tagsOf(api, links[0]!.id)).toEqual(['keep']);

  // Remove: select the tagged one, take "keep" off, then undo puts it back.
  await page.getByRole('checkbox', { name: `Select ${links[0]!.alias}` }).check();
  await bar.getByRole('button', { name: 'Tags' }).click();
  await input.fill('keep');
  await input.press('Enter');
  await page.getByRole('button', { name: 'Remove from links' }).click();
  const removed = notice(page, 'Removed “keep”: 1 link');
  await expect(removed).toBeVisible();
  expect(await tagsOf(api, links[0]!.id)).toEqual([]);
  await removed.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => tagsOf(api, links[0]!.id)).toEqual(['keep']);
});

test('the tags page renames, recolours and deletes tags (with a confirmation); markup in a name stays text', async ({ page, account }) => {
  const { api } = account;
  const xss = '<img src=x onerror=alert(1)>';
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  const link = await seed.link(api, { url: 'https://example.com/t', tags: ['Old name', xss, 'doomed'] });
  await page.goto('/dashboard/tags');
  await expect(page.getByTestId('tag-row')).toHaveCount(3);
  await expect(page.getByRole('button', { name: xss, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Old name', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Edit tag Old name' });
  await modal.getByRole('textbox', { name: 'Name' }).fill('New name');
  await modal.getByRole('radio').nth(3).click();
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'New name', exact: true })).toBeVisible();
  expect(await tagsOf(api, link.id)).toContain('New name');

  await page.getByRole('button', { name: 'Delete doomed' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete doomed?' });
  await expect(confirm).toContainText('comes off 1 link');
  await confirm.getByRole('button', { name: 'Delete tag' }).click();
  await expect(page.getByTestId('tag-row')).toHaveCount(2);
  expect(await tagsOf(api, link.id)).toEqual([xss, 'New name']);

  await page.goto('/dashboard/links');
  await expect(page.getByTestId('link-tags')).toContainText(xss);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(dialogs).toBe(0);
  await reviewShots(page, 'tags-list');
  await page.goto('/dashboard/tags');
  await checkA11y(page);
  await reviewShots(page, 'tags-page');
});
