// Targeting preview for QA: which destination a chosen visitor gets and why; rotations show the split.
import { test, expect, pickOption } from './fixtures/test';
import { seed } from './fixtures/api';
import { checkA11y } from './fixtures/a11y';
import { readmeScreenshot } from './fixtures/screenshot';

test('countries and continents: the matching rule wins, unknown or unmatched visitors get the URL', async ({ page, account }) => {
  const link = await seed.link(account.api, {
    url: 'https://example.com/default',
    alias: `pv-${account.user.id}`,
    targets_type: 'countries',
    targets: [
      { key: 'FR', value: 'https://fr.example.com' },
      { key: 'DE', value: 'https://de.example.com' },
    ],
  });
  await page.goto(`/dashboard/links/${link.id}/edit`);
  const preview = page.getByTestId('targeting-preview');
  await expect(preview.getByTestId('preview-destination')).toHaveText('https://example.com/default');
  await expect(preview.getByTestId('preview-reason')).toHaveText("The visitor's country is unknown, so the link's URL is used.");

  await pickOption(page, 'Country', /Germany \(DE\)/);
  await expect(preview.getByTestId('preview-destination')).toHaveText('https://de.example.com');
  await expect(preview.getByTestId('preview-reason')).toContainText('Rule 2 matches country DE.');
  await expect(preview).toContainText('Continent from the country: Europe (EU)');
  await page.mouse.move(0, 0);
  await readmeScreenshot(page, 'targeting-preview.png');
  await checkA11y(page);

  await pickOption(page, 'Country', /Japan \(JP\)/);
  await expect(preview.getByTestId('preview-destination')).toHaveText('https://example.com/default');
  await expect(preview.getByTestId('preview-reason')).toContainText('No rule matches country JP');
});

test('devices and languages use the visitor fields of their type', async ({ page, account }) => {
  const link = await seed.link(account.api, {
    url: 'https://example.com/default',
    alias: `pvd-${account.user.id}`,
    targets_type: 'languages',
    targets: [{ key: 'fr', value: 'https://fr.example.com' }],
  });
  await page.goto(`/dashboard/links/${link.id}/edit`);
  const preview = page.getByTestId('targeting-preview');
  await pickOption(page, 'Device', 'Mobile');
  await expect(preview.getByTestId('preview-reason')).toHaveText("The visitor's language is unknown, so the link's URL is used.");
  await pickOption(page, 'Language', /^French \(fr\)/);
  await expect(preview.getByTestId('preview-destination')).toHaveText('https://fr.example.com');
});

test('rotations: the expected split and the next visits', async ({ page, account }) => {
  const link = await seed.link(account.api, {
    url: 'https://example.com/default',
    alias: `pvr-${account.user.id}`,
    targets_type: 'rotations',
    targets: [
      { key: '3', value: 'https://a.example.com' },
      { key: '', value: 'https://b.example.com' },
      { key: '1', value: 'https://c.example.com' },
    ],
  });
  await page.goto(`/dashboard/links/${link.id}/edit`);
  const split = page.getByTestId('preview-rotation');
  await expect(split).toBeVisible();
  const rows = split.locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('60%');
  await expect(rows.nth(1)).toContainText('20%');
  await expect(rows.nth(2)).toContainText('20%');
  // Of the next 10 visits: 6 / 2 / 2 (smooth weighted round-robin, as the redirect does).
  await expect(rows.nth(0).locator('td').last()).toHaveText('6');
  await expect(rows.nth(1).locator('td').last()).toHaveText('2');
});
