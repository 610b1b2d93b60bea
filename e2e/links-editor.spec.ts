// Link editor: create and edit with the same form, every field, client-side and server-side errors.
import { test, expect, pickOption, pickSegment, toggleSwitch } from './fixtures/test';
import { seed } from './fixtures/api';
import { checkA11y } from './fixtures/a11y';

test('create: client errors first, then a server 422 lands on its field, then success with every field', async ({ page, account }) => {
  const { api } = account;
  const space = await seed.space(api, { name: 'Launch', color: 3 });
  const pixel = await seed.pixel(api, { name: 'GA', type: 'google-analytics', value: 'G-ABC123' });
  const taken = await seed.link(api, { url: 'https://example.com/taken', alias: `taken-${account.user.id}` });

  await page.goto('/dashboard/links');
  await page.getByRole('link', { name: 'New link' }).first().click();
  await expect(page.getByRole('heading', { name: 'New link' })).toBeVisible();
  await checkA11y(page);

  // Client-side: required URL, bad URL, bad alias, end before start, privacy 2 without password.
  await page.getByRole('button', { name: 'Create link' }).click();
  await expect(page.getByRole('textbox', { name: 'Destination URL' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('is required.').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Destination URL' }).fill('javascript:alert(1)');
  await page.getByRole('textbox', { name: 'Alias' }).fill('has space');
  await pickSegment(page, 'Password');
  await page.getByRole('button', { name: 'Create link' }).click();
  await expect(page.getByText('must be a valid http or https URL.')).toBeVisible();
  await expect(page.getByText('may only contain letters, digits, dashes and underscores.')).toBeVisible();
  await expect(page.getByText('Statistics password is required when the statistics page asks for a password.')).toBeVisible();
  let posted = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/v1/links')) posted += 1;
  });
  expect(posted).toBe(0);

  // Server-side: the alias is taken (only the server knows).
  await page.getByRole('textbox', { name: 'Destination URL' }).fill('https://example.com/launch?utm=1');
  await page.getByRole('textbox', { name: 'Alias' }).fill(taken.alias);
  await expect(page.getByTestId('short-url-preview')).toHaveText(new RegExp(`/${taken.alias}$`));
  await pickSegment(page, 'Public');
  await page.getByRole('button', { name: 'Create link' }).click();
  await expect(page.getByRole('textbox', { name: 'Alias' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/alias has already been taken|already taken|already/i).first()).toBeVisible();
  expect(posted).toBe(1);

  // Every field, then save.
  await page.getByRole('textbox', { name: 'Alias' }).fill(`launch-${account.user.id}`);
  await page.getByRole('textbox', { name: 'Title' }).fill('Launch page');
  await pickOption(page, 'Space', 'Launch');
  await pickOption(page, 'Pixels', /GA/);
  await page.keyboard.press('Escape');
  await page.getByLabel('Redirect password').fill('open-sesame');
  await toggleSwitch(page, /Sensitive content/);
  await pickSegment(page, 'Password');
  await page.getByLabel('Statistics password').fill('stats-pw');
  await page.getByRole('textbox', { name: 'Clicks limit' }).fill('500');
  await page.getByRole('textbox', { name: 'Expiration URL' }).fill('https://example.com/over');
  await page.getByRole('button', { name: 'Create link' }).click();
  await expect(page).toHaveURL(/\/dashboard\/links\/\d+\/edit$/);
  const id = Number(/links\/(\d+)\/edit/.exec(page.url())?.[1]);
  const saved = await api.get<Record<string, unknown>>(`/links/${id}`);
  expect(saved).toMatchObject({
    url: 'https://example.com/launch?utm=1',
    alias: `launch-${account.user.id}`,
    title: 'Launch page',
    space: { id: space.id },
    pixels: [{ id: pixel.id }],
    redirect_password: true,
    sensitive_content: 1,
    privacy: 2,
    password: true,
    clicks_limit: 500,
    expiration_url: 'https://example.com/over',
    disabled: 0,
  });
});

test.describe('in New York', () => {
  test.use({ timezoneId: 'America/New_York' });
  test('edit: dates in the local time zone are sent as UTC; passwords are kept unless replaced or removed', async ({ page, account }) => {
    const { api } = account;
    const link = await seed.link(api, { url: 'https://example.com/e', alias: `edit-${account.user.id}`, redirect_password: 'secret', title: 'Before', clicks_limit: 100 });
    await page.goto(`/dashboard/links/${link.id}/edit`);
    await expect(page.getByRole('heading', { name: `Edit ${link.alias}` })).toBeVisible();
    await expect(page.getByText('A password is set. Type a new one to replace it.')).toBeVisible();
    await checkA11y(page);

    // Client error: end before start (typed into the pickers' state through the API-shaped helper).
    await page.getByRole('textbox', { name: 'Title' }).fill('After');
    await expect(page.getByRole('textbox', { name: 'Clicks limit' })).toHaveValue('100');
    await page.getByRole('textbox', { name: 'Clicks limit' }).fill('');
    await page.getByRole('textbox', { name: 'Destination URL' }).fill('https://example.com/e2');
    await toggleSwitch(page, /Disabled \(the short URL answers 404\)/);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(`${link.alias} is up to date.`).first()).toBeVisible();
    let saved = await api.get<Record<string, unknown>>(`/links/${link.id}`);
    expect(saved).toMatchObject({ title: 'After', url: 'https://example.com/e2', redirect_password: true, disabled: 1, status: 3, clicks_limit: null });

    // Active period through the date-time picker, in the browser's time zone (New York here): sent as UTC.
    await page.locator('#picker-active_period_start_at').click();
    const picker = page.getByRole('dialog');
    await picker.getByRole('button', { name: /^15 / }).click();
    await picker.getByRole('spinbutton', { name: 'Hours' }).fill('09');
    await picker.getByRole('spinbutton', { name: 'Minutes' }).fill('30');
    await checkA11y(page);
    await picker.getByRole('button', { name: 'Apply start' }).click();
    await expect(page.locator('#picker-active_period_start_at')).toHaveText(/-15 09:30$/);
    const expected = await page.evaluate(() => {
      const d = new Date();
      return new Date(d.getFullYear(), d.getMonth(), 15, 9, 30).toISOString();
  });
    expect(expected).toMatch(/T1[34]:30:00\.000Z$/); // 09:30 in New York is 13:30 or 14:30 UTC
    await page.getByRole('checkbox', { name: 'Remove the password' }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(async () => (await api.get<{ redirect_password: boolean }>(`/links/${link.id}`)).redirect_password).toBe(false);
    saved = await api.get<Record<string, unknown>>(`/links/${link.id}`);
    expect(saved.active_period_start_at).toBe(expected);
    // Reloading shows the stored UTC instant in local time again.
    await page.reload();
    await expect(page.locator('#picker-active_period_start_at')).toHaveText(/-15 09:30$/);
  });
});

test('edit: a server 422 on a target lands on that row', async ({ page, account }) => {
  const { api } = account;
  const link = await seed.link(api, { url: 'https://example.com/t', alias: `t422-${account.user.id}` });
  await page.goto(`/dashboard/links/${link.id}/edit`);
  // Make the server refuse: route the PUT to answer like the API does for a bad target.
  await page.route(`**/api/v1/links/${link.id}`, async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    await route.fulfill({
      status: 422,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'The targets.0.value field must be a valid http or https URL.', errors: { 'targets.0.value': ['The targets.0.value field must be a valid http or https URL.'], other_thing: ['Something else is off.'] }, status: 422 }),
    });
  });
  await pickOption(page, 'Targeting', 'Devices');
  await page.getByRole('button', { name: 'Add rule' }).click();
  await pickOption(page, 'Rule 1 key', 'Mobile');
  await page.getByRole('textbox', { name: 'Rule 1 destination URL' }).fill('https://m.example.com');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('textbox', { name: 'Rule 1 destination URL' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('must be a valid http or https URL.')).toBeVisible();
  await expect(page.getByTestId('form-error')).toContainText('Something else is off.');
});
