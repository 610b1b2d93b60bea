// Targeting preview for QA: the form as it is on screen, through every check of the redirect, for a visitor picked
// from lists or read off a pasted request; which check decided; rotations show the split.
import { test, expect, pickOption, toggleSwitch } from './fixtures/test';
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
  await expect(preview.getByTestId('step-destination')).toContainText("The visitor's country is unknown, so the link's URL is used.");
  await expect(preview.getByTestId('preview-decided-by')).toHaveText('No rule matched');

  await pickOption(page, 'Country', /Germany \(DE\)/);
  await expect(preview.getByTestId('preview-destination')).toHaveText('https://de.example.com');
  await expect(preview.getByTestId('step-destination')).toContainText('Rule 2 matches country DE.');
  await expect(preview).toContainText('Continent from the country: Europe (EU)');
  await page.mouse.move(0, 0);
  await readmeScreenshot(page, 'targeting-preview.png');
  await checkA11y(page);

  await pickOption(page, 'Country', /Japan \(JP\)/);
  await expect(preview.getByTestId('preview-destination')).toHaveText('https://example.com/default');
  await expect(preview.getByTestId('step-destination')).toContainText('No rule matches country JP');
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
  await expect(preview.getByTestId('step-destination')).toContainText("The visitor's language is unknown, so the link's URL is used.");
  await pickOption(page, 'Language', /^French \(fr\)/);
  await expect(preview.getByTestId('preview-destination')).toHaveText('https://fr.example.com');
  // A regional tag as browsers send it matches the rule for its language, as the redirect reads it.
  const language = page.getByRole('combobox', { name: 'Language' });
  await language.fill('fr-CA');
  await page.getByRole('option', { name: 'Canadian French (fr-CA)' }).click();
  await expect(preview.getByTestId('preview-destination')).toHaveText('https://fr.example.com');
  await expect(preview.getByTestId('preview-derived')).toContainText('fr-CA matches rules for "fr"');
  await language.fill('pt_br');
  await expect(page.getByRole('option', { name: 'Brazilian Portuguese (pt-BR)' })).toBeVisible();
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

test('the preview runs every gate on the unsaved form: a link that starts tomorrow sends a German visitor to its expiration URL', async ({ page, account }) => {
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
  const link = await seed.link(account.api, {
    url: 'https://example.com/home',
    alias: `pvg-${account.user.id}`,
    active_period_start_at: tomorrow,
    expiration_url: 'https://example.com/soon',
    targets_type: 'countries',
    targets: [{ key: 'DE', value: 'https://example.com/de' }],
  });
  await page.goto(`/dashboard/links/${link.id}/edit`);
  const preview = page.getByTestId('targeting-preview');
  await pickOption(page, 'Country', /Germany \(DE\)/);
  await expect(preview.getByTestId('preview-decided-by')).toHaveText('Active period');
  await expect(preview.getByTestId('preview-summary')).toContainText('Not started yet');
  await expect(preview.getByTestId('preview-destination')).toHaveText('https://example.com/soon');
  await expect(preview.getByTestId('step-active_period')).toContainText('Stops here');
  await expect(preview.getByTestId('step-destination')).toContainText('Not reached');
  await expect(preview.getByTestId('preview-unsaved')).toHaveCount(0);

  // Clearing the start (not saved) previews what is on screen, and says so.
  await page.getByRole('button', { name: 'Clear start' }).click();
  await expect(preview.getByTestId('preview-unsaved')).toBeVisible();
  await expect(preview.getByTestId('preview-destination')).toHaveText('https://example.com/de');
  await expect(preview.getByTestId('preview-decided-by')).toHaveText('Rule 1 (Germany)');

  // Editing rule 1's destination shows at once, the scheme added as saving will.
  await page.getByRole('textbox', { name: 'Rule 1 destination URL' }).fill('example.com/de-new');
  await expect(preview.getByTestId('preview-destination')).toHaveText('https://example.com/de-new');

  // A redirect password and the warning ask first; the destination is where the visitor goes after.
  await page.getByLabel('Redirect password', { exact: true }).fill('s3cret-pass');
  await toggleSwitch(page, /Sensitive content/);
  await expect(preview.getByTestId('preview-decided-by')).toHaveText('Rule 1 (Germany)');
  await expect(preview.getByTestId('step-password')).toContainText('Asks first');
  await expect(preview.getByTestId('step-warning')).toContainText('Asks first');
  await expect(preview.getByTestId('preview-summary')).toHaveText(
    'First the link asks for the redirect password and shows the sensitive-content warning. Rule 1 (Germany) decided: the visitor goes to https://example.com/de-new.',
  );

  // Disabled wins over everything.
  await toggleSwitch(page, /^Disabled/);
  await expect(preview.getByTestId('preview-decided-by')).toHaveText('Disabled');
  await expect(preview.getByTestId('preview-destination')).toHaveCount(0);
  await expect(preview.getByTestId('preview-summary')).toContainText('404');
  await checkA11y(page);

  // Nothing was saved.
  const stored = await account.api.get<{ disabled: number; active_period_start_at: string | null }>(`/links/${link.id}`);
  expect(stored.disabled).toBe(0);
  expect(stored.active_period_start_at).not.toBeNull();
});

test('the type badge follows a type change at once, before saving', async ({ page, account }) => {
  await page.goto('/dashboard/links/new');
  const preview = page.getByTestId('targeting-preview');
  await expect(preview.getByTestId('preview-type')).toHaveText('No targeting');
  await pickOption(page, 'Targeting', 'Devices');
  await expect(preview.getByTestId('preview-type')).toHaveText('Devices');
  expect(account.user.id).toBeGreaterThan(0);
});

test('a pasted User-Agent, IP and Accept-Language are read as the redirect reads them', async ({ page, account }) => {
  const link = await seed.link(account.api, {
    url: 'https://example.com/home',
    alias: `pvp-${account.user.id}`,
    targets_type: 'operating_systems',
    targets: [{ key: 'iOS', value: 'https://example.com/ios' }],
  });
  await page.goto(`/dashboard/links/${link.id}/edit`);
  const preview = page.getByTestId('targeting-preview');
  await preview.getByRole('button', { name: /Paste a real request/ }).click();
  const form = preview.getByRole('form', { name: 'Paste a real request' });
  await form.getByLabel('IP address').fill('example.com');
  await form.getByRole('button', { name: 'Use this request' }).click();
  await expect(form.getByText('IP address must be an IPv4 or IPv6 address.')).toBeVisible();

  await form.getByLabel('User-Agent').fill('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1');
  await form.getByLabel('IP address').fill('81.2.69.142');
  await form.getByLabel('Accept-Language').fill('pt-BR,pt;q=0.9,en;q=0.8');
  await form.getByRole('button', { name: 'Use this request' }).click();
  await expect(preview.getByTestId('preview-destination')).toHaveText('https://example.com/ios');
  await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue(/United Kingdom \(GB\)/);
  await expect(page.getByRole('combobox', { name: 'Operating system' })).toHaveValue('iOS');
  await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue(/Portuguese \(pt\)/);

  await form.getByLabel('User-Agent').fill('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)');
  await form.getByRole('button', { name: 'Use this request' }).click();
  await expect(preview.getByTestId('preview-derived')).toContainText('A known bot');
  await checkA11y(page);
});

test('country rules are found by common names and aliases', async ({ page, account }) => {
  const link = await seed.link(account.api, { url: 'https://example.com/home', alias: `pva-${account.user.id}`, targets_type: 'countries', targets: [{ key: 'FR', value: 'https://example.com/fr' }] });
  await page.goto(`/dashboard/links/${link.id}/edit`);
  const key = page.getByRole('combobox', { name: 'Rule 1 key' });
  for (const [typed, name] of [
    ['UK', /United Kingdom \(GB\)/],
    ['USA', /United States \(US\)/],
    ['England', /United Kingdom \(GB\)/],
    ['Holland', /Netherlands \(NL\)/],
    ['Deutschland', /Germany \(DE\)/],
  ] as const) {
    await key.fill(typed);
    await expect(page.getByRole('option').first()).toHaveText(name);
  }
  await page.getByRole('option').first().click();
  await expect(key).toHaveValue(/Germany \(DE\)/);
});
