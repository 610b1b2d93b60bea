// The targeting preview beside its rules from 1024 px up (sticky,
// in whole sentences naming the rule that decided), below the form on a phone; the last admin's role control
// disabled with the reason before any dialog; Enter picks the only option a filter leaves; Escape closes the
// phone menu.
import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { test, expect, pickOption } from './fixtures/test';
import { seed } from './fixtures/api';
import { checkA11y, settled } from './fixtures/a11y';
import { signInWithKey } from './fixtures/session';
import { startSoloServer } from './fixtures/solo-server';

const rulesOf = (page: Page) => page.getByRole('region', { name: 'Targeting', exact: true });
const previewOf = (page: Page) => page.getByTestId('targeting-preview');

async function box(l: Locator) {
  const b = await l.boundingBox();
  if (!b) throw new Error('not rendered');
  return b;
}

/** Puts the rules' top just under the header (56 px). */
async function scrollRulesToTop(page: Page) {
  await rulesOf(page).evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 64));
  await settled(page);
}

/** The editor at 1024 px, light and dark: into I26_SHOTS when set (a folder), else the test's output folder. */
async function editorShot(page: Page, mode: string) {
  const dir = process.env.I26_SHOTS;
  if (dir) fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: dir ? `${dir}/editor-1024-${mode}.png` : test.info().outputPath(`editor-1024-${mode}.png`) });
}

const RULES = [
  { key: 'FR', value: 'https://fr.example.com' },
  { key: 'DE', value: 'https://de.example.com/spring-sale' },
  { key: 'IT', value: 'https://it.example.com' },
  { key: 'ES', value: 'https://es.example.com' },
  { key: 'JP', value: 'https://jp.example.com' },
];

for (const width of [1024, 1440]) {
  test(`at ${width} px the preview sits beside the rules, sticky, and says who decided in words`, async ({ page, account }) => {
    await page.setViewportSize({ width, height: 800 });
    const link = await seed.link(account.api, { url: 'https://example.com/default', alias: `i26-${width}-${account.user.id}`, targets_type: 'countries', targets: RULES });
    await page.goto(`/dashboard/links/${link.id}/edit`);
    const rules = rulesOf(page);
    const preview = previewOf(page);
    await expect(rules.getByTestId('target-row')).toHaveCount(RULES.length);

    await scrollRulesToTop(page);
    const r = await box(rules);
    const p = await box(preview);
    expect(p.x, 'the preview starts right of the rules').toBeGreaterThanOrEqual(r.x + r.width);
    expect(p.y, 'the preview top is level with the rules').toBeGreaterThanOrEqual(r.y);
    expect(p.y).toBeLessThanOrEqual(r.y + r.height);

    // Scrolling on through the rules and past them: the preview stays where it was, in view.
    await page.mouse.move(r.x + 10, r.y + 10);
    await page.mouse.wheel(0, 250);
    await expect.poll(() => rules.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(r.y - 200);
    const after = await box(preview);
    expect(Math.abs(after.y - p.y), 'sticky').toBeLessThanOrEqual(1);
    await expect(preview).toBeInViewport();

    // The answer in whole sentences, naming the rule.
    const summary = preview.getByTestId('preview-summary');
    await expect(summary).toHaveText('No rule matched: the visitor goes to the default destination https://example.com/default.');
    await expect(preview.getByTestId('preview-decided-by')).toHaveText('No rule matched');
    await pickOption(page, 'Country', /Germany \(DE\)/);
    await expect(summary).toHaveText('Rule 2 (Germany) decided: the visitor goes to https://de.example.com/spring-sale.');
    await expect(preview.getByTestId('preview-decided-by')).toHaveText('Rule 2 (Germany)');
    // Rule 2 without a destination, then no destination at all: never "goes to .".
    await page.getByRole('textbox', { name: 'Rule 2 destination URL' }).fill('');
    await expect(summary).toHaveText('Rule 2 (Germany) decided, but it has no destination URL yet: enter one to see where the visitor goes.');
    await pickOption(page, 'Country', /Japan \(JP\)/);
    await page.getByRole('textbox', { name: 'Destination URL', exact: true }).fill('');
    await pickOption(page, 'Country', /Brazil \(BR\)/);
    await expect(summary).toHaveText('No rule matched, and the default destination is empty. Enter a destination URL to see where visitors go.');
    await expect(preview).not.toContainText('goes to .');
    await expect(preview).not.toContainText(/decided by\s*targeting rules/i);

    if (width === 1024) {
      await page.getByRole('textbox', { name: 'Destination URL', exact: true }).fill('https://example.com/default');
      await page.mouse.move(0, 0);
      await scrollRulesToTop(page);
      for (const mode of ['light', 'dark'] as const) {
        if ((await page.locator('html').getAttribute('data-mantine-color-scheme')) !== mode) {
          await page.getByRole('button', { name: `Switch to ${mode} theme` }).click();
          await page.mouse.move(0, 0);
        }
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', mode);
        await settled(page);
        await editorShot(page, mode);
        await checkA11y(page);
      }
    }
  });
}

test('without rules the preview says where every visitor goes, or asks for the destination', async ({ page, account }) => {
  expect(account.user.id).toBeGreaterThan(0);
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.goto('/dashboard/links/new');
  const preview = previewOf(page);
  await expect(preview.getByTestId('preview-summary')).toHaveText('Enter a destination URL to see where visitors go.');
  await expect(preview.getByTestId('preview-decided-by')).toHaveText('No targeting');
  await page.getByRole('textbox', { name: 'Destination URL', exact: true }).fill('shop.example.com/spring');
  await expect(preview.getByTestId('preview-summary')).toHaveText('No targeting: every visitor goes to https://shop.example.com/spring.');
  await expect(preview).not.toContainText('goes to .');
  // Side by side from the top of the page too: the preview is level with the form's first section.
  const form = await box(page.getByRole('form', { name: 'New link' }));
  const p = await box(preview);
  expect(p.x).toBeGreaterThanOrEqual(form.x + form.width);
  expect(p.y).toBeLessThan(form.y + 200);
});

test('at 390 px the preview comes below the form', async ({ page, account }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const link = await seed.link(account.api, { url: 'https://example.com/default', alias: `i26-390-${account.user.id}`, targets_type: 'countries', targets: RULES.slice(0, 2) });
  await page.goto(`/dashboard/links/${link.id}/edit`);
  const form = await box(page.getByRole('form', { name: 'Edit link' }));
  const rules = await box(rulesOf(page));
  const p = await box(previewOf(page));
  expect(p.y).toBeGreaterThanOrEqual(form.y + form.height);
  expect(p.y).toBeGreaterThan(rules.y + rules.height);
  expect(Math.abs(p.x - rules.x)).toBeLessThan(40);
  await expect(previewOf(page).getByTestId('preview-summary')).toHaveText('No rule matched: the visitor goes to the default destination https://example.com/default.');
});

test('the last admin cannot be demoted: the control is disabled and says why, and no dialog opens', async ({ page }) => {
  const solo = await startSoloServer();
  try {
    const call = (method: string, path: string, body?: unknown) =>
      fetch(`${solo.baseURL}/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${solo.adminKey}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, json: (await r.json()) as { data: { id: number } } }));
    const other = await call('POST', '/users', { name: 'Robin', role: 'user' });
    expect(other.status).toBe(201);

    await signInWithKey(page, solo.adminKey);
    await page.goto(`${solo.baseURL}/dashboard/users`);
    await expect(page.getByTestId('user-row')).toHaveCount(2);
    const adminRole = page.getByRole('textbox', { name: 'Role of Admin' }).or(page.getByRole('combobox', { name: 'Role of Admin' })).first();
    const robinRole = page.getByRole('textbox', { name: 'Role of Robin' }).or(page.getByRole('combobox', { name: 'Role of Robin' })).first();
    await expect(adminRole).toBeDisabled();
    await expect(adminRole).toHaveAccessibleDescription('The last admin cannot be demoted: make another user an admin first.');
    await expect(robinRole).toBeEnabled();
    await expect(page.getByTestId('user-row').filter({ hasText: 'Admin' })).toContainText('Last admin');

    // Pointing at it says why; clicking opens nothing.
    await page.getByTestId('last-admin-role').hover();
    await expect(page.getByRole('tooltip')).toHaveText('The last admin cannot be demoted: make another user an admin first.');
    await page.getByTestId('last-admin-role').click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await checkA11y(page);

    // The editor: the User choice is disabled, with the reason.
    await page.getByRole('link', { name: 'Edit Admin' }).click();
    await expect(page.getByText('The last admin cannot be demoted: make another user an admin first.')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'User' })).toBeDisabled();
    await page.getByRole('link', { name: 'Users' }).first().click();

    // Another admin: both can be demoted again (the first one after the usual confirmation of a self-demotion).
    expect((await call('PUT', `/users/${other.json.data.id}`, { role: 'admin' })).status).toBe(200);
    await page.reload();
    await expect(adminRole).toBeEnabled();
    await expect(page.getByText('Last admin')).toHaveCount(0);
    await adminRole.click();
    await page.getByRole('option', { name: 'User', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Remove your own admin role?' })).toBeVisible();
  } finally {
    await solo.close();
  }
});

test('Enter picks the only option a typed filter leaves', async ({ page, account }) => {
  const a = await seed.space(account.api, { name: `Autumn ${account.user.id}` });
  const w = await seed.space(account.api, { name: `Winter ${account.user.id}` });
  expect(a.id).not.toBe(w.id);
  await page.goto('/dashboard/links');
  const space = page.getByRole('combobox', { name: 'Space' });
  await space.click();
  await space.fill('wint');
  await expect(page.getByRole('option')).toHaveCount(1);
  await space.press('Enter');
  await expect(page).toHaveURL(new RegExp(`space_id=${w.id}`));
  await expect(space).toHaveValue(`Winter ${account.user.id}`);
  // Two left: Enter picks nothing.
  await space.fill('');
  await space.fill(String(account.user.id));
  await expect(page.getByRole('option')).toHaveCount(2);
  await space.press('Enter');
  await expect(page).toHaveURL(new RegExp(`space_id=${w.id}`));
});

test('Escape closes the phone menu and gives the focus back to its button', async ({ page, account }) => {
  expect(account.user.id).toBeGreaterThan(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard/links');
  const burger = page.getByRole('button', { name: 'Toggle navigation' });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await burger.click();
  await expect(burger).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Domains' })).toBeInViewport();
  await nav.getByRole('link', { name: 'Domains' }).focus();
  await page.keyboard.press('Escape');
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Domains' })).not.toBeInViewport();
  await expect(burger).toBeFocused();
});
