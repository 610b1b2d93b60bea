// Safety of destructive actions: confirmation dialogs focus Cancel (Enter never confirms by accident), an admin's
// own demotion asks first and says what it costs, and leaving a dirty editor asks before the edits are lost.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures/test';
import { apiClient, createUser, seed, uniq } from './fixtures/api';
import { checkA11y } from './fixtures/a11y';

const roleSelect = (page: Page, name: string) => page.locator(`input[aria-label="Role of ${name}"]`);
const navLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });

test('delete dialogs open with Cancel focused: Enter, Enter deletes nothing', async ({ page, account }) => {
  const space = await seed.space(account.api, { name: uniq('keep').slice(0, 30) });
  await page.goto('/dashboard/spaces');
  // Keyboard only: the row's delete button, Enter opens the dialog, a second Enter lands on Cancel.
  await page.getByRole('button', { name: `Delete ${space.name}` }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Delete ${space.name}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(account.api.get(`/spaces/${space.id}`)).resolves.toMatchObject({ id: space.id });
  await expect(page.getByRole('button', { name: `Delete ${space.name}` })).toBeVisible();
  // The other dialog component (changing the targeting type drops the rules) is checked the same way in
  // targets-editor.spec.ts.
});

test("an admin's own demotion asks first (table and editor); other users' roles change in one click", async ({ page, adminAccount }) => {
  const me = adminAccount.user;
  const other = await createUser('user', uniq('colleague'));
  await page.goto('/dashboard/users');

  // Someone else: one click, no dialog.
  await page.getByRole('searchbox', { name: 'Search users' }).fill(other.name);
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await roleSelect(page, other.name).click();
  await page.getByRole('option', { name: 'Admin', exact: true }).click();
  await expect(page.getByText(`${other.name} is now an admin.`)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(apiClient(other.api_key).get('/account')).resolves.toMatchObject({ role: 'admin' });

  // Myself: a dialog that says what it costs; Cancel (focused) keeps me an admin.
  await page.getByRole('searchbox', { name: 'Search users' }).fill(me.name);
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await roleSelect(page, me.name).click();
  await page.getByRole('option', { name: 'User', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove your own admin role?' });
  await expect(dialog).toContainText('You will lose access to Users');
  await expect(dialog).toContainText('You cannot undo this yourself');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await checkA11y(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(roleSelect(page, me.name)).toHaveValue('Admin');
  await expect(adminAccount.api.get('/account')).resolves.toMatchObject({ role: 'admin' });

  // The editor asks too; Cancel keeps the editor open and me an admin, confirming demotes me.
  await page.getByRole('link', { name: `Edit ${me.name}` }).click();
  await page.getByText('User', { exact: true }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toContainText('You will lose access to Users');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/users/${me.id}/edit$`));
  await expect(adminAccount.api.get('/account')).resolves.toMatchObject({ role: 'admin' });
  await page.getByRole('button', { name: 'Save' }).click();
  await dialog.getByRole('button', { name: 'Make me a user' }).click();
  await expect(page.getByText('Admins only')).toBeVisible();
  await expect(adminAccount.api.get('/account')).resolves.toMatchObject({ role: 'user' });
});

test('a dirty editor asks before leaving: stay keeps the edits, leave discards them; save and cancel never ask', async ({ page, account }) => {
  const link = await seed.link(account.api, { url: 'https://example.com/guard', alias: uniq('guard'), title: 'Before' });
  const title = page.getByRole('textbox', { name: 'Title' });
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });

  // Untouched: leaving does not ask.
  await page.goto(`/dashboard/links/${link.id}/edit`);
  await expect(title).toHaveValue('Before');
  await navLink(page, 'Domains').click();
  await expect(page).toHaveURL(/\/dashboard\/domains$/);
  await expect(leave).toHaveCount(0);

  // Dirty: a nav link asks; Stay (focused) keeps the page and the edit.
  await page.goto(`/dashboard/links/${link.id}/edit`);
  await title.fill('Edited');
  await navLink(page, 'Domains').click();
  await expect(leave).toContainText('not saved');
  await expect(leave.getByRole('button', { name: 'Stay on this page' })).toBeFocused();
  await checkA11y(page);
  await leave.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/dashboard/links/${link.id}/edit$`));
  await expect(title).toHaveValue('Edited');

  // Leave discards.
  await navLink(page, 'Domains').click();
  await leave.getByRole('button', { name: 'Leave and discard changes' }).click();
  await expect(page).toHaveURL(/\/dashboard\/domains$/);
  await expect(account.api.get(`/links/${link.id}`)).resolves.toMatchObject({ title: 'Before' });
  await page.goBack();
  await expect(title).toHaveValue('Before');

  // Cancel is deliberate: no question.
  await title.fill('Cancelled');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/dashboard\/links$/);
  await expect(leave).toHaveCount(0);

  // Saving does not ask, neither then nor when leaving afterwards.
  await page.goto(`/dashboard/links/${link.id}/edit`);
  await title.fill('Saved');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`${link.alias} is up to date.`)).toBeVisible();
  await navLink(page, 'Spaces').click();
  await expect(page).toHaveURL(/\/dashboard\/spaces$/);
  await expect(leave).toHaveCount(0);
  await expect(account.api.get(`/links/${link.id}`)).resolves.toMatchObject({ title: 'Saved' });

  // The resource editors share the guard: a breadcrumb asks; creating goes straight to the list.
  await page.getByRole('link', { name: 'New space' }).first().click();
  const name = uniq('sp').slice(0, 30);
  await page.getByLabel('Name').fill(name);
  await page.getByRole('main').getByRole('link', { name: 'Spaces' }).click();
  await leave.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page.getByLabel('Name')).toHaveValue(name);
  await page.getByRole('button', { name: 'Create space' }).click();
  await expect(page).toHaveURL(/\/dashboard\/spaces$/);
  await expect(leave).toHaveCount(0);
  await expect(page.getByText(`Created ${name}.`)).toBeVisible();

  // Closing or reloading the tab with edits: the browser's own prompt (beforeunload).
  await page.goto(`/dashboard/links/${link.id}/edit`);
  await title.fill('Unsaved again');
  const prompt = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const beforeUnload = await prompt;
  expect(beforeUnload.type()).toBe('beforeunload');
  await beforeUnload.accept();
});
