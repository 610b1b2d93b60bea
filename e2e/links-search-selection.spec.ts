// On the links page: one search box over every field (search_by=all, field prefixes shown as removable
// chips), "Created" sorted by created_at, the tag filter written `tag=a,b`, and a selection that survives paging,
// with a bulk bar that says what it acts on ("5 selected on 2 pages", "All 25 matching selected").
import type { Page } from '@playwright/test';
import { test, expect, pickOption } from './fixtures/test';
import { seed, uniq, type ApiClient } from './fixtures/api';
import { checkA11y } from './fixtures/a11y';
import { reviewShots } from './fixtures/screenshot';
import { notice } from './fixtures/notice';

const rows = (page: Page) => page.getByTestId('link-row');
const aliases = async (page: Page) => (await rows(page).locator('td:nth-child(2) a').allTextContents()).map((s) => s.trim());
const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

/** Links imported from a CSV (url,alias,created_at), waited for until the job completed. */
async function importLinks(api: ApiClient, csv: string) {
  const job = await seed.importFile(api, csv, 'dated.csv');
  await expect.poll(async () => (await api.get<{ status: string }>(`/imports/${job.id}`)).status, { timeout: 15_000 }).toBe('completed');
}

test('search_by=all finds links by tag name and domain; prefixes are chips that can be removed', async ({ page, account }) => {
  const { api } = account;
  const a = (name: string) => `${name}-${account.user.id}`;
  const domain = await seed.domain(api, { name: `${uniq('shoplinks')}.example.test` });
  await seed.link(api, { url: 'https://example.com/a', alias: a('hero'), title: 'Hero banner', tags: ['spring'] });
  await seed.link(api, { url: 'https://example.org/b', alias: a('plain'), title: 'Plain', domain_id: domain.id });
  await seed.link(api, { url: 'https://example.net/c', alias: a('other'), title: 'Other', tags: ['clearance'] });
  await seed.link(api, { url: 'https://example.com/d', alias: a('spring-untagged'), title: 'No tag' });
  await seed.link(api, { url: 'https://example.org/e', alias: a('tagged-org'), title: 'Org', tags: ['spring'] });
  await page.goto('/dashboard/links');
  await expect(rows(page)).toHaveCount(5);
  const search = page.getByRole('textbox', { name: 'Search links' });
  const scope = page.getByTestId('search-scope');
  await expect(search).toHaveAttribute('placeholder', /alias, destination, title, tags, domain.*tag:spring/);
  await expect(page.getByRole('combobox', { name: 'Search in' })).toHaveValue('in All');

  // A tag's name (in no alias, destination or title) finds its link; so does the domain's name.
  await search.fill('clearance');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText(a('other'));
  await expect.poll(() => param(page, 'search_by')).toBe('all');
  await expect(scope).toHaveText('Showing links that have “clearance” in their alias, destination, title, tags or domain.');
  await search.fill(domain.name.split('.')[0]!);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText(a('plain'));

  // Prefixes: terms that must all hold, each a chip.
  await search.fill('tag:spring url:example.com');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText(a('hero'));
  await expect.poll(() => param(page, 'search')).toBe('tag:spring url:example.com');
  const chips = page.getByTestId('search-term');
  await expect(chips).toHaveText(['Tag: spring', 'Destination: example.com']);
  await expect(scope).toHaveText('Showing links that are tagged “spring” and have “example.com” in their destination.');
  await checkA11y(page);
  await reviewShots(page, 'search-prefix-chips');

  // Removing a chip rewrites the search: the URL, the box and the list follow.
  await page.getByRole('button', { name: 'Remove search term Tag: spring' }).click();
  await expect.poll(() => param(page, 'search')).toBe('url:example.com');
  await expect(search).toHaveValue('url:example.com');
  await expect(rows(page)).toHaveCount(2);
  expect((await aliases(page)).sort()).toEqual([a('hero'), a('spring-untagged')]);
  await page.getByRole('button', { name: 'Remove search term Destination: example.com' }).click();
  await expect.poll(() => param(page, 'search')).toBeNull();
  expect(param(page, 'search_by')).toBeNull();
  await expect(search).toHaveValue('');
  await expect(rows(page)).toHaveCount(5);

  // Another place, picked before typing, is the search's (title: the API's default, so left out of the URL).
  await pickOption(page, 'Search in', 'in Title');
  await search.fill('spring');
  await expect(page.getByText('No links match these filters')).toBeVisible();
  expect(param(page, 'search')).toBe('spring');
  expect(param(page, 'search_by')).toBeNull();
});

test('"Created" sorts by created_at (an imported link keeps its date); the tag filter is tag=a,b', async ({ page, account }) => {
  const { api } = account;
  const [fresh, vintage] = [`fresh-${account.user.id}`, `vintage-${account.user.id}`];
  await seed.link(api, { url: 'https://example.com/fresh', alias: fresh });
  // Imported after "fresh" (a higher id), created years before it.
  await importLinks(api, `url,alias,created_at\nhttps://example.com/vintage,${vintage},2019-05-01T10:00:00Z\n`);

  await page.goto('/dashboard/links');
  await expect.poll(() => aliases(page)).toEqual([vintage, fresh]); // the default: the order they were added
  await pickOption(page, 'Sort by', 'Sort: Created');
  await expect.poll(() => param(page, 'sort_by')).toBe('created_at');
  await expect.poll(() => aliases(page)).toEqual([fresh, vintage]);
  await page.getByRole('button', { name: 'Sort descending (switch to ascending)' }).click();
  await expect.poll(() => aliases(page)).toEqual([vintage, fresh]);
  await page.goto('/dashboard/links');
  await page.getByRole('button', { name: 'Created' }).click(); // the column header
  await expect.poll(() => param(page, 'sort_by')).toBe('created_at');
  await expect.poll(() => aliases(page)).toEqual([fresh, vintage]);

  // Tags in the URL: comma-separated, read back on reload.
  await seed.link(api, { url: 'https://example.com/red', alias: `red-only-${account.user.id}`, tags: ['red'] });
  await seed.link(api, { url: 'https://example.com/both', alias: `red-blue-${account.user.id}`, tags: ['red', 'blue'] });
  await page.goto('/dashboard/links');
  await expect(rows(page)).toHaveCount(4);
  await page.getByRole('textbox', { name: 'Tags' }).click();
  await page.getByRole('option', { name: 'red' }).click();
  await page.getByRole('combobox', { name: 'Tags' }).click();
  await page.getByRole('option', { name: 'blue' }).click();
  await page.keyboard.press('Escape');
  await expect.poll(() => param(page, 'tag')).toBe('red,blue');
  expect(page.url()).not.toContain('%5B');
  await expect(rows(page)).toHaveCount(2);
  await page.goto('/dashboard/links?tag=red,blue&tag_mode=all');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText(`red-blue-${account.user.id}`);
  // The tags page links to the list in the same form.
  await page.goto('/dashboard/tags');
  const href = await page.getByRole('link', { name: '2 links tagged red' }).getAttribute('href');
  expect(href).toMatch(/[?&]tag=red(&|$)/);
});

test('a selection survives paging; the bar says what the bulk action acts on', async ({ page, account }) => {
  const { api } = account;
  const p = `s${account.user.id}-`;
  const links = await api.post<{ id: number; alias: string }[]>('/links/bulk', {
    links: Array.from({ length: 25 }, (_, i) => ({ url: `https://example.com/sel/${i}`, alias: `${p}${String(i + 1).padStart(2, '0')}` })),
  });
  await page.goto('/dashboard/links?sort_by=alias&sort=asc&per_page=10');
  await expect(rows(page)).toHaveCount(10);
  const count = page.getByTestId('selected-count');
  const bar = page.getByRole('region', { name: 'Bulk actions' });

  for (const a of ['02', '05']) await page.getByRole('checkbox', { name: `Select ${p}${a}` }).check();
  await expect(count).toHaveText('2 selected');
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(rows(page).first()).toContainText(`${p}11`);
  await expect(count).toHaveText('2 selected on page 1');
  for (const a of ['11', '12', '20']) await page.getByRole('checkbox', { name: `Select ${p}${a}` }).check();
  await expect(count).toHaveText('5 selected on 2 pages');
  await page.getByRole('button', { name: 'Page 3' }).click();
  await expect(rows(page)).toHaveCount(5);
  await expect(count).toHaveText('5 selected on 2 pages');
  await page.getByRole('button', { name: 'Page 1' }).click();
  await expect(page.getByRole('checkbox', { name: `Select ${p}02` })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: `Select ${p}01` })).not.toBeChecked();
  await checkA11y(page);
  await reviewShots(page, 'selection-across-pages');

  // The bulk action acts on exactly those five, the ones out of sight too.
  await bar.getByRole('button', { name: 'Disable' }).click();
  await expect(notice(page, 'Disabled: 5 links')).toBeVisible();
  const disabled = await api.list<{ alias: string }>('/links', { status: 3, per_page: 100, sort_by: 'alias', sort: 'asc' });
  expect(disabled.data.map((l) => l.alias)).toEqual(['02', '05', '11', '12', '20'].map((n) => `${p}${n}`));
  await expect(count).toHaveCount(0);

  // All matching: every row on every page ticked, the bar says so, and the action goes by the filter.
  await page.getByRole('checkbox', { name: `Select ${p}01` }).check();
  await bar.getByRole('button', { name: 'Select all 25 matching' }).click();
  await expect(count).toHaveText('All 25 matching selected');
  await page.getByRole('button', { name: 'Page 3' }).click();
  await expect(page.getByRole('checkbox', { name: `Select ${p}25` })).toBeChecked();
  await expect(count).toHaveText('All 25 matching selected');
  await reviewShots(page, 'selection-all-matching');
  await bar.getByRole('button', { name: 'Enable' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enable all 25 matching links?' });
  await expect(dialog.getByTestId('bulk-preview-count')).toHaveText('This will enable 25 links.');
  await dialog.getByRole('button', { name: 'Enable' }).click();
  await expect(notice(page, 'Enabled: 25 links')).toBeVisible();
  expect((await api.list('/links', { status: 3 })).meta.total).toBe(0);

  // Another filter clears an id selection, and the bar says so.
  await page.getByRole('checkbox', { name: `Select ${p}21` }).check();
  await page.getByRole('button', { name: 'Page 2' }).click();
  await page.getByRole('checkbox', { name: `Select ${p}11` }).check();
  await expect(count).toHaveText('2 selected on 2 pages');
  await page.getByRole('textbox', { name: 'Search links' }).fill(`${p}1`);
  await expect.poll(() => param(page, 'search')).toBe(`${p}1`);
  await expect(count).toHaveCount(0);
  await expect(page.getByTestId('selection-cleared')).toHaveText(/The filters changed, so the 2 selected links were unselected\./);
  await checkA11y(page);
  await reviewShots(page, 'selection-cleared');
  await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByTestId('selection-cleared')).toHaveCount(0);
  expect(links).toHaveLength(25);
});
