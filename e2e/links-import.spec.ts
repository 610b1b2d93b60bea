// Issue 10's Import page: a hand-written CSV with a bad row and a taken alias is previewed (the bad row's line
// and reason on the row), imported with "skip" and the valid rows only, followed to completion; the links
// appear in the list and the rejected rows download as a CSV. A Bitly export dropped on the page is
// detected as Bitly. The recent imports list keeps each job.
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
  await page.getByLabel('CSV file to import').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv) });

  // The dry run: the format, the rows as Linkdeck reads them, the bad row's line and reason on that row.
  await expect(page.getByTestId('import-file-name')).toHaveText(fileName);
  await expect(page.getByTestId('detected-format')).toHaveText('Linkdeck format');
  const rows = page.getByTestId('preview-row');
  await expect(rows).toHaveCount(4);
  await expect(page.getByTestId('row-problem').and(page.locator('[data-line="3"]'))).toHaveText('Line 3 · url · The url field must be a valid http or https URL.');
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
  await expect(job.getByTestId('row-problem')).toHaveText('Line 3 · url · The url field must be a valid http or https URL.');
  await expect(page.getByTestId('import-row').first()).toContainText(fileName);
  await expect(page.getByTestId('import-row').first().getByTestId('import-status')).toHaveText('Completed');
  await checkA11y(page);
  await reviewShots(page, 'import-result');

  // The rejected rows: the header, the bad row as it was, and why.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download rejected rows (CSV)' }).click()]);
  expect(download.suggestedFilename()).toBe(fileName.replace(/\.csv$/, '-rejected.csv'));
  const rejected = fs.readFileSync((await download.path())!, 'utf8').trim().split(/\r\n/);
  expect(rejected).toEqual(['url,alias,title,error', `javascript:alert(1),${tag}-bad,<b>not bold</b>,The url field must be a valid http or https URL.`]);

  // The links are in the list; the taken alias kept its old destination.
  await page.getByRole('link', { name: 'See the links' }).click();
  await expect(page).toHaveURL(/\/dashboard\/links$/);
  await expect(page.getByTestId('link-row')).toHaveCount(3);
  await expect(page.getByTestId('link-row').filter({ hasText: `${tag}-autumn` })).toContainText(LONG_TITLE);
  await expect(page.getByTestId('link-row').filter({ hasText: `${tag}-second` })).toBeVisible();
  await expect(page.getByTestId('link-row').filter({ hasText: `${tag}-taken` })).toContainText('example.com/already-here');
});

test('a Bitly export dropped on the page is detected as Bitly and mapped to aliases', async ({ page, account }) => {
  const tag = uniq('bit').replace(/[^a-zA-Z0-9]/g, '');
  const bitly = [
    'Created,Title,Bitlink,Custom Bitlinks,Long URL,Tags',
    `2026-03-02 09:15:00,Spring sale landing page,bit.ly/${tag}a,,https://shop.example.com/spring?utm_source=bitly,marketing`,
    `2026-03-05 17:40:12,"Quarterly report, Q1",https://bit.ly/4qRsTuv,https://go.example.org/${tag}-q1,https://example.org/reports/2026/q1.pdf,"finance,reports"`,
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
  const links = await account.api.list<{ alias: string }>('/links', { per_page: 10 });
  expect(links.data.map((l) => l.alias)).toEqual(expect.arrayContaining([`${tag}-q1`, `${tag}a`]));
  expect(links.meta.total).toBe(3);
});
