// Account (who I am, key rotation that keeps the session) and users (admins only: list, create with the
// key shown once, change role, rename, delete; the last admin's 422s on a server of their own).
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures/test';
import { apiClient, freshAccount, uniq } from './fixtures/api';
import { checkA11y } from './fixtures/a11y';
import { signInWithKey } from './fixtures/session';
import { startSoloServer } from './fixtures/solo-server';

const KEY_STORAGE = 'linkdeck.apiKey';
const select = (page: Page, label: string) => page.locator(`input[aria-label="${label}"]`);
// Not remembered: the browser session's cookie (shared by its tabs); remembered: localStorage.
const storedKeys = (page: Page) =>
  page.evaluate(
    (k) => ({
      session: sessionStorage.getItem(k),
      local: localStorage.getItem(k),
      cookie: document.cookie.split('; ').find((c) => c.startsWith(`${k}=`))?.slice(k.length + 1) ?? null,
    }),
    KEY_STORAGE,
  );

test('account: who I am; rotating the key shows it once and the session goes on with it', async ({ page, account }) => {
  await page.goto('/dashboard/account');
  await expect(page.getByTestId('account-name')).toHaveText(account.user.name);
  await expect(page.getByTestId('account-role')).toHaveText('user');
  await checkA11y(page);

  await page.getByRole('button', { name: 'Rotate my key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rotate your API key?' });
  await expect(dialog).toContainText('stops working immediately');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  // Cancelled: the old key still works.
  await expect(apiClient(account.user.api_key).get('/account')).resolves.toMatchObject({ id: account.user.id });

  await page.getByRole('button', { name: 'Rotate my key' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Rotate key' }).click();
  const secret = page.getByTestId('secret-value');
  await expect(secret).toBeVisible();
  const newKey = (await secret.textContent())!.trim();
  expect(newKey.length).toBeGreaterThan(20);
  expect(newKey).not.toBe(account.user.api_key);
  await expect(page.getByRole('button', { name: 'Copy key' })).toBeVisible();
  await checkA11y(page);

  await expect(apiClient(newKey).get('/account')).resolves.toMatchObject({ id: account.user.id });
  await expect(apiClient(account.user.api_key).get('/account')).rejects.toMatchObject({ status: 401 });
  expect(await storedKeys(page)).toEqual({ session: null, local: null, cookie: encodeURIComponent(newKey) });

  // Still signed in: other pages and a reload work with the new key; the key is not shown again.
  await page.getByRole('link', { name: 'Domains' }).click();
  await expect(page.getByText('No domains yet')).toBeVisible();
  await page.goto('/dashboard/account');
  await expect(page.getByTestId('account-name')).toHaveText(account.user.name);
  await expect(page.getByTestId('secret-value')).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard\/account$/);
});

test('account: a key remembered on this device is replaced there', async ({ page }) => {
  const { user } = await freshAccount('user');
  await page.addInitScript(([k, v]) => {
    if (!localStorage.getItem(k) && !sessionStorage.getItem(k)) localStorage.setItem(k, v);
  }, [KEY_STORAGE, user.api_key] as const);
  await page.goto('/dashboard/account');
  await expect(page.getByTestId('account-name')).toHaveText(user.name);
  await page.getByRole('button', { name: 'Rotate my key' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Rotate key' }).click();
  const newKey = (await page.getByTestId('secret-value').textContent())!.trim();
  expect(await storedKeys(page)).toEqual({ session: null, local: newKey, cookie: null });
});

test('users: non-admins are told the page is for admins', async ({ page, account }) => {
  expect(account.user.role).toBe('user');
  await page.goto('/dashboard/users');
  await expect(page.getByText('Admins only')).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Users' })).toHaveCount(0);
  await checkA11y(page);
});

test('users: create (key shown once), change role, rename, delete', async ({ page, adminAccount }) => {
  expect(adminAccount.user.role).toBe('admin');
  await page.goto('/dashboard/users');
  await expect(page.getByTestId('user-row').first()).toBeVisible();
  await checkA11y(page);

  await page.getByRole('link', { name: 'New user' }).click();
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByText('Is required.')).toBeVisible();
  const name = uniq('marketer');
  await page.getByLabel('Name').fill(name);
  await page.getByText('Admin', { exact: true }).click();
  await checkA11y(page);
  await page.getByRole('button', { name: 'Create user' }).click();
  const secret = page.getByTestId('secret-value');
  await expect(secret).toBeVisible();
  const key = (await secret.textContent())!.trim();
  await expect(apiClient(key).get('/account')).resolves.toMatchObject({ name, role: 'admin' });
  await checkA11y(page);

  await page.getByRole('link', { name: 'Back to users' }).click();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(name);
  await expect(page).toHaveURL(/search=/);
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await expect(select(page, `Role of ${name}`)).toHaveValue('Admin');

  await select(page, `Role of ${name}`).click();
  await page.getByRole('option', { name: 'User', exact: true }).click();
  await expect(page.getByText(`${name} is now a user.`)).toBeVisible();
  await expect(apiClient(key).get('/account')).resolves.toMatchObject({ role: 'user' });

  await page.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page.getByLabel('Name')).toHaveValue(name);
  await page.getByLabel('Name').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Is required.')).toBeVisible();
  const renamed = `${name}-renamed`;
  await page.getByLabel('Name').fill(renamed);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Saved ${renamed}.`)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(renamed);
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await expect(page.getByTestId('user-row')).toContainText(renamed);
  await expect(apiClient(key).get('/account')).resolves.toMatchObject({ name: renamed, role: 'user' });

  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${renamed}?` });
  await expect(dialog).toContainText('deleted with them');
  await dialog.getByRole('button', { name: 'Delete user' }).click();
  await expect(page.getByText('No users match')).toBeVisible();
  await expect(apiClient(key).get('/account')).rejects.toMatchObject({ status: 401 });
});

test("users: the last admin's 422s (role change, edit, delete), on a server where they are the only user", async ({ page }) => {
  const solo = await startSoloServer();
  try {
    await signInWithKey(page, solo.adminKey);
    await page.goto(`${solo.baseURL}/dashboard/users`);
    await expect(page.getByTestId('user-row')).toHaveCount(1);
    await expect(page.getByTestId('user-row')).toContainText('you');

    // The last admin's role cannot be changed, and the page says why before anything opens.
    await expect(select(page, 'Role of Admin')).toBeDisabled();
    await expect(select(page, 'Role of Admin')).toHaveAccessibleDescription(/The last admin cannot be demoted: make another user an admin first\./);
    await expect(select(page, 'Role of Admin')).toHaveValue('Admin');

    await page.getByRole('button', { name: 'Delete Admin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Admin?' });
    await expect(dialog).toContainText('This is your own account');
    await dialog.getByRole('button', { name: 'Delete user' }).click();
    await expect(dialog.getByRole('alert')).toContainText('The last admin cannot be deleted: make another user an admin first.');
    await checkA11y(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The editor: "User" is disabled for the last admin, with the reason under the field; a rename alone is saved.
    await page.getByRole('link', { name: 'Edit Admin' }).click();
    await expect(page.getByRole('radio', { name: 'User' })).toBeDisabled();
    await expect(page.locator('form').getByText('The last admin cannot be demoted: make another user an admin first.')).toBeVisible();
    await checkA11y(page);
    await page.getByLabel('Name').fill('Only admin');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved Only admin.')).toBeVisible();
    await expect(page.getByTestId('user-row')).toContainText('Only admin');
    const me = await fetch(`${solo.baseURL}/api/v1/account`, { headers: { authorization: `Bearer ${solo.adminKey}` } }).then((r) => r.json());
    expect(me.data).toMatchObject({ name: 'Only admin', role: 'admin' });
  } finally {
    await solo.close();
  }
});
