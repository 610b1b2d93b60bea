// Members, invitations and keys in the dashboard: person A makes a team workspace (API), invites from the
// dashboard (the link shown once), person B opens the link in a browser of their own, joins, lands in the workspace and
// appears in A's members list; the used link then says B is a member already, a revoked one that it was revoked. A
// changes B's role; A's own role and Leave are disabled with the last owner's reason on screen before any dialog. A key
// made with links:read only reads links (200) and is refused a write (403 naming links:write); an admin's key form
// disables workspace:write and says why. What people typed (names) is shown as text. Axe at 1440 and 390 px;
// screenshots at 1440 light and 390 dark in the test's output folder.
import { test, expect, pickOption, type Account } from './fixtures/test';
import { apiClient, freshAccount } from './fixtures/api';
import { notice } from './fixtures/notice';
import { E2E_BASE_URL } from './fixtures/env';
import { a11y, invite, memberRow, pageFor, shot, teamOf as teamNamed } from './fixtures/team';
import { MEMBER_RULES } from '../src/shared/member-rules';

const TEAM = 'Team <i>Rocket</i>';
const teamOf = (a: Account) => teamNamed(a, TEAM);

test.describe('at 1440 px, light', () => {
  test.use({ viewport: { width: 1440, height: 900 }, colorScheme: 'light' });

  test('A invites from the dashboard, B joins through the link and appears in the members list; roles and the last owner', async ({ page, account, browser }) => {
    const team = await teamOf(account);
    const b = await freshAccount('user');

    // A: the invitations page of the team workspace, from the settings' sub-navigation.
    // `/workspace` (the navigation's entry) opens the members, in the same workspace.
    await page.goto(`/dashboard/workspace?ws=${team.id}`);
    await expect(page).toHaveURL(new RegExp(`/dashboard/workspace/members\\?ws=${team.id}$`));
    await expect(page.getByTestId('settings-workspace-name')).toHaveText(TEAM);
    await expect(page.getByTestId('settings-workspace-name').locator('i')).toHaveCount(0);
    const nav = page.getByRole('navigation', { name: 'Workspace settings' });
    await expect(nav.getByRole('link', { name: 'Members' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Invitations' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/workspace/invitations\\?ws=${team.id}$`));
    await expect(page.getByText('No invitations yet')).toBeVisible();
    const path = await invite(page);
    const row = page.getByTestId('invitation-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('invitation-status')).toHaveText('Pending');
    await expect(row.getByTestId('invitation-created-by')).toContainText(account.user.name);
    await a11y(page);
    await shot(page, 'invitations-1440-light.png');

    // B, in a browser of their own: the invitation names the workspace (as text), the role and until when.
    const pageB = await pageFor(browser, b.user.api_key, { width: 1440, height: 900 });
    await pageB.goto(path);
    await expect(pageB.getByTestId('invitation-workspace')).toHaveText(TEAM);
    await expect(pageB.getByTestId('invitation-workspace').locator('i')).toHaveCount(0);
    await expect(pageB.getByTestId('invitation-role')).toHaveText('Member');
    await expect(pageB.getByTestId('invitation-expiry')).toContainText('Expires in 7 days');
    await a11y(pageB);
    await shot(pageB, 'invitation-join-1440-light.png');
    await pageB.getByRole('button', { name: 'Join workspace' }).click();
    // The workspace opens: its id in the address, its name in the switcher.
    await expect(pageB).toHaveURL(new RegExp(`/dashboard/links\\?ws=${team.id}$`));
    await expect(pageB.getByTestId('workspace-name').first()).toHaveText(TEAM);
    // The used link again: B is a member already.
    await pageB.goto(path);
    await expect(pageB.getByTestId('invitation-state')).toContainText('You are already a member');
    await expect(pageB.getByRole('button', { name: 'Join workspace' })).toHaveCount(0);

    // A: B is listed, as a member; the invitation says who joined with it.
    await page.reload();
    await expect(row.getByTestId('invitation-status')).toHaveText('Accepted');
    await expect(row.getByTestId('invitation-accepted-by')).toHaveText(b.user.name);
    await nav.getByRole('link', { name: 'Members' }).click();
    const rowB = memberRow(page, b.user.id);
    await expect(rowB.getByTestId('member-name')).toHaveText(b.user.name);
    await expect(rowB.getByRole('combobox', { name: `Role of ${b.user.name}` })).toHaveValue('Member');

    // The last owner: A's own role and Leave are disabled, with the reason on screen, before anything is asked.
    const rowA = memberRow(page, account.user.id);
    await expect(rowA).toContainText('you');
    await expect(rowA.getByRole('combobox', { name: `Role of ${account.user.name}` })).toBeDisabled();
    await expect(rowA).toContainText(MEMBER_RULES.lastOwnerDemote);
    await expect(rowA.getByRole('combobox', { name: `Role of ${account.user.name}` })).toHaveAccessibleDescription(MEMBER_RULES.lastOwnerDemote);
    await expect(page.getByRole('button', { name: 'Leave workspace' })).toBeDisabled();
    await expect(page.getByTestId('leave-reason')).toHaveText(MEMBER_RULES.lastOwnerLeave);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await a11y(page);
    await shot(page, 'members-1440-light.png');

    // A makes B an admin: at once, said in a notification, and so in the API.
    await pickOption(page, `Role of ${b.user.name}`, 'Admin');
    await expect(notice(page, `${b.user.name} is now admin.`)).toBeVisible();
    await expect(rowB).toHaveAttribute('data-role', 'admin');
    const members = await account.api.list<{ user_id: number; role: string }>(`/workspaces/${team.id}/members`);
    expect(members.data.find((m) => m.user_id === b.user.id)?.role).toBe('admin');
    // Another owner: A's role and Leave are free again.
    await pickOption(page, `Role of ${b.user.name}`, 'Owner');
    await expect(rowB).toHaveAttribute('data-role', 'owner');
    await expect(rowA.getByRole('combobox', { name: `Role of ${account.user.name}` })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Leave workspace' })).toBeEnabled();
    await expect(page.getByTestId('leave-reason')).toHaveCount(0);

    // A revoked invitation's link says so.
    await nav.getByRole('link', { name: 'Invitations' }).click();
    const second = await invite(page, 'Viewer');
    await page.getByRole('button', { name: 'Done' }).click();
    const pending = page.getByTestId('invitation-row').and(page.locator('[data-status="pending"]'));
    await pending.getByRole('button', { name: /^Revoke invitation/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke invitation' }).click();
    await expect(notice(page, 'The invitation was revoked')).toBeVisible();
    await expect(page.getByTestId('invitation-row').and(page.locator('[data-status="revoked"]'))).toHaveCount(1);
    const c = await freshAccount('user');
    const pageC = await pageFor(browser, c.user.api_key, { width: 1440, height: 900 });
    await pageC.goto(second);
    await expect(pageC.getByTestId('invitation-state')).toContainText('This invitation was revoked');
    await expect(pageC.getByRole('button', { name: 'Join workspace' })).toHaveCount(0);
    await pageC.context().close();
    await pageB.context().close();
  });

  test('a key made with links:read only reads links and is refused a write, naming links:write; an admin cannot give workspace:write', async ({ page, account, browser }) => {
    const team = await teamOf(account);
    await page.goto(`/dashboard/workspace/api-keys?ws=${team.id}`);
    await expect(page.getByText('No API keys yet')).toBeVisible();
    await page.getByRole('link', { name: 'New API key' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/workspace/api-keys/new\\?ws=${team.id}$`));
    const name = 'Read <b>only</b> bot';
    await page.getByLabel('Name').fill(name);
    await page.getByRole('button', { name: 'None' }).click();
    await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(0);
    await page.getByRole('checkbox', { name: 'links:read' }).check();
    await a11y(page);
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect(page.getByTestId('one-time-secret')).toBeVisible();
    const key = (await page.getByTestId('secret-value').innerText()).trim();
    expect(key.length).toBeGreaterThan(16);

    // The key reads links, and a write is refused naming the scope it lacks.
    const call = (method: string, body?: unknown) =>
      fetch(`${E2E_BASE_URL}/api/v1/links`, {
        method,
        headers: { authorization: `Bearer ${key}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    expect((await call('GET')).status).toBe(200);
    const refused = await call('POST', { url: 'https://example.com/nope' });
    expect(refused.status).toBe(403);
    const why = (await refused.json()) as { message: string; scope: string };
    expect(why.scope).toBe('links:write');
    expect(why.message).toContain('links:write');

    // The list: the name as text, one scope badge, used just now, A's.
    await page.getByRole('link', { name: 'Back to API keys' }).click();
    const keyRow = page.getByTestId('key-row');
    await expect(keyRow).toHaveCount(1);
    await expect(keyRow.getByTestId('key-name')).toHaveText(name);
    await expect(keyRow.getByTestId('key-name').locator('b')).toHaveCount(0);
    await expect(keyRow.getByTestId('key-scopes')).toHaveText('links:read');
    await expect(keyRow.getByTestId('key-prefix')).toHaveText(`${key.slice(0, 8)}…`);
    await expect(keyRow.getByTestId('key-owner')).toHaveText(account.user.name);
    await expect(keyRow).toContainText(/Used (just now|\d+ minutes? ago)/);
    await a11y(page);
    await shot(page, 'api-keys-1440-light.png');

    // An admin's key form: workspace:write is disabled and says which role it needs.
    const b = await freshAccount('user');
    const inv = await account.api.post<{ token: string }>(`/workspaces/${team.id}/invitations`, { role: 'admin' });
    await apiClient(b.user.api_key).post(`/invitations/${inv.token}/accept`);
    const pageB = await pageFor(browser, b.user.api_key, { width: 1440, height: 900 });
    await pageB.goto(`/dashboard/workspace/api-keys/new?ws=${team.id}`);
    const owner = pageB.getByRole('checkbox', { name: 'workspace:write' });
    await expect(owner).toBeDisabled();
    await expect(pageB.getByTestId('scope-family-workspace')).toContainText('Only owners may give it; your role here is admin.');
    await expect(pageB.getByRole('checkbox', { name: 'domains:write' })).toBeEnabled();
    await shot(pageB, 'api-key-new-admin-1440-light.png');

    // Revoke, with a confirmation: the key stops working.
    await keyRow.getByRole('button', { name: `Revoke ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click();
    await expect(page.getByText('No API keys yet')).toBeVisible();
    expect((await call('GET')).status).toBe(401);
    await pageB.context().close();
  });
});

test.describe('at 390 px, dark', () => {
  test.use({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });

  test('members, invitations, keys and the invitation page read as cards on a phone', async ({ page, account, browser }) => {
    const team = await teamOf(account);
    const b = await freshAccount('user');
    const inv = await account.api.post<{ token: string }>(`/workspaces/${team.id}/invitations`, { role: 'viewer' });
    await apiClient(b.user.api_key).post(`/invitations/${inv.token}/accept`);
    const open = await account.api.post<{ token: string }>(`/workspaces/${team.id}/invitations`, { role: 'member', expires_in_days: 3 });
    await account.api.post(`/workspaces/${team.id}/api-keys`, { name: 'Phone <b>key</b>', scopes: ['links:read', 'links:write', 'analytics:read'] });

    await page.goto(`/dashboard/workspace/members?ws=${team.id}`);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    const cards = page.getByRole('listitem').and(page.getByTestId('member-row'));
    await expect(cards).toHaveCount(2);
    await expect(memberRow(page, account.user.id)).toContainText(MEMBER_RULES.lastOwnerDemote);
    await expect(page.getByTestId('leave-reason')).toHaveText(MEMBER_RULES.lastOwnerLeave);
    await a11y(page);
    await shot(page, 'members-390-dark.png');

    await page.getByRole('navigation', { name: 'Workspace settings' }).getByRole('link', { name: 'Invitations' }).click();
    await expect(page.getByRole('listitem').and(page.getByTestId('invitation-row'))).toHaveCount(2);
    await a11y(page);
    await shot(page, 'invitations-390-dark.png');

    await page.getByRole('navigation', { name: 'Workspace settings' }).getByRole('link', { name: 'API keys' }).click();
    await expect(page.getByRole('listitem').and(page.getByTestId('key-row'))).toHaveCount(1);
    await a11y(page);
    await shot(page, 'api-keys-390-dark.png');

    await page.getByRole('link', { name: 'New API key' }).click();
    await expect(page.getByRole('checkbox', { name: 'links:read' })).toBeChecked();
    await a11y(page);
    await shot(page, 'api-key-new-390-dark.png');

    // Someone else opens the open invitation on a phone.
    const c = await freshAccount('user');
    const pageC = await pageFor(browser, c.user.api_key, { width: 390, height: 844, dark: true });
    await pageC.goto(`/dashboard/invitations/${open.token}`);
    await expect(pageC.getByTestId('invitation-workspace')).toHaveText(TEAM);
    await expect(pageC.getByTestId('invitation-expiry')).toContainText('Expires in 3 days');
    await expect(pageC.getByRole('button', { name: 'Join workspace' })).toBeVisible();
    await a11y(pageC);
    await shot(pageC, 'invitation-join-390-dark.png');
    await pageC.context().close();

    // The viewer B: no members list, no invitations or keys in the sub-navigation, and Leave (which asks first).
    const pageB = await pageFor(browser, b.user.api_key, { width: 390, height: 844, dark: true });
    await pageB.goto(`/dashboard/workspace/members?ws=${team.id}`);
    await expect(pageB.getByText('Only admins and owners see the members')).toBeVisible();
    await expect(pageB.getByRole('navigation', { name: 'Workspace settings' }).getByRole('link')).toHaveText(['Members']);
    await a11y(pageB);
    await shot(pageB, 'members-viewer-390-dark.png');
    await pageB.getByRole('button', { name: 'Leave workspace' }).click();
    await pageB.getByRole('dialog').getByRole('button', { name: 'Leave workspace' }).click();
    await expect(pageB).toHaveURL(/\/dashboard\/links$/);
    await expect(notice(pageB, `You left ${TEAM}.`)).toBeVisible();
    const left = await account.api.list<{ user_id: number }>(`/workspaces/${team.id}/members`);
    expect(left.data.map((m) => m.user_id)).toEqual([account.user.id]);
    await pageB.context().close();
  });
});

for (const [width, height] of [
  [1024, 768],
  [1920, 1080],
] as const) {
  test(`the members page is readable at ${width} px`, async ({ page, account }) => {
    await page.setViewportSize({ width, height });
    const team = await teamOf(account);
    const b = await freshAccount('user');
    const inv = await account.api.post<{ token: string }>(`/workspaces/${team.id}/invitations`, { role: 'member' });
    await apiClient(b.user.api_key).post(`/invitations/${inv.token}/accept`);
    await page.goto(`/dashboard/workspace/members?ws=${team.id}`);
    await expect(page.getByTestId('member-row')).toHaveCount(2);
    await shot(page, `members-${width}-light.png`);
  });
}
