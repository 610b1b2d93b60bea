// Moving in from Shlink: the export's rows name the old shortener's host, which is none of the workspace's
// domains. The preview lists that host with its row count and a domain picker for the whole file; placing it on
// the default domain checks the file again with that mapping, the import sends the same, and the links are listed;
// the completed import ticks its step and offers its Undo, which takes the links away.
import { test, expect, pickOption } from './fixtures/test';
import { uniq } from './fixtures/api';
import { checkA11y } from './fixtures/a11y';

test('a Shlink export naming an unknown host: the host is placed on the default domain, and its links come in', async ({ page, account }) => {
  void account;
  const tag = uniq('dm').replace(/[^a-z0-9]/gi, '').toLowerCase();
  const csv = [
    'createdAt,domain,shortCode,shortUrl,longUrl,title,tags,visits',
    `2026-02-02T11:00:00+00:00,old.example,${tag}a,https://old.example/${tag}a,https://www.example.com/away/1,First moved link,,4`,
    `2026-02-03T12:00:00+00:00,old.example,${tag}b,https://old.example/${tag}b,https://www.example.com/away/2,Second moved link,,5`,
  ].join('\n');

  await page.goto('/dashboard/links/import');
  await page.getByLabel('File to import').setInputFiles({ name: 'shlink-export.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByTestId('detected-format')).toHaveText('Shlink format');

  // The unknown host, its rows, and the rows failing until it is placed.
  const host = page.getByTestId('unknown-host');
  await expect(host).toHaveCount(1);
  await expect(host).toContainText('2 rows name old.example, which is not one of your domains (first on line 2). Put them on:');
  await expect(page.getByRole('button', { name: /^Import/ })).toBeDisabled();
  await checkA11y(page);

  // Placed on the default domain, for the whole file: the check runs again and every row would be created.
  await pickOption(page, 'Domain for the rows naming old.example', 'Default domain');
  await expect(page.getByTestId('dry-run-summary')).toHaveText('2 rows · 2 new links');
  await expect(host).toHaveCount(1);
  await expect(page.getByRole('combobox', { name: 'Domain for the rows naming old.example' }).or(page.getByRole('textbox', { name: 'Domain for the rows naming old.example' })).first()).toHaveValue('Default domain');
  await page.getByRole('button', { name: 'Import 2 links' }).click();

  await expect(page.getByTestId('import-job')).toHaveAttribute('data-status', 'completed', { timeout: 15_000 });
  await expect(page.getByTestId('import-created')).toHaveText('2');
  // The last step is ticked, and the import's Undo is offered in the usual notice.
  await expect(page.locator('.mantine-Stepper-step[data-completed]')).toHaveCount(3);
  const notice = page.locator('[data-undo-notice]').filter({ hasText: 'Imported 2 links' });
  await expect(notice.getByRole('button', { name: 'Undo', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'See the links' }).click();
  await expect(page.getByTestId('link-row')).toHaveCount(2);
  // On the default domain (this instance's own host), under the aliases the old shortener had.
  for (const alias of [`${tag}a`, `${tag}b`]) {
    await expect(page.getByRole('link', { name: alias, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: new RegExp(`^Copy short URL: http://localhost:\\d+/${alias}$`) })).toBeVisible();
  }

  // Undo: the imported links go.
  await notice.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(page.locator('[data-undo-notice]').filter({ hasText: 'Undone' })).toBeVisible();
  await expect(page.getByTestId('link-row')).toHaveCount(0);
});
