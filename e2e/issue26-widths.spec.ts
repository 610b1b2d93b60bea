// Each major item's essential check at each width (390, 1024, 1440 and
// 1920 px). The full checks, axe and screenshots are in the other issue26-*.spec.ts files; this one runs the core of
// each at every width: a single delete undone from its toast and named on the Operations page (1), the bulk bar's
// Edit fields with its dry run (2), the import preview's kept and dropped columns and a row's problem in words (3),
// the targeting preview beside the rules or below the form (4), the links list's whole short URL, sticky headers
// and the phone's Filters button (5), the last admin's role control disabled with its reason (6).
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures/test';
import { seed, type ApiClient } from './fixtures/api';
import { settled } from './fixtures/a11y';
import { notice } from './fixtures/notice';
import { signInWithKey } from './fixtures/session';
import { startSoloServer, type SoloServer } from './fixtures/solo-server';
import { visibleText } from './fixtures/visible-text';

const bar = (page: Page) => page.getByRole('region', { name: 'Bulk actions' });
const editDialog = (page: Page) => page.getByRole('dialog', { name: /^(Edit|Review the change to) / });
const rulesOf = (page: Page) => page.getByRole('region', { name: 'Targeting', exact: true });
const previewOf = (page: Page) => page.getByTestId('targeting-preview');
const rows = (page: Page) => page.getByTestId('link-row');
const shortUrlOf = (row: Locator) => row.locator('[class*="shortUrl"]').first();
const noScheme = (url: string) => url.replace(/^https?:\/\//, '');

async function box(l: Locator) {
  const b = await l.boundingBox();
  if (!b) throw new Error('not rendered');
  return b;
}

const RULES = [
  { key: 'FR', value: 'https://fr.example.com' },
  { key: 'DE', value: 'https://de.example.com/spring-sale' },
  { key: 'IT', value: 'https://it.example.com' },
];

/** Links whose short URLs (domain and alias) are 40 characters each, with long destinations and titles. */
async function seedLong(api: ApiClient, id: number, n: number) {
  const host = `go-${id}.example.com`;
  const domain = await seed.domain(api, { name: host });
  const links = await api.post<{ id: number; short_url: string }[]>('/links/bulk', {
    links: Array.from({ length: n }, (_, i) => ({
      alias: `${String(i).padStart(3, '0')}-spring-sale-newsletter-2026`.slice(0, 40 - host.length - 1),
      url: `https://shop.example.com/collections/summer-2026/womens/dresses/spring-sale?utm_source=newsletter&i=${i}`,
      title: `Spring campaign 2026: the landing page for the newsletter readers #${i}`,
      domain_id: domain.id,
    })),
  });
  return new Map(links.map((l) => [String(l.id), noScheme(l.short_url)]));
}

// One server whose only admin is the last one (item 6), shared by the four widths: it is only looked at.
let solo: SoloServer | undefined;
async function soloServer(): Promise<SoloServer> {
  if (solo) return solo;
  solo = await startSoloServer();
  const res = await fetch(`${solo.baseURL}/api/v1/users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${solo.adminKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Robin', role: 'user' }),
  });
  expect(res.status).toBe(201);
  return solo;
}
test.afterAll(async () => {
  await solo?.close();
  solo = undefined;
});

for (const width of [390, 1024, 1440, 1920]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('1. a space and a link deleted singly come back from the toast’s Undo; the Operations page names them', async ({ page, account }) => {
      const { api } = account;
      const space = await seed.space(api, { name: 'Launch', color: 3 });
      const link = await seed.link(api, { url: 'https://example.com/one', alias: `w-${width}-${account.user.id}`, space_id: space.id });
      const shown = noScheme(link.short_url);

      await page.goto('/dashboard/spaces');
      await page.getByRole('button', { name: 'Delete Launch' }).click();
      await page.getByRole('dialog', { name: 'Delete Launch?' }).getByRole('button', { name: 'Delete space' }).click();
      await expect(page.getByText('No spaces yet')).toBeVisible();
      await notice(page, 'Deleted space Launch').getByRole('button', { name: 'Undo', exact: true }).click();
      await expect(notice(page, 'Space Launch is back.')).toBeVisible();
      await expect(page.getByTestId('space-row')).toContainText('Launch');
      expect(await api.get(`/spaces/${space.id}`)).toMatchObject({ id: space.id, name: 'Launch', links_count: 1 });

      await page.goto('/dashboard/links');
      await page.getByRole('button', { name: `Actions for ${link.alias}` }).click();
      await page.getByRole('menuitem', { name: 'Delete…' }).click();
      await page.getByRole('dialog', { name: `Delete ${link.alias}?` }).getByRole('button', { name: 'Delete link' }).click();
      await expect(page.getByRole('button', { name: `Actions for ${link.alias}` })).toHaveCount(0);
      await notice(page, `Deleted link ${shown}`).getByRole('button', { name: 'Undo', exact: true }).click();
      await expect(notice(page, `Link ${shown} is back.`)).toBeVisible();
      await expect(page.getByRole('button', { name: `Actions for ${link.alias}` })).toHaveCount(1);
      expect(await api.get(`/links/${link.id}`)).toMatchObject({ id: link.id, alias: link.alias });

      await page.goto('/dashboard/operations');
      const ops = page.getByTestId('operation-row');
      await expect(ops).toHaveCount(2);
      const spaceOp = ops.and(page.locator('[data-object="space"]'));
      await expect(spaceOp).toContainText('Deleted space Launch');
      await expect(spaceOp).toContainText('Undone');
      await expect(ops.and(page.locator('[data-object="link"]'))).toContainText(`Deleted link ${shown}`);
      await expect(ops.first()).toBeInViewport();
    });

    test('2. the bulk bar’s Edit fields shows the fields, a dry run before Apply, and Apply changes the links', async ({ page, account }) => {
      const { api } = account;
      const links = await seed.links(api, 3, (i) => ({ alias: `bw${account.user.id}-${i + 1}` }));
      await page.goto('/dashboard/links?sort_by=alias&sort=asc');
      await expect(rows(page)).toHaveCount(3);
      await page.getByRole('checkbox', { name: 'Select all links on this page' }).check();
      await expect(page.getByTestId('selected-count')).toHaveText('3 selected');
      await bar(page).getByRole('button', { name: 'Edit fields' }).click();
      const dialog = editDialog(page);
      await expect(dialog).toHaveAccessibleName('Edit 3 links');
      for (const field of ['end', 'clicks limit', 'pixels', 'expiration url']) await expect(dialog.getByRole('checkbox', { name: `Change ${field}` })).toBeVisible();
      await dialog.getByRole('textbox', { name: 'Clicks limit' }).fill('500');
      await expect(dialog.getByRole('checkbox', { name: 'Change clicks limit' })).toBeChecked();

      await dialog.getByRole('button', { name: 'Review changes' }).click();
      await expect(dialog).toHaveAccessibleName('Review the change to 3 links');
      await expect(dialog.getByTestId('bulk-edit-headline')).toHaveText('Will change 3 links.');
      await expect(dialog.getByTestId('bulk-edit-set').getByRole('listitem')).toHaveText(['Clicks limit: 500']);
      expect((await api.get<{ clicks_limit: number | null }>(`/links/${links[0]!.id}`)).clicks_limit).toBeNull();
      const apply = dialog.getByRole('button', { name: 'Apply to 3 links' });
      await expect(apply).toBeInViewport();
      await apply.click();
      await expect(notice(page, 'Updated: 3 links')).toBeVisible();
      for (const l of links) expect((await api.get<{ clicks_limit: number | null }>(`/links/${l.id}`)).clicks_limit).toBe(500);
    });

    test('3. the import preview says what is kept and dropped, and a failing row’s problem names the field in words', async ({ page, account }) => {
      const tag = `bd${width}u${account.user.id}`;
      const bitly = [
        '\uFEFFLink,Custom Link,Date created,Title,Destination URL,Engagements,Status',
        `bit.ly/${tag}a,,2026-03-02 09:15:00 UTC,Spring sale,https://shop.example.com/spring,"1,234",Active`,
        `bit.ly/${tag}c,,2026-03-06 10:00:00 UTC,Broken,ftp://example.org/file,3,Active`,
      ].join('\r\n');
      await page.goto('/dashboard/links/import');
      await page.getByLabel('File to import').setInputFiles({ name: 'bitly_links.csv', mimeType: 'text/csv', buffer: Buffer.from(bitly) });
      await expect(page.getByTestId('detected-format')).toHaveText('Bitly format');
      const across = page.getByRole('region', { name: 'What comes across' });
      const kept = across.getByRole('list', { name: 'Kept' }).getByRole('listitem').filter({ hasText: 'Engagements' });
      await expect(kept).toContainText('Starting click count');
      await expect(kept).toBeVisible();
      const dropped = across.getByRole('list', { name: 'Not imported' }).getByRole('listitem');
      await expect(dropped).toHaveCount(1);
      await expect(dropped).toContainText('Status');
      await expect(dropped).toBeVisible();
      const problem = page.getByTestId('row-problem').and(page.locator('[data-line="3"]'));
      await expect(problem).toHaveText('Line 3 · The "Destination URL" column must be a valid http or https URL.');
      await expect(problem).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect((await account.api.list('/links')).meta.total).toBe(0);
    });

    test(`4. the targeting preview sits ${width >= 1024 ? 'beside the rules, tops level' : 'below the form'}`, async ({ page, account }) => {
      const link = await seed.link(account.api, { url: 'https://example.com/default', alias: `tw-${width}-${account.user.id}`, targets_type: 'countries', targets: RULES });
      await page.goto(`/dashboard/links/${link.id}/edit`);
      await expect(rulesOf(page).getByTestId('target-row')).toHaveCount(RULES.length);
      const preview = previewOf(page);
      await expect(preview.getByTestId('preview-summary')).toHaveText('No rule matched: the visitor goes to the default destination https://example.com/default.');
      if (width >= 1024) {
        // The rules' top just under the header (56 px); the preview, sticky, level with it on their right.
        await rulesOf(page).evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 64));
        await settled(page);
        const r = await box(rulesOf(page));
        const p = await box(preview);
        expect(p.x, 'the preview starts right of the rules').toBeGreaterThanOrEqual(r.x + r.width);
        expect(Math.abs(p.y - r.y), 'the tops are level').toBeLessThanOrEqual(60);
        await expect(preview).toBeInViewport();
      } else {
        const form = await box(page.getByRole('form', { name: 'Edit link' }));
        const r = await box(rulesOf(page));
        const p = await box(preview);
        expect(p.y).toBeGreaterThanOrEqual(form.y + form.height);
        expect(p.y).toBeGreaterThan(r.y + r.height);
        expect(Math.abs(p.x - r.x)).toBeLessThan(40);
      }
    });

    test(`5. the links list: ${width >= 1440 ? 'the whole short URL, sticky headers' : width >= 1024 ? 'the whole short URL on the cards, the filters unfolded' : 'the Filters button, the first card on screen'}`, async ({ page, account }) => {
      const shortUrls = await seedLong(account.api, account.user.id, width >= 1440 ? 30 : 6);
      await page.goto(`/dashboard/links${width >= 1440 ? '?per_page=50' : ''}`);
      await expect(rows(page)).toHaveCount(width >= 1440 ? 30 : 6);
      for (const row of [rows(page).first(), rows(page).nth(1)]) {
        const id = (await row.getAttribute('data-link-id')) ?? '';
        expect(shortUrls.get(id)).toHaveLength(40);
        expect(await visibleText(shortUrlOf(row)), 'the whole short URL is on screen').toBe(shortUrls.get(id));
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      if (width < 1024) {
        const filters = page.getByRole('button', { name: 'Filters', exact: true });
        await expect(filters).toHaveAttribute('aria-expanded', 'false');
        await expect(page.getByRole('combobox', { name: 'Space' })).toBeHidden();
        await expect(rows(page).first()).toBeInViewport({ ratio: 1 });
        return;
      }
      await expect(page.getByRole('button', { name: /^Filters/ })).toHaveCount(0);
      await expect(page.getByRole('combobox', { name: 'Pixel' })).toBeVisible();
      if (width < 1440) {
        // Below 1200 px the list is cards (links-table.tsx): no table, so no header to keep sticky.
        await expect(page.locator('table')).toHaveCount(0);
        return;
      }
      const header = page.getByRole('columnheader', { name: 'Alias' });
      const before = await box(header);
      await page.evaluate(() => window.scrollBy(0, 1500));
      await expect.poll(() => rows(page).first().evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(0);
      const after = await box(header);
      expect(after.y, 'under the 56 px app header').toBeGreaterThanOrEqual(55);
      expect(after.y).toBeLessThanOrEqual(57);
      expect(before.y).toBeGreaterThan(after.y);
      const onTop = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('thead') !== null, [after.x + 5, after.y + after.height / 2]);
      expect(onTop, 'the header is drawn over the rows').toBe(true);
    });

    test('6. the last admin’s role control is disabled, with its reason shown before any dialog', async ({ page }) => {
      const server = await soloServer();
      await signInWithKey(page, server.adminKey);
      await page.goto(`${server.baseURL}/dashboard/users`);
      await expect(page.getByTestId('user-row')).toHaveCount(2);
      const adminRole = page.getByRole('textbox', { name: 'Role of Admin' }).or(page.getByRole('combobox', { name: 'Role of Admin' })).first();
      const robinRole = page.getByRole('textbox', { name: 'Role of Robin' }).or(page.getByRole('combobox', { name: 'Role of Robin' })).first();
      await expect(adminRole).toBeDisabled();
      await expect(robinRole).toBeEnabled();
      await expect(adminRole).toHaveAccessibleDescription('The last admin cannot be demoted: make another user an admin first.');
      const control = page.getByTestId('last-admin-role');
      await control.scrollIntoViewIfNeeded();
      await expect(control.getByText('Last admin', { exact: true })).toBeVisible();
      await expect(control).toBeInViewport({ ratio: 1 });
      await control.hover();
      await expect(page.getByRole('tooltip')).toHaveText('The last admin cannot be demoted: make another user an admin first.');
      await control.click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByRole('listbox')).toHaveCount(0);
    });
  });
}
