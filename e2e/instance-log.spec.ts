// The instance log: an instance admin reads what happened to the instance's people (a user created through the
// API shows with its role), and it reads on a phone; a user has no entry for it and is told
// the page is for instance admins.
import { test, expect } from './fixtures/test';
import { createUser, uniq } from './fixtures/api';
import { checkA11y } from './fixtures/a11y';

test('an instance admin reads the instance log: a user created through the API, with its role', async ({ page, adminAccount }) => {
  void adminAccount;
  const name = uniq('logged');
  await createUser('user', name);
  await page.goto('/dashboard/links');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Instance log' }).click();
  await expect(page).toHaveURL(/\/dashboard\/instance-log/);
  await expect(page.getByRole('heading', { name: 'Instance log' })).toBeVisible();
  const entry = page.getByTestId('audit-entry').filter({ hasText: `Created user ${name}` });
  await expect(entry.first()).toBeVisible();
  await expect(entry.first()).toContainText('with the role user');
  // The pointer off the navigation item it clicked (a hovered active item is measured otherwise).
  await page.mouse.move(600, 880);
  await checkA11y(page);
});

test('at 390 px the instance log reads as cards', async ({ page, adminAccount }) => {
  void adminAccount;
  await page.setViewportSize({ width: 390, height: 844 });
  const name = uniq('phone');
  await createUser('user', name);
  await page.goto('/dashboard/instance-log');
  await expect(page.getByTestId('audit-entry').filter({ hasText: `Created user ${name}` }).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('a user has no Instance log entry, and the page says it is for instance admins', async ({ page, account }) => {
  void account;
  await page.goto('/dashboard/links');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Links' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Instance log' })).toHaveCount(0);
  await page.goto('/dashboard/instance-log');
  await expect(page.getByText('Instance admins only')).toBeVisible();
});
