// The targets editor for every targets_type: key pickers, duplicates flagged before saving, reorder,
// rotation shares, and the confirmation before a type change drops rows.
import type { Page } from '@playwright/test';
import { test, expect, pickOption } from './fixtures/test';
import { seed, type ApiClient } from './fixtures/api';
import { checkA11y } from './fixtures/a11y';
import { readmeScreenshot, reviewShots } from './fixtures/screenshot';

async function newLink(api: ApiClient, alias: string) {
  return seed.link(api, { url: 'https://example.com/base', alias });
}

async function savedTargets(api: ApiClient, id: number) {
  return api.get<{ targets_type: string | null; targets: { key: string; value: string }[] }>(`/links/${id}`);
}

async function fillRule(page: Page, i: number, option: string | RegExp | null, url: string, search?: string) {
  if (option !== null) {
    const key = page.getByRole('combobox', { name: `Rule ${i} key` }).or(page.getByRole('textbox', { name: `Rule ${i} key` })).first();
    await key.click();
    if (search !== undefined) await key.fill(search);
    await page.getByRole('option', { name: option }).first().click();
  }
  await page.getByRole('textbox', { name: `Rule ${i} destination URL` }).fill(url);
}

test('countries: search by name and by code, duplicates flagged before saving, reorder, save', async ({ page, account }) => {
  const link = await newLink(account.api, `ctry-${account.user.id}`);
  await page.goto(`/dashboard/links/${link.id}/edit`);
  await pickOption(page, 'Targeting', 'Countries');
  await page.getByRole('button', { name: 'Add rule' }).click();
  await fillRule(page, 1, /France \(FR\)/, 'https://fr.example.com', 'fran');
  await page.getByRole('button', { name: 'Add rule' }).click();
  await fillRule(page, 2, /Germany \(DE\)/, 'https://de.example.com', 'DE');
  await page.getByRole('button', { name: 'Add rule' }).click();
  await fillRule(page, 3, /France \(FR\)/, 'https://fr2.example.com', 'FR');
  await expect(page.getByText('France is used twice (rule 1 has it too).')).toBeVisible();
  await expect(page.getByText('Fix the highlighted keys before saving.')).toBeVisible();

  let puts = 0;
  page.on('request', (r) => {
    if (r.method() === 'PUT') puts += 1;
  });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('combobox', { name: 'Rule 3 key' }).or(page.getByRole('textbox', { name: 'Rule 3 key' })).first()).toHaveAttribute('aria-invalid', 'true');
  expect(puts).toBe(0);

  await page.getByRole('button', { name: 'Remove rule 3' }).click();
  await page.getByRole('button', { name: 'Move rule 2 up' }).click();
  await checkA11y(page);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect.poll(async () => (await savedTargets(account.api, link.id)).targets).toEqual([
    { key: 'DE', value: 'https://de.example.com' },
    { key: 'FR', value: 'https://fr.example.com' },
  ]);
  // For the README: the editor with its rules next to the preview of the saved link.
  await expect(page.getByTestId('targeting-preview')).toContainText('Countries');
  await page.getByRole('button', { name: 'Close notification' }).first().click();
  await pickOption(page, 'Country', /France \(FR\)/);
  await expect(page.getByTestId('preview-destination')).toHaveText('https://fr.example.com');
  await page.mouse.move(0, 0);
  await page.getByTestId('targets-editor').scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, -160));
  await readmeScreenshot(page, 'link-editor-targets.png');
  expect((await savedTargets(account.api, link.id)).targets_type).toBe('countries');
});

test('languages: searchable by name, native name and code', async ({ page, account }) => {
  const link = await newLink(account.api, `lang-${account.user.id}`);
  await page.goto(`/dashboard/links/${link.id}/edit`);
  await pickOption(page, 'Targeting', 'Languages');
  await page.getByRole('button', { name: 'Add rule' }).click();
  await fillRule(page, 1, /^Spanish \(es\)/, 'https://es.example.com', 'es');
  await page.getByRole('button', { name: 'Add rule' }).click();
  await fillRule(page, 2, /^German \(de\)/, 'https://de.example.com', 'Deutsch');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect.poll(async () => (await savedTargets(account.api, link.id)).targets.map((t) => t.key)).toEqual(['es', 'de']);
});

const LIST_TYPES = [
  { type: 'Continents', api: 'continents', pick: /^Europe \(EU\)/, key: 'EU', name: 'Europe' },
  { type: 'Operating systems', api: 'operating_systems', pick: 'Android', key: 'Android', name: 'Android' },
  { type: 'Browsers', api: 'browsers', pick: 'Firefox Mobile', key: 'Firefox Mobile', name: 'Firefox Mobile' },
  { type: 'Devices', api: 'devices', pick: 'Tablet', key: 'Tablet', name: 'Tablet' },
] as const;

for (const t of LIST_TYPES) {
  test(`${t.api}: pick from the seed's list and save`, async ({ page, account }) => {
    const link = await newLink(account.api, `${t.api.slice(0, 6)}-${account.user.id}`);
    await page.goto(`/dashboard/links/${link.id}/edit`);
    await pickOption(page, 'Targeting', t.type);
    await page.getByRole('button', { name: 'Add rule' }).click();
    await fillRule(page, 1, t.pick, 'https://t.example.com/1');
    await page.getByRole('button', { name: 'Add rule' }).click();
    await fillRule(page, 2, t.pick, 'https://t.example.com/2');
    await expect(page.getByText(`${t.name} is used twice (rule 1 has it too).`)).toBeVisible();
    await page.getByRole('button', { name: 'Remove rule 2' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(async () => savedTargets(account.api, link.id)).toMatchObject({
      targets_type: t.api,
      targets: [{ key: t.key, value: 'https://t.example.com/1' }],
    });
  });
}

test('rotations: weights 1-100 give shares; an empty or out-of-range weight is an error, never rewritten or counted as 1', async ({ page, account }) => {
  const link = await newLink(account.api, `rot-${account.user.id}`);
  await page.goto(`/dashboard/links/${link.id}/edit`);
  await pickOption(page, 'Targeting', /Rotations/);
  await expect(page.getByTestId('rotation-hint')).toHaveText('Each rule gets a share of the visits in proportion to its weight: a whole number from 1 to 100.');
  for (let i = 1; i <= 3; i++) await page.getByRole('button', { name: 'Add rule' }).click();
  const weight = (i: number) => page.getByRole('textbox', { name: `Rule ${i} weight` });
  await expect(weight(1)).toHaveAttribute('placeholder', '1–100');
  await weight(1).fill('3');
  await weight(2).fill('1');
  for (let i = 1; i <= 3; i++) await fillRule(page, i, null, `https://r.example.com/${i}`);
  // Rule 3 has no weight: no share, and the others share among themselves.
  await expect(page.getByTestId('rotation-share')).toHaveText(['75%', '25%', '—']);
  await expect(page.getByLabel('Rule 3 share: no valid weight')).toBeVisible();

  // Typed out of range: kept as typed (not 30, not 100) and flagged at once.
  await weight(3).pressSequentially('300');
  await expect(weight(3)).toHaveValue('300');
  await expect(weight(3)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('must be a whole number from 1 to 100.')).toBeVisible();
  await expect(page.getByTestId('rotation-share')).toHaveText(['75%', '25%', '—']);
  await weight(3).blur();
  await expect(weight(3)).toHaveValue('300');
  await checkA11y(page);
  await reviewShots(page, 'rotation-weights');

  // Empty on save: refused on the field, nothing sent.
  await weight(3).fill('');
  let puts = 0;
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().endsWith(`/api/v1/links/${link.id}`)) puts += 1;
  });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(weight(3)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('is required: a whole number from 1 to 100.')).toBeVisible();
  expect(puts).toBe(0);

  await weight(3).fill('4');
  await expect(page.getByText('is required: a whole number from 1 to 100.')).toHaveCount(0);
  await expect(page.getByTestId('rotation-share')).toHaveText(['37.5%', '12.5%', '50%']);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect.poll(async () => (await savedTargets(account.api, link.id)).targets.map((x) => x.key)).toEqual(['3', '1', '4']);
});

test('rotations: a weight the API stored empty (meaning 1) opens as 1', async ({ page, account }) => {
  const link = await seed.link(account.api, {
    url: 'https://example.com/base',
    alias: `rot1-${account.user.id}`,
    targets_type: 'rotations',
    targets: [
      { key: '', value: 'https://r.example.com/a' },
      { key: '3', value: 'https://r.example.com/b' },
    ],
  });
  await page.goto(`/dashboard/links/${link.id}/edit`);
  await expect(page.getByRole('textbox', { name: 'Rule 1 weight' })).toHaveValue('1');
  await expect(page.getByTestId('rotation-share')).toHaveText(['25%', '75%']);
});

test('changing the type asks before dropping rows; cancel keeps them', async ({ page, account }) => {
  const link = await seed.link(account.api, {
    url: 'https://example.com/base',
    alias: `chg-${account.user.id}`,
    targets_type: 'devices',
    targets: [{ key: 'Mobile', value: 'https://m.example.com' }],
  });
  await page.goto(`/dashboard/links/${link.id}/edit`);
  await expect(page.getByTestId('target-row')).toHaveCount(1);
  await pickOption(page, 'Targeting', 'Browsers');
  const dialog = page.getByRole('dialog', { name: 'Change the targeting type?' });
  await expect(dialog).toContainText('The 1 rule of Devices will be removed');
  // Cancel, the safe choice, has the focus (dashboard-safety.spec.ts): Enter keeps the rules.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('target-row')).toHaveCount(1);
  await expect(page.getByRole('combobox', { name: 'Targeting' }).or(page.getByRole('textbox', { name: 'Targeting' })).first()).toHaveValue('Devices');

  await pickOption(page, 'Targeting', 'Browsers');
  await page.getByRole('dialog').getByRole('button', { name: 'Remove rules and change' }).click();
  await expect(page.getByTestId('target-row')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect.poll(async () => (await savedTargets(account.api, link.id)).targets).toEqual([]);
});
