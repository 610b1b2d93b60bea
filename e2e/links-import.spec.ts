// The Import page: a hand-written CSV with a bad row and a taken alias is previewed (the bad row's line
// and reason on the row), imported with "skip" and the valid rows only, followed to completion; the links
// appear in the list and the rejected rows download as a CSV. A Bitly export dropped on the page is
// detected as Bitly. The recent imports list keeps each job. A Kutt API answer (JSON) says what comes
// across, what is not imported and what changes (a password-protected link comes in disabled) with each row's
// starting clicks, before anything is written; a date that reads either way asks for the date option.
import fs from 'node:fs';
import { test, expect, pickSegment } from './fixtures/test';
import { seed, uniq } from './fixtures/api';
import { checkA11y } from './fixtures/a11y';
import { reviewShots } from './fixtures/screenshot';

const LONG_TITLE = 'Autumn collection launch: outerwear, knitwear and the new waterproof line for the whole family, with free returns';
const LONG_URL = 'https://shop.example.com/collections/autumn-collection-launch-outerwear-knitwear-and-waterproof/outerwear?utm_source=newsletter&utm_medium=email&utm_campaign=autumn-collection-launch';

test('imports a CSV with a bad row: preview, skip, progress, links listed, rejected rows downloaded', async ({ page, account }) => {
  const tag = uniq('imp').replace(/[^a-z0-9-]/gi, '');
  await seed.link(account.api, { url: 'https://example.com/already-here', alias: `${tag}-taken` });
  const csv = [
    'url,alias,title',
    `${LONG_URL},${tag}-autumn,"${LONG_TITLE}"`,
    `javascript:alert(1),${tag}-bad,<b>not bold</b>`,
    `https://example.com/dupe,${tag}-taken,Taken alias`,
    `https://example.com/second,${tag}-second,Second`,
  ].join('\n');
  const fileName = 'spring-migration-from-the-old-shortener-with-a-very-long-file-name-2026-export-final-v3.csv';

  await page.goto('/dashboard/links');
  await page.getByRole('link', { name: 'Import' }).click();
  await expect(page).toHaveURL(/\/dashboard\/links\/import$/);
  await expect(page.getByRole('heading', { name: 'Import links' })).toBeVisible();
  await page.getByLabel('File to import').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv) });

  // The dry run: the format, the rows as Linkdeck reads them, the bad row's line and reason on that row.
  await expect(page.getByTestId('import-file-name')).toHaveText(fileName);
  await expect(page.getByTestId('detected-format')).toHaveText('Linkdeck format');
  const rows = page.getByTestId('preview-row');
  await expect(rows).toHaveCount(4);
  await expect(page.getByTestId('row-problem').and(page.locator('[data-line="3"]'))).toHaveText('Line 3 · The "url" column must be a valid http or https URL.');
  await expect(page.getByText('<b>not bold</b>')).toBeVisible();
  await expect(rows.filter({ hasText: `${tag}-taken` }).getByTestId('row-outcome')).toHaveText('Fails');
  await expect(page.getByTestId('dry-run-error')).toContainText('2 rows failed');
  await expect(page.getByRole('button', { name: /^Import/ })).toBeDisabled();

  // Skip the taken alias, and import the valid rows only.
  await pickSegment(page, 'Skip');
  await expect(rows.filter({ hasText: `${tag}-taken` }).getByTestId('row-outcome')).toHaveText('Skipped');
  await expect(page.getByTestId('dry-run-error')).toContainText('1 row failed');
  await page.getByRole('switch', { name: /Import the valid rows/ }).check();
  await expect(page.getByTestId('dry-run-error')).toHaveCount(0);
  await expect(page.getByTestId('dry-run-summary')).toHaveText('4 rows · 2 new links · 1 skipped (alias taken) · 1 failing');
  await checkA11y(page);
  await reviewShots(page, 'import-preview');
  await page.getByRole('button', { name: 'Import 2 links' }).click();

  // Progress, then the result.
  await expect(page).toHaveURL(/\?job=\d+$/);
  const job = page.getByTestId('import-job');
  await expect(job).toHaveAttribute('data-status', 'completed', { timeout: 15_000 });
  await expect(page.getByTestId('import-progress-label')).toHaveText('Done: 4 of 4 rows');
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByTestId('import-created')).toHaveText('2');
  await expect(page.getByTestId('import-skipped')).toHaveText('1');
  await expect(page.getByTestId('import-failed')).toHaveText('1');
  await expect(job.getByTestId('row-problem')).toHaveText('Line 3 · The "url" column must be a valid http or https URL.');
  await expect(page.getByTestId('import-row').first()).toContainText(fileName);
  await expect(page.getByTestId('import-row').first().getByTestId('import-status')).toHaveText('Completed');
  await checkA11y(page);
  await reviewShots(page, 'import-result');

  // The rejected rows: the header, the bad row as it was, and why.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download rejected rows (CSV)' }).click()]);
  expect(download.suggestedFilename()).toBe(fileName.replace(/\.csv$/, '-rejected.csv'));
  const rejected = fs.readFileSync((await download.path())!, 'utf8').trim().split(/\r\n/);
  expect(rejected).toEqual(['url,alias,title,error', `javascript:alert(1),${tag}-bad,<b>not bold</b>,"The ""url"" column must be a valid http or https URL."`]);

  // The links are in the list; the taken alias kept its old destination.
  await page.getByRole('link', { name: 'See the links' }).click();
  await expect(page).toHaveURL(/\/dashboard\/links$/);
  await expect(page.getByTestId('link-row')).toHaveCount(3);
  await expect(page.getByTestId('link-row').filter({ hasText: `${tag}-autumn` })).toContainText(LONG_TITLE);
  await expect(page.getByTestId('link-row').filter({ hasText: `${tag}-second` })).toBeVisible();
  await expect(page.getByTestId('link-row').filter({ hasText: `${tag}-taken` })).toContainText('example.com/already-here');
});

test('a Bitly export dropped on the page is detected as Bitly and mapped to aliases and domains', async ({ page, account }) => {
  const tag = uniq('bit').replace(/[^a-zA-Z0-9]/g, '');
  // A custom bitlink's host is matched with the account's domains (an unknown host would fail its row).
  const host = `${uniq('go')}.example.test`;
  await seed.domain(account.api, { name: host });
  const bitly = [
    'Created,Title,Bitlink,Custom Bitlinks,Long URL,Tags',
    `2026-03-02 09:15:00,Spring sale landing page,bit.ly/${tag}a,,https://shop.example.com/spring?utm_source=bitly,marketing`,
    `2026-03-05 17:40:12,"Quarterly report, Q1",https://bit.ly/4qRsTuv,https://${host}/${tag}-q1,https://example.org/reports/2026/q1.pdf,"finance,reports"`,
  ].join('\r\n');
  await seed.importFile(account.api, 'url\nhttps://example.com/earlier\n', 'earlier.csv');
  await page.goto('/dashboard/links/import');
  await expect(page.getByTestId('import-row')).toHaveCount(1);
  const dataTransfer = await page.evaluateHandle(
    ({ text, name }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], name, { type: 'text/csv' }));
      return dt;
    },
    { text: bitly, name: 'bitly_links_export.csv' },
  );
  await page.getByTestId('import-drop-zone').dispatchEvent('drop', { dataTransfer });
  const format = page.getByRole('textbox', { name: 'Format' }).or(page.getByRole('combobox', { name: 'Format' })).first();
  await expect(format).toHaveValue('Detect (Bitly)');
  await expect(page.getByTestId('detected-format')).toHaveText('Bitly format');
  await expect(page.getByTestId('preview-row').nth(1)).toContainText(`${tag}-q1`);
  await expect(page.getByTestId('preview-row').nth(1)).toContainText('Quarterly report, Q1');
  await expect(page.getByTestId('row-problem')).toHaveCount(0);
  await page.getByRole('button', { name: 'Import 2 links' }).click();
  await expect(page.getByTestId('import-job')).toHaveAttribute('data-status', 'completed', { timeout: 15_000 });
  await expect(page.getByTestId('import-row')).toHaveCount(2);
  await expect(page.getByTestId('import-row').first()).toContainText('Bitly');
  const links = await account.api.list<{ alias: string; short_url: string }>('/links', { per_page: 10 });
  expect(links.data.map((l) => l.alias)).toEqual(expect.arrayContaining([`${tag}-q1`, `${tag}a`]));
  expect(links.data.find((l) => l.alias === `${tag}-q1`)?.short_url).toContain(`${host}/${tag}-q1`);
  expect(links.meta.total).toBe(3);
});

const KUTT_PASSWORD_NOTE = 'It had a password in Kutt, which no export carries: it comes in disabled. Set a redirect password, then enable it.';

test('a Kutt JSON export: what comes across, the password note and the clicks, then the protected link comes in disabled', async ({ page, account }) => {
  const tag = uniq('kutt').replace(/[^a-z0-9-]/gi, '').toLowerCase();
  // As Kutt's API answers GET /api/v2/links (src/server/imports/fixtures/kutt-api.json): the list under `data`.
  const kutt = {
    total: 2,
    limit: 10,
    skip: 0,
    data: [
      {
        id: '6f1c0a2e-8d5b-4c1e-9a7f-1b2c3d4e5f60',
        address: `${tag}-home`,
        banned: false,
        created_at: '2026-01-10T12:00:00.000Z',
        updated_at: '2026-01-10T12:00:00.000Z',
        password: false,
        description: 'Kutt home',
        expire_in: null,
        target: 'https://kutt.example/',
        visit_count: 1234,
        domain: null,
        link: `https://kutt.it/${tag}-home`,
      },
      {
        id: '0b9e8d7c-6a5f-4e3d-2c1b-a09f8e7d6c5b',
        address: `${tag}-promo`,
        banned: false,
        created_at: '2026-01-11T08:30:00.000Z',
        updated_at: '2026-01-11T08:30:00.000Z',
        password: true,
        description: 'Promo with a password',
        expire_in: '2031-01-01T00:00:00.000Z',
        target: 'https://example.com/promo',
        visit_count: 3,
        domain: null,
        link: `https://kutt.it/${tag}-promo`,
      },
    ],
  };
  await page.goto('/dashboard/links/import');
  await expect(page.getByText(/Bitly, Shlink, Kutt or YOURLS: a CSV, TSV or JSON file/)).toBeVisible();
  await page.getByLabel('File to import').setInputFiles({ name: 'kutt-links.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(kutt, null, 2)) });

  await expect(page.getByTestId('detected-format')).toHaveText('Kutt format');
  await expect(page.getByTestId('detected-layout')).toHaveText('JSON');
  await expect(page.getByTestId('dry-run-summary')).toHaveText('2 rows · 2 new links');

  // What comes across: each kept column with the field it becomes, the dropped ones with why, what changes.
  const across = page.getByRole('region', { name: 'What comes across' });
  const kept = across.getByRole('list', { name: 'Kept' }).getByRole('listitem');
  await expect(kept.filter({ hasText: 'visit_count' })).toContainText('Starting click count');
  await expect(kept.filter({ hasText: 'visit_count' })).toContainText('Kept as the starting click count');
  await expect(kept.filter({ hasText: 'target' }).first()).toContainText('Destination URL');
  await expect(kept.filter({ hasText: 'password' })).toContainText('A link that had a password comes in disabled');
  const dropped = across.getByRole('list', { name: 'Not imported' }).getByRole('listitem');
  await expect(dropped).toHaveCount(2);
  await expect(dropped.filter({ hasText: 'updated_at' })).toContainText('Linkdeck sets its own.');
  await expect(dropped.filter({ hasText: /^id/ })).toContainText("The source's ids are not kept");
  await expect(across.getByTestId('import-note')).toHaveText(`1 row: ${KUTT_PASSWORD_NOTE} — first in item 2`);

  // The rows: a JSON file's rows are items, each with its starting clicks; the protected one says it comes in disabled.
  const rows = page.getByTestId('preview-row');
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('columnheader', { name: 'Item' })).toBeVisible();
  await expect(rows.nth(0).getByTestId('row-clicks')).toHaveText('1,234');
  await expect(rows.nth(1).getByTestId('row-clicks')).toHaveText('3');
  await expect(page.getByTestId('row-note')).toHaveCount(1);
  await expect(page.getByTestId('row-note').and(page.locator('[data-line="2"]'))).toHaveText(KUTT_PASSWORD_NOTE);
  await expect(page.getByTestId('row-problem')).toHaveCount(0);
  await checkA11y(page);
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await checkA11y(page);
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await across.scrollIntoViewIfNeeded();
  await reviewShots(page, 'import-kutt-preview');

  // On a phone the rows are cards, with the clicks and the note on them.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('preview-row').nth(0)).toContainText('1,234 clicks');
  await expect(page.getByTestId('preview-row').nth(1).getByTestId('row-note')).toHaveText(KUTT_PASSWORD_NOTE);
  await checkA11y(page);
  await page.setViewportSize({ width: 1366, height: 900 });

  await page.getByRole('button', { name: 'Import 2 links' }).click();
  await expect(page.getByTestId('import-job')).toHaveAttribute('data-status', 'completed', { timeout: 15_000 });
  await expect(page.getByTestId('import-created')).toHaveText('2');
  const links = await account.api.list<{ alias: string; disabled: number; clicks: number; imported_clicks: number; title: string | null }>('/links', { per_page: 10 });
  const byAlias = new Map(links.data.map((l) => [l.alias, l]));
  expect(byAlias.get(`${tag}-promo`)).toMatchObject({ disabled: 1, imported_clicks: 3, title: 'Promo with a password' });
  expect(byAlias.get(`${tag}-home`)).toMatchObject({ disabled: 0, clicks: 1234, imported_clicks: 1234 });
  await page.getByRole('link', { name: 'See the links' }).click();
  await expect(page.getByTestId('link-row').filter({ hasText: `${tag}-promo` })).toContainText('Disabled');
});

test('a date that reads either way fails its row until the date option names the order', async ({ page, account }) => {
  const tag = uniq('date').replace(/[^a-z0-9-]/gi, '').toLowerCase();
  const csv = ['url,alias,created_at', `https://example.com/dated,${tag}-dated,02/03/2025 10:00`, `https://example.com/iso,${tag}-iso,2025-03-04T10:00:00Z`].join('\n');
  await page.goto('/dashboard/links/import');
  await page.getByLabel('File to import').setInputFiles({ name: 'dates.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  const hint = page.getByTestId('date-format-hint');
  await expect(hint).toHaveText('1 row fails on dates that read either way. Choose Day first or Month first: the order the file uses.');
  await expect(page.getByTestId('row-problem').and(page.locator('[data-line="2"]'))).toContainText('Choose “Day first” or “Month first” under “Numeric dates”.');
  await expect(page.getByRole('button', { name: /^Import/ })).toBeDisabled();
  await checkA11y(page);

  await pickSegment(page, 'Day first');
  await expect(page.getByText('02/03/2025 is read as 2 March 2025.')).toBeVisible();
  await expect(hint).toHaveCount(0);
  await expect(page.getByTestId('row-problem')).toHaveCount(0);
  await page.getByRole('button', { name: 'Import 2 links' }).click();
  await expect(page.getByTestId('import-job')).toHaveAttribute('data-status', 'completed', { timeout: 15_000 });
  const links = await account.api.list<{ alias: string; created_at: string }>('/links', { per_page: 10 });
  expect(links.data.find((l) => l.alias === `${tag}-dated`)?.created_at).toMatch(/^2025-03-02T10:00:00/);
});
