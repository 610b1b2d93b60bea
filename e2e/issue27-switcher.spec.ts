// The workspace switcher: a person with their personal workspace and a viewer's membership in a team
// workspace (made through the API: the team's owner invites, the person accepts). The header's switcher lists both
// with the role, marks the current one, and switching (by keyboard) shows the other workspace's links with `ws` in the
// address, which every link and a reload keep; back to the personal workspace drops it. As a viewer the links list
// has no create, import, export, selection, edit, duplicate or delete, the editor's address says it is read only, and
// the navigation has no audit log or webhooks. "Create workspace…" makes one and switches to it; an address naming a
// workspace that is not the person's says so. Axe at 1440 and 390 px; screenshots of the header with the switcher
// open at 1440 light and 390 dark (the burger menu's switcher) in the test's output folder.
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures/test';
import { SeedError, freshAccount, seed, uniq, type SeedLink } from './fixtures/api';
import { checkA11y, settled } from './fixtures/a11y';
import { E2E_BASE_URL } from './fixtures/env';
import type { Account } from './fixtures/test';

/** An API call with a sign-in key, acting in workspace `ws` (the Linkdeck-Workspace header) when given. */
async function call<T>(key: string, method: string, path: string, body?: unknown, ws?: number): Promise<T> {
  const res = await fetch(`${E2E_BASE_URL}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(ws === undefined ? {} : { 'linkdeck-workspace': String(ws) }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: T };
  if (!res.ok) throw new SeedError(res.status, json, `${method} ${path}`);
  return json.data;
}

interface World {
  team: { id: number; name: string };
  teamLink: SeedLink;
  myLink: SeedLink;
  ownerId: number;
}

/** `account` is invited as `role` into a team workspace of another person, which has one link; they have one of their own. */
async function world({ user, api }: Account, role: 'viewer' | 'member'): Promise<World> {
  const owner = await freshAccount();
  const team = await call<{ id: number; name: string }>(owner.user.api_key, 'POST', '/workspaces', { name: `Marketing ${Date.now().toString(36).slice(-4)}` });
  const teamLink = await call<SeedLink>(owner.user.api_key, 'POST', '/links', { url: 'https://example.com/team', alias: uniq('team') }, team.id);
  const invitation = await call<{ token: string }>(owner.user.api_key, 'POST', `/workspaces/${team.id}/invitations`, { role });
  await call(user.api_key, 'POST', `/invitations/${invitation.token}/accept`);
  const myLink = await seed.link(api, { url: 'https://example.com/mine', alias: uniq('mine') });
  return { team, teamLink, myLink, ownerId: owner.user.id };
}

const switcher = (page: Page) => page.getByTestId('workspace-switcher').locator('visible=true');
const rows = (page: Page) => page.getByTestId('link-row');
const option = (page: Page, name: string) => page.getByRole('menuitemradio', { name: new RegExp(`^${name}`) });

/** Opens the switcher with the keyboard (focus, Enter) and waits for its list. */
async function openSwitcher(page: Page): Promise<Locator> {
  await switcher(page).focus();
  await page.keyboard.press('Enter');
  // The menu is named by its button (aria-labelledby).
  const menu = page.getByRole('menu').and(page.getByTestId('workspace-menu'));
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitemradio')).not.toHaveCount(0);
  return menu;
}

const shot = async (page: Page, name: string) => {
  await settled(page);
  await page.screenshot({ path: test.info().outputPath(name) });
};

/** What a viewer must not see on the links list (`nav`: the navigation is on screen, not in the closed burger menu). */
async function expectNoWrites(page: Page, alias: string, { nav = true } = {}): Promise<void> {
  await expect(rows(page)).toHaveCount(1);
  for (const name of ['New link', 'Import']) await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save view' })).toHaveCount(0);
  await expect(page.getByTestId('quick-create-button')).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: /^Select / })).toHaveCount(0);
  await expect(page.getByRole('link', { name: `Edit ${alias}` })).toHaveCount(0);
  await page.getByRole('button', { name: `Actions for ${alias}` }).click();
  const menu = page.getByRole('menu', { name: `Actions for ${alias}` });
  await expect(menu.getByRole('menuitem', { name: 'Details and statistics' })).toBeVisible();
  for (const name of ['Duplicate', 'Edit', 'Delete…']) await expect(menu.getByRole('menuitem', { name, exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  if (!nav) return;
  const main = page.getByRole('navigation', { name: 'Main' });
  await expect(main.getByRole('link', { name: 'Links' })).toBeVisible();
  for (const name of ['Audit log', 'Webhooks']) await expect(main.getByRole('link', { name })).toHaveCount(0);
}

test.describe('at 1440 px, light', () => {
  test.use({ viewport: { width: 1440, height: 900 }, colorScheme: 'light' });

  test('switches to the team workspace by keyboard, keeps it in the address, and shows a viewer no write action', async ({ page, account }) => {
    const { team, teamLink, myLink } = await world(account, 'viewer');
    await page.goto('/dashboard/links');
    await expect(switcher(page)).toHaveAccessibleName(new RegExp(`^Workspace: ?${account.user.name} ?, your role: ?Owner$`));
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(myLink.alias);
    await expect(page.getByRole('link', { name: 'New link', exact: true })).toBeVisible();

    const menu = await openSwitcher(page);
    await expect(menu.getByRole('menuitemradio')).toHaveCount(2);
    await expect(option(page, account.user.name)).toHaveAttribute('aria-checked', 'true');
    await expect(option(page, account.user.name)).toContainText('(personal)');
    await expect(option(page, team.name)).toHaveAttribute('aria-checked', 'false');
    await expect(option(page, team.name)).toContainText('Viewer');
    await page.mouse.move(1400, 880);
    await shot(page, 'switcher-open-1440-light.png');
    await checkA11y(page);

    // The menu opened on its first item; down to the team, Enter.
    await expect(option(page, account.user.name)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(option(page, team.name)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/dashboard/links\\?ws=${team.id}$`));
    await expect(switcher(page)).toContainText(team.name);
    await expect(switcher(page)).toContainText('Viewer');
    await expect(rows(page).first()).toContainText(teamLink.alias);
    await expectNoWrites(page, teamLink.alias);

    // Every link keeps the workspace; so does a reload.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Spaces' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/spaces\\?ws=${team.id}$`));
    await expect(page.getByRole('link', { name: 'New space' })).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Domains' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/domains\\?ws=${team.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Domains', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add domain' })).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Links' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/links\\?ws=${team.id}$`));
    await expect(page.locator(`a[href="/dashboard/links/${teamLink.id}?ws=${team.id}"]`).first()).toBeVisible();
    await page.reload();
    await expect(switcher(page)).toContainText(team.name);
    await expect(rows(page).first()).toContainText(teamLink.alias);
    await expectNoWrites(page, teamLink.alias);
    await page.mouse.move(1400, 880);
    await checkA11y(page);
    await shot(page, 'viewer-links-1440-light.png');
    await page.setViewportSize({ width: 1024, height: 800 });
    await shot(page, 'viewer-links-1024-light.png');
    await page.setViewportSize({ width: 1440, height: 900 });

    // The editor's address, typed: read only, saying why.
    await page.goto(`/dashboard/links/${teamLink.id}/edit?ws=${team.id}`);
    await expect(page.getByTestId('read-only-state')).toContainText(`Your role in ${team.name} is viewer: it does not let you change links.`);
    await expect(page.getByRole('button', { name: /Save/ })).toHaveCount(0);
    await page.goto(`/dashboard/links/${teamLink.id}?ws=${team.id}`);
    await expect(page.getByRole('heading', { name: teamLink.alias })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);

    // Back to the personal workspace: no ws, its own link, and the writes again.
    await openSwitcher(page);
    await option(page, account.user.name).click();
    await expect(page).toHaveURL(/\/dashboard\/links$/);
    await expect(rows(page).first()).toContainText(myLink.alias);
    await expect(page.getByRole('link', { name: 'New link', exact: true })).toBeVisible();
    await expect(page.getByTestId('quick-create-button')).toBeVisible();
  });

  test('"Create workspace…" makes one the person owns and switches to it; a workspace not theirs is named as such', async ({ page, account }) => {
    const { ownerId } = await world(account, 'member');
    await page.goto('/dashboard/spaces');
    await openSwitcher(page);
    await page.getByRole('menuitem', { name: 'Create workspace…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a workspace' });
    // An empty name: refused, and the field says why.
    await dialog.getByRole('button', { name: 'Create workspace' }).click();
    await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/dashboard\/spaces$/);
    const name = `Sales ${Date.now().toString(36).slice(-4)}`;
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Create workspace' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard\/spaces\?ws=\d+$/);
    await expect(switcher(page)).toContainText(name);
    await expect(switcher(page)).toContainText('Owner');
    await expect(page.getByText('No spaces yet')).toBeVisible();
    await expect(page.getByRole('link', { name: 'New space' })).toBeVisible();
    const menu = await openSwitcher(page);
    await expect(menu.getByRole('menuitemradio')).toHaveCount(3);
    await expect(option(page, name)).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');

    // Another person's personal workspace, which this person is no member of.
    await page.goto(`/dashboard/links?ws=${ownerId}`);
    await expect(page.getByText('You are not a member of this workspace')).toBeVisible();
    await page.getByRole('link', { name: 'Open your personal workspace' }).click();
    await expect(page).toHaveURL(/\/dashboard\/links$/);
    await expect(rows(page)).toHaveCount(1);
  });
});

test.describe('at 390 px, dark', () => {
  test.use({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });

  test('the switcher is in the burger menu; switching closes it and shows the team’s links', async ({ page, account }) => {
    const { team, teamLink } = await world(account, 'viewer');
    await page.goto('/dashboard/links');
    await expect(page.getByTestId('workspace-switcher').first()).toBeHidden();
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    const menu = await openSwitcher(page);
    await expect(menu.getByRole('menuitemradio')).toHaveCount(2);
    await shot(page, 'switcher-open-390-dark.png');
    await checkA11y(page);
    await option(page, team.name).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/links\\?ws=${team.id}$`));
    await expect(page.getByRole('button', { name: 'Toggle navigation' })).toHaveAttribute('aria-expanded', 'false');
    await expect(rows(page).first()).toContainText(teamLink.alias);
    await expectNoWrites(page, teamLink.alias, { nav: false });
    await checkA11y(page);
  });
});
