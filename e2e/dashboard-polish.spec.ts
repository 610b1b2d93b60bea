// Dashboard polish: the links table's row menu, alias renames, rotation weights, URLs without a scheme,
// keyboard shortcuts and validation messages in the user's words.
import { test, expect, pickOption } from './fixtures/test';
import { seed, uniq, type ApiClient } from './fixtures/api';
import { checkA11y } from './fixtures/a11y';
import { reviewShots } from './fixtures/screenshot';

const listOf = (api: ApiClient) => api.list<{ id: number; alias: string; url: string; title: string | null; targets: { key: string; value: string }[] }>('/links', { per_page: 100 });

test('each row has a menu: copy, open, details, duplicate, edit and delete', async ({ page, context, account }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { api } = account;
  const other = await seed.link(api, { url: 'https://example.com/other', alias: uniq('other').slice(0, 30) });
  const link = await seed.link(api, {
    url: 'https://example.com/spring',
    alias: uniq('spring').slice(0, 30),
    title: 'Spring sale',
    redirect_password: 'secret',
    targets_type: 'countries',
    targets: [{ key: 'DE', value: 'https://example.de/spring' }],
  });
  await page.goto('/dashboard/links');
  const menuButton = page.getByRole('button', { name: `Actions for ${link.alias}` });
  const menu = page.getByRole('menu');

  // Keyboard: Enter opens it on the first item, Escape closes it and gives the focus back to the button.
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(menu.getByRole('menuitem')).toHaveText(['Copy short URL', 'Open short URL', 'Details and statistics', 'Duplicate', 'Edit', 'Delete…']);
  await checkA11y(page);
  await reviewShots(page, 'row-menu');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();

  // Copy puts the short URL on the clipboard and says so; Open is a new-tab link to the short URL.
  await menuButton.click();
  await expect(menu.getByRole('menuitem', { name: 'Open short URL' })).toHaveAttribute('href', link.short_url);
  await expect(menu.getByRole('menuitem', { name: 'Open short URL' })).toHaveAttribute('target', '_blank');
  await menu.getByRole('menuitem', { name: 'Copy short URL' }).click();
  await expect(page.getByText(`Copied ${link.short_url}`)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link.short_url);

  // Details and Edit go to their pages.
  await menuButton.click();
  await menu.getByRole('menuitem', { name: 'Details and statistics' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/links/${link.id}$`));
  await page.goBack();
  await menuButton.click();
  await menu.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/links/${link.id}/edit$`));
  await page.goBack();

  // Duplicate: the editor opens prefilled, alias empty; passwords are not copied, and it says so.
  await menuButton.click();
  await menu.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/links/new\\?duplicate=${link.id}$`));
  await expect(page.getByRole('heading', { name: `Duplicate ${link.alias}` })).toBeVisible();
  await expect(page).toHaveTitle(`Duplicate ${link.alias} · Linkdeck`);
  await expect(page.getByRole('textbox', { name: 'Destination URL', exact: true })).toHaveValue('https://example.com/spring');
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Spring sale');
  await expect(page.getByRole('textbox', { name: 'Alias' })).toHaveValue('');
  await expect(page.getByTestId('target-row')).toHaveCount(1);
  await expect(page.getByText('Passwords are not copied')).toBeVisible();
  await checkA11y(page);
  await reviewShots(page, 'duplicate-editor');
  const copyAlias = uniq('copy').slice(0, 30);
  await page.getByRole('textbox', { name: 'Alias' }).fill(copyAlias);
  await page.getByRole('button', { name: 'Create link' }).click();
  await expect(page).toHaveURL(/\/dashboard\/links\/\d+\/edit$/);
  const copy = (await listOf(api)).data.find((l) => l.alias === copyAlias);
  expect(copy).toMatchObject({ url: 'https://example.com/spring', title: 'Spring sale', targets: [{ key: 'DE', value: 'https://example.de/spring' }], redirect_password: false });

  // Delete asks first (Cancel focused), names the short URL, then the row goes.
  await page.goto('/dashboard/links');
  await page.getByRole('button', { name: `Actions for ${other.alias}` }).click();
  await menu.getByRole('menuitem', { name: 'Delete…' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${other.alias}?` });
  await expect(dialog).toContainText(`${other.short_url} stops working`);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await checkA11y(page);
  await dialog.getByRole('button', { name: 'Delete link' }).click();
  await expect(page.getByText(`Deleted link ${other.short_url.replace(/^https?:\/\//, '')}`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Actions for ${other.alias}` })).toHaveCount(0);
  expect((await listOf(api)).data.map((l) => l.alias).sort()).toEqual([copyAlias, link.alias].sort());
});

test('renaming an alias warns that the old short URL breaks, and the toast shows the new one', async ({ page, account }) => {
  const alias = uniq('rename').slice(0, 30);
  const link = await seed.link(account.api, { url: 'https://example.com/rename', alias });
  await page.goto(`/dashboard/links/${link.id}/edit`);
  const aliasBox = page.getByRole('textbox', { name: 'Alias' });
  const warning = page.getByTestId('rename-warning');
  await expect(aliasBox).toHaveValue(alias);
  await expect(warning).toHaveCount(0);

  const renamed = `${alias}-new`.slice(0, 40);
  await aliasBox.fill(renamed);
  await expect(warning).toContainText('Renaming breaks the old short URL');
  await expect(warning).toContainText(`${link.short_url} stops working: printed QR codes and links already shared to it lead nowhere`);
  await checkA11y(page);
  await reviewShots(page, 'rename-warning');
  // Back to the saved alias: nothing to warn about.
  await aliasBox.fill(alias);
  await expect(warning).toHaveCount(0);

  await aliasBox.fill(renamed);
  await page.getByRole('button', { name: 'Save changes' }).click();
  const newShortUrl = link.short_url.replace(new RegExp(`/${alias}$`), `/${renamed}`);
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: `Renamed to ${renamed}` });
  await expect(toast).toContainText(`The short URL is now ${newShortUrl}; ${link.short_url} no longer works.`);
  await expect(warning).toHaveCount(0);
  await expect(page.getByRole('heading', { name: `Edit ${renamed}` })).toBeVisible();
  expect(await account.api.get(`/links/${link.id}`)).toMatchObject({ alias: renamed, short_url: newShortUrl });
  expect((await fetch(link.short_url.replace(/^http:\/\/localhost:\d+/, new URL(page.url()).origin), { redirect: 'manual' })).status).toBe(404);
});

test('a web address typed without a scheme gets https:// in the field before saving', async ({ page, account }) => {
  await page.goto('/dashboard/links/new');
  const url = page.getByRole('textbox', { name: 'Destination URL', exact: true });
  await expect(page.getByText('https:// is added when you leave it out.')).toBeVisible();

  // Something that is not a host name, or has a scheme of its own, stays for the URL rule to refuse.
  await url.fill('javascript:alert(1)');
  await url.press('Tab');
  await expect(url).toHaveValue('javascript:alert(1)');

  await url.fill('example.com/page?utm=1');
  await url.press('Tab');
  await expect(url).toHaveValue('https://example.com/page?utm=1');

  await pickOption(page, 'Targeting', /Rotations/);
  await page.getByRole('button', { name: 'Add rule' }).click();
  await page.getByRole('textbox', { name: 'Rule 1 weight' }).fill('5');
  const rule = page.getByRole('textbox', { name: 'Rule 1 destination URL' });
  await rule.fill('www.example.de/seite');
  await rule.press('Tab');
  await expect(rule).toHaveValue('https://www.example.de/seite');
  await reviewShots(page, 'url-scheme');

  // Enter inside a field saves without leaving it: the scheme is added all the same, and shown.
  const expiration = page.getByRole('textbox', { name: 'Expiration URL' });
  await expiration.fill('example.com/over');
  const alias = uniq('scheme').slice(0, 30);
  await page.getByRole('textbox', { name: 'Alias' }).fill(alias);
  await expiration.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/links\/\d+\/edit$/);
  await expect(page.getByRole('textbox', { name: 'Expiration URL' })).toHaveValue('https://example.com/over');
  const saved = (await listOf(account.api)).data.find((l) => l.alias === alias);
  expect(saved).toMatchObject({
    url: 'https://example.com/page?utm=1',
    expiration_url: 'https://example.com/over',
    targets: [{ key: '5', value: 'https://www.example.de/seite' }],
  });
});

test('keyboard: a skip link, / focuses the search, ? lists the shortcuts, Add rule focuses the new key picker', async ({ page, account }) => {
  const link = await seed.link(account.api, { url: 'https://example.com/keys', alias: uniq('keys').slice(0, 30) });
  await page.goto('/dashboard/links');
  await expect(page.getByTestId('link-row')).toHaveCount(1);

  // The first Tab reaches the skip link, which takes the focus past the header and navigation.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await reviewShots(page, 'skip-link');
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  // The next Tab is the first control of the page itself: Import, the list's Export menu, then New link.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Import' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Export' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'New link' })).toBeFocused();

  // "/" focuses the list's search box; typed inside a field, "/" and "?" are just characters.
  await page.locator('main').focus();
  await page.keyboard.press('/');
  const search = page.getByRole('textbox', { name: 'Search links' });
  await expect(search).toBeFocused();
  await page.keyboard.type('a/b?');
  await expect(search).toHaveValue('a/b?');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // "?" lists the shortcuts; Escape closes the list.
  await page.locator('main').focus();
  await page.keyboard.press('Shift+Slash');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog.getByRole('row', { name: "/ Focus the list's search box" })).toBeVisible();
  await expect(dialog.getByRole('row', { name: '? Show these shortcuts' })).toBeVisible();
  await checkA11y(page);
  await reviewShots(page, 'shortcuts-dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // The header's keyboard button opens it too.
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');

  // Other lists: "/" finds their search box.
  await page.goto('/dashboard/domains');
  await page.locator('main').focus();
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Search domains' })).toBeFocused();

  // "Add rule" puts the focus on the new rule's key picker (a list, or a weight for rotations).
  await page.goto(`/dashboard/links/${link.id}/edit`);
  await pickOption(page, 'Targeting', 'Countries');
  const add = page.getByRole('button', { name: 'Add rule' });
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Rule 1 key' }).or(page.getByRole('combobox', { name: 'Rule 1 key' })).first()).toBeFocused();
  // A searchable picker opens its list on focus: Escape closes it before the next rule.
  await page.keyboard.press('Escape');
  await add.click();
  await expect(page.getByRole('textbox', { name: 'Rule 2 key' }).or(page.getByRole('combobox', { name: 'Rule 2 key' })).first()).toBeFocused();
  await page.keyboard.type('germ');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Rule 2 key' }).or(page.getByRole('combobox', { name: 'Rule 2 key' })).first()).toHaveValue(/Germany/);
  await pickOption(page, 'Targeting', /Rotations/);
  await page.getByRole('dialog').getByRole('button', { name: 'Remove rules and change' }).click();
  await add.click();
  await expect(page.getByRole('textbox', { name: 'Rule 1 weight' })).toBeFocused();
});

test('validation messages name fields in the user\'s words; "Not saved" goes once the fields are fixed', async ({ page, account }) => {
  const link = await seed.link(account.api, {
    url: 'https://example.com/words',
    alias: uniq('words').slice(0, 30),
    active_period_start_at: '2030-01-10T12:00:00Z',
    active_period_end_at: '2030-01-20T12:00:00Z',
  });
  await page.goto(`/dashboard/links/${link.id}/edit`);
  const form = page.getByRole('form', { name: 'Edit link' });
  const noApiNames = async () => expect(await form.innerText()).not.toMatch(/targets\.\d|active_period|targets_type|_at\b|privacy is 2/);

  // End before start: said with the fields' labels, and gone once fixed.
  await page.locator('#picker-active_period_start_at').click();
  await page.getByRole('dialog').getByRole('button', { name: /^25 / }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Apply start' }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText('End must be after Start.')).toBeVisible();
  await noApiNames();
  await page.locator('#picker-active_period_end_at').click();
  await page.getByRole('dialog').getByRole('button', { name: /^28 / }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Apply end' }).click();
  await expect(form.getByText('End must be after Start.')).toHaveCount(0);

  // Rules: a country used twice is named, an empty one is "required".
  await pickOption(page, 'Targeting', 'Countries');
  const add = page.getByRole('button', { name: 'Add rule' });
  for (const i of [1, 2]) {
    await add.click();
    const key = page.getByRole('textbox', { name: `Rule ${i} key` }).or(page.getByRole('combobox', { name: `Rule ${i} key` })).first();
    await key.fill('germany');
    await page.getByRole('option', { name: /Germany/ }).click();
    await page.getByRole('textbox', { name: `Rule ${i} destination URL` }).fill(`https://example.de/${i}`);
  }
  await expect(form.getByText('Germany is used twice (rule 1 has it too).')).toBeVisible();
  await add.click();
  await page.keyboard.press('Escape');
  await page.getByRole('textbox', { name: 'Rule 3 destination URL' }).fill('https://example.com/3');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText('Country is required.')).toBeVisible();
  await noApiNames();
  // The first field in error has the focus, and a searchable picker opens its list on focus: close it first.
  await page.keyboard.press('Escape');
  await checkA11y(page);
  await reviewShots(page, 'field-messages');
  await page.getByRole('button', { name: 'Remove rule 3' }).click();
  await page.getByRole('button', { name: 'Remove rule 2' }).click();
  await expect(form.getByText('Germany is used twice')).toHaveCount(0);

  // A server refusal: on its field in words, and a "Not saved" banner that goes once the field is fixed.
  let refuse = true;
  await page.route(`**/api/v1/links/${link.id}`, async (route) => {
    if (route.request().method() !== 'PUT' || !refuse) return route.continue();
    await route.fulfill({
      status: 422,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'The alias field has already been taken.', errors: { alias: ['The alias field has already been taken.'] }, status: 422 }),
    });
  });
  await page.getByRole('button', { name: 'Save changes' }).click();
  const banner = page.getByTestId('form-error');
  await expect(banner).toContainText('Not saved');
  await expect(banner).toContainText('Fix Alias, then save again.');
  await expect(form.getByText('Alias has already been taken.')).toBeVisible();
  await noApiNames();
  await reviewShots(page, 'not-saved-banner');
  refuse = false;
  await page.getByRole('textbox', { name: 'Alias' }).fill(`${link.alias}-2`.slice(0, 40));
  await expect(banner).toHaveCount(0);
  await expect(form.getByText('Alias has already been taken.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`Renamed to ${link.alias}-2`.slice(0, 51))).toBeVisible();
});
