// Spaces (list, editor with colour swatches, delete keeps links) and pixels (list with type filter,
// editor with client and server errors, delete).
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures/test';
import { seed } from './fixtures/api';
import { checkA11y } from './fixtures/a11y';

const select = (page: Page, label: string) => page.locator(`input[aria-label="${label}"]`);
async function pickOption(page: Page, label: string, option: string): Promise<void> {
  await select(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('spaces: empty state, create with a colour, server 422, edit, delete keeps the links', async ({ page, account }) => {
  await page.goto('/dashboard/spaces');
  await expect(page.getByText('No spaces yet')).toBeVisible();
  await checkA11y(page);

  await page.getByRole('link', { name: 'New space' }).click();
  await expect(page).toHaveURL(/\/dashboard\/spaces\/new$/);
  await page.getByRole('button', { name: 'Create space' }).click();
  await expect(page.getByText('Is required.')).toBeVisible();
  await page.getByLabel('Name').fill('x'.repeat(40));
  await page.getByRole('button', { name: 'Create space' }).click();
  await expect(page.getByText('Must not be longer than 32 characters.')).toBeVisible();

  await page.getByLabel('Name').fill('Summer sale');
  await expect(page.getByRole('radio', { name: 'Blue' })).toHaveAttribute('aria-checked', 'true');
  // Keyboard: arrow right moves to Teal; a click picks Orange.
  await page.getByRole('radio', { name: 'Blue' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Teal' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('radio', { name: 'Teal' })).toBeFocused();
  await page.getByRole('radio', { name: 'Orange' }).click();
  await checkA11y(page);
  await page.screenshot({ path: test.info().outputPath('space-editor.png') });
  await page.getByRole('button', { name: 'Create space' }).click();
  await expect(page).toHaveURL(/\/dashboard\/spaces$/);
  const row = page.getByTestId('space-row').filter({ hasText: 'Summer sale' });
  await expect(row).toContainText('Orange');
  const [created] = (await account.api.list<{ id: number; name: string; color: number }>('/spaces')).data;
  expect(created).toMatchObject({ name: 'Summer sale', color: 4 });

  // The server refuses a duplicate name; the message lands under the field.
  await seed.space(account.api, { name: 'Winter', color: 1 });
  await page.getByRole('link', { name: 'Edit Summer sale' }).click();
  await expect(page.getByRole('radio', { name: 'Orange' })).toHaveAttribute('aria-checked', 'true');
  await page.getByLabel('Name').fill('Winter');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/already been taken/i)).toBeVisible();
  await page.getByLabel('Name').fill('Autumn');
  await page.getByRole('radio', { name: 'Grape' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/dashboard\/spaces$/);
  await expect(page.getByTestId('space-row').filter({ hasText: 'Autumn' })).toContainText('Grape');

  // Delete: its links stay, without a space.
  const link = await seed.link(account.api, { url: 'https://example.com/in-space', space_id: created!.id });
  await page.reload();
  await page.getByRole('button', { name: 'Delete Autumn' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Autumn?' });
  await expect(dialog).toContainText('Its 1 link will stay, without a space.');
  await checkA11y(page);
  await dialog.getByRole('button', { name: 'Delete space' }).click();
  await expect(page.getByTestId('space-row')).toHaveCount(1);
  expect((await account.api.get<{ space: unknown }>(`/links/${link.id}`)).space).toBeNull();
});

test('spaces: sort and search in the URL', async ({ page, account }) => {
  for (const name of ['Bravo', 'Alpha', 'Charlie']) await seed.space(account.api, { name });
  await page.goto('/dashboard/spaces?sort_by=name&sort=asc');
  await expect(page.getByTestId('space-row').first()).toContainText('Alpha');
  await expect(select(page, 'Sort by')).toHaveValue('Name A–Z');
  await page.getByRole('button', { name: /^Name/ }).click();
  await expect(page.getByTestId('space-row').first()).toContainText('Charlie');
  await page.getByRole('searchbox', { name: 'Search spaces' }).fill('rav');
  await expect(page).toHaveURL(/search=rav/);
  await expect(page.getByTestId('space-row')).toHaveCount(1);
});

test('pixels: type filter in the URL, create with errors, edit, delete', async ({ page, account }) => {
  await seed.pixel(account.api, { name: 'Meta main', type: 'facebook', value: '1234567890' });
  await seed.pixel(account.api, { name: 'Meta retarget', type: 'facebook', value: '987654321' });
  await seed.pixel(account.api, { name: 'GA4', type: 'google-analytics', value: 'G-ABC123' });

  await page.goto('/dashboard/pixels');
  await expect(page.getByTestId('pixel-row')).toHaveCount(3);
  await checkA11y(page);
  await pickOption(page, 'Pixel type', 'Meta (Facebook)');
  await expect(page).toHaveURL(/type=facebook/);
  await expect(page.getByTestId('pixel-row')).toHaveCount(2);
  await page.reload();
  await expect(page.getByTestId('pixel-row')).toHaveCount(2);
  await expect(select(page, 'Pixel type')).toHaveValue('Meta (Facebook)');
  await page.goto('/dashboard/pixels?type=myspace');
  await expect(page.getByText('This address has filters Linkdeck does not understand')).toBeVisible();

  await page.goto('/dashboard/pixels/new');
  await page.getByRole('button', { name: 'Create pixel' }).click();
  await expect(page.getByText(/^Must be one of: adroll/)).toBeVisible();
  await page.getByLabel('Name').fill('Tag manager');
  await page.getByRole('textbox', { name: 'Type' }).or(page.getByRole('combobox', { name: 'Type' })).click();
  await page.getByRole('option', { name: 'Google Tag Manager' }).click();
  await expect(page.getByText('The container ID, like GTM-ABC1234.')).toBeVisible();
  await page.getByLabel('Pixel ID').fill('GTM 12/34');
  await page.getByRole('button', { name: 'Create pixel' }).click();
  await expect(page.getByText('May only contain letters, digits, dashes and underscores.')).toBeVisible();
  await checkA11y(page);
  await page.getByLabel('Pixel ID').fill('GTM-1234');
  await page.getByRole('button', { name: 'Create pixel' }).click();
  await expect(page).toHaveURL(/\/dashboard\/pixels$/);
  const row = page.getByTestId('pixel-row').filter({ hasText: 'Tag manager' });
  await expect(row).toContainText('Google Tag Manager');
  await expect(row).toContainText('GTM-1234');

  await page.getByRole('link', { name: 'Edit Tag manager' }).click();
  await expect(page.getByLabel('Pixel ID')).toHaveValue('GTM-1234');
  await page.getByLabel('Pixel ID').fill('GTM-9999');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('pixel-row').filter({ hasText: 'Tag manager' })).toContainText('GTM-9999');

  await page.getByRole('button', { name: 'Delete Tag manager' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete pixel' }).click();
  await expect(page.getByTestId('pixel-row')).toHaveCount(3);
  const names = (await account.api.list<{ name: string }>('/pixels')).data.map((p) => p.name);
  expect(names).not.toContain('Tag manager');
});

test("a space and a pixel created in the dashboard are in the link editor's pickers at once", async ({ page, account: _freshUser }) => {
  // The editor has loaded its pickers (they are kept 30 s) before the space and the pixel exist.
  const lookups = Promise.all(
    ['spaces', 'pixels'].map((r) => page.waitForResponse((res) => new URL(res.url()).pathname === `/api/v1/${r}` && res.url().includes('sort_by=name'))),
  );
  await page.goto('/dashboard/links/new');
  await lookups;
  const spacePicker = page.getByRole('combobox', { name: 'Space', exact: true }).or(page.getByRole('textbox', { name: 'Space', exact: true }));
  const pixelsPicker = page.getByRole('combobox', { name: 'Pixels', exact: true }).or(page.getByRole('textbox', { name: 'Pixels', exact: true }));
  await expect(spacePicker).toBeVisible();

  // Created in the dashboard (moving through the app, so its cache stays).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Spaces' }).click();
  await page.getByRole('link', { name: 'New space' }).click();
  await page.getByLabel('Name').fill('Fresh space');
  await page.getByRole('button', { name: 'Create space' }).click();
  await expect(page.getByTestId('space-row').filter({ hasText: 'Fresh space' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pixels' }).click();
  await page.getByRole('link', { name: 'New pixel' }).click();
  await page.getByLabel('Name').fill('Fresh pixel');
  await page.getByRole('textbox', { name: 'Type' }).or(page.getByRole('combobox', { name: 'Type' })).click();
  await page.getByRole('option', { name: 'Google Tag Manager' }).click();
  await page.getByLabel('Pixel ID').fill('GTM-FRESH1');
  await page.getByRole('button', { name: 'Create pixel' }).click();
  await expect(page.getByTestId('pixel-row').filter({ hasText: 'Fresh pixel' })).toBeVisible();

  // Straight back to the editor: both are there to pick.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Links' }).click();
  await page.getByRole('link', { name: 'New link' }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/links\/new$/);
  await spacePicker.click();
  await page.getByRole('option', { name: 'Fresh space', exact: true }).click();
  await expect(spacePicker).toHaveValue('Fresh space');
  await pixelsPicker.click();
  await expect(page.getByRole('option', { name: /^Fresh pixel/ })).toBeVisible();
});
