// The link editor's UTM builder: parameters written into the destination URL and read back from it, a
// template saved and applied in one click, the final URL shown, templates listed and deleted on the account page.
import { test, expect, pickOption } from './fixtures/test';
import { checkA11y } from './fixtures/a11y';
import { reviewShots } from './fixtures/screenshot';

test('build UTM parameters into a new link, save them as a template, apply it to another link', async ({ page, account }) => {
  const { api } = account;
  await page.goto('/dashboard/links/new');
  const url = page.getByRole('textbox', { name: 'Destination URL' });
  const source = page.getByRole('textbox', { name: 'Source (utm_source)' });
  await expect(source).toBeDisabled();
  await expect(page.getByText('Enter the destination URL first')).toBeVisible();

  await url.fill('shop.example/sale?ref=7#offers');
  // https:// is added on leaving the field, before the parameters go in.
  await source.fill('newsletter');
  await page.getByRole('textbox', { name: 'Medium (utm_medium)' }).fill('email');
  // A space typed while writing stays in the field; the URL carries the words.
  await page.getByRole('textbox', { name: 'Campaign (utm_campaign)' }).pressSequentially('Spring sale');
  await expect(page.getByRole('textbox', { name: 'Campaign (utm_campaign)' })).toHaveValue('Spring sale');
  await expect(url).toHaveValue('https://shop.example/sale?ref=7&utm_source=newsletter&utm_medium=email&utm_campaign=Spring+sale#offers');
  await expect(page.getByTestId('utm-final-url')).toHaveText('https://shop.example/sale?ref=7&utm_source=newsletter&utm_medium=email&utm_campaign=Spring+sale#offers');

  // Editing the URL itself refills the fields; clearing a field takes its parameter out.
  await url.fill('https://shop.example/sale?utm_source=partner&utm_medium=email&utm_campaign=Spring+sale');
  await expect(source).toHaveValue('partner');
  await page.getByRole('textbox', { name: 'Medium (utm_medium)' }).fill('');
  await expect(url).toHaveValue('https://shop.example/sale?utm_source=partner&utm_campaign=Spring+sale');

  await page.getByRole('button', { name: 'Save as template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save as UTM template' });
  await dialog.getByRole('textbox', { name: 'Template name' }).fill('Partner spring');
  await checkA11y(page);
  await dialog.getByRole('button', { name: 'Save template' }).click();
  await expect(dialog).toBeHidden();
  // The same name again is refused on the field.
  await page.getByRole('button', { name: 'Save as template' }).click();
  await dialog.getByRole('textbox', { name: 'Template name' }).fill('Partner spring');
  await dialog.getByRole('button', { name: 'Save template' }).click();
  await expect(dialog.getByText(/already been taken/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await reviewShots(page, 'utm-builder');
  await page.getByRole('button', { name: 'Create link' }).click();
  await expect(page).toHaveURL(/\/links\/\d+\/edit/);
  const id = Number(/\/links\/(\d+)\/edit/.exec(page.url())![1]);
  const saved = await api.get<Record<string, string | null>>(`/links/${id}`);
  expect(saved).toMatchObject({ url: 'https://shop.example/sale?utm_source=partner&utm_campaign=Spring+sale', utm_source: 'partner', utm_campaign: 'Spring sale', utm_medium: null });

  // The edit page reads them back from the saved URL.
  await expect(page.getByRole('textbox', { name: 'Campaign (utm_campaign)' })).toHaveValue('Spring sale');

  // Another link: the template in one click replaces what was there.
  await page.goto('/dashboard/links/new');
  await url.fill('https://blog.example/post?utm_term=old');
  await pickOption(page, 'Apply a template', 'Partner spring');
  await expect(url).toHaveValue('https://blog.example/post?utm_source=partner&utm_campaign=Spring+sale');
  await expect(page.getByRole('textbox', { name: 'Term (utm_term)' })).toHaveValue('');

  // The account page lists it; Delete removes it.
  await page.goto('/dashboard/account');
  const list = page.getByTestId('utm-templates');
  await expect(list).toContainText('Partner spring');
  await expect(list).toContainText('utm_source=partner');
  await checkA11y(page);
  await page.getByRole('button', { name: 'Delete template Partner spring' }).click();
  await expect(page.getByText('No templates yet.')).toBeVisible();
  expect((await api.list('/utm-templates')).meta.total).toBe(0);
});
