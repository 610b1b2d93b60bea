// Custom domains in the dashboard: a workspace (a user who is not the instance admin) adds a custom domain,
// sees its DNS records missing, then wrong, and "Check now" turns it Verified once a DNS server on localhost has the
// right ones (the e2e server's DNS_RESOLVER names it: playwright.config.ts, E2E_DNS_PORT). The instance admin shares
// a domain with the switch only the admin sees; another workspace lists it as Shared and read-only. Axe at 1440 and
// 390 px; screenshots at 1440 light and 390 dark in the test's output folder.
import type { Browser, Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures/test';
import { apiClient, createUser, freshAccount, seed, uniq, type ApiClient } from './fixtures/api';
import { checkA11y, settled } from './fixtures/a11y';
import { E2E_BASE_URL, E2E_DNS_PORT } from './fixtures/env';
import { notice } from './fixtures/notice';
import { signInWithKey } from './fixtures/session';
import { startLocalDns, type LocalDns } from '../src/server/test-utils/dns-server';

const SHARED_SWITCH = 'Shared with every workspace';

let dns: LocalDns;
test.beforeAll(async () => {
  dns = await startLocalDns(E2E_DNS_PORT);
});
test.afterAll(async () => {
  await dns?.close();
});

const domainName = (prefix: string) => `${uniq(prefix).toLowerCase()}.example.test`;
const row = (page: Page, name: string) => page.getByTestId('domain-row').filter({ hasText: name });
const record = (page: Page, type: string) => page.getByTestId('dns-record').and(page.locator(`[data-type="${type}"]`));
const recordState = (page: Page, type: string) => record(page, type).locator('[data-state]');

const shot = async (page: Page, name: string) => {
  await settled(page);
  await page.screenshot({ path: test.info().outputPath(name), fullPage: true });
};

async function checkNow(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByRole('button', { name: 'Check now' })).not.toHaveAttribute('data-loading');
}

/** The instance admin's domain, shared with every workspace (and unshared and deleted by `cleanUp`). */
async function sharedDomain(admin: ApiClient, name = domainName('shared')) {
  const d = await seed.domain(admin, { name });
  await admin.put(`/domains/${d.id}`, { shared: 1 });
  return { ...d, cleanUp: () => admin.delete(`/domains/${d.id}`) };
}

/** A page of its own for another account (the test's `page` is signed in as the first). */
async function pageFor(browser: Browser, key: string, opts: { width: number; height: number; dark?: boolean }): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, viewport: { width: opts.width, height: opts.height }, colorScheme: opts.dark ? 'dark' : 'light', reducedMotion: 'reduce' });
  const page = await context.newPage();
  await signInWithKey(page, key);
  return page;
}

const text = (l: Locator) => l.innerText().then((s) => s.replace(/\s+/g, ' ').trim());

test.describe('at 1440 px, light', () => {
  test.use({ viewport: { width: 1440, height: 900 }, colorScheme: 'light' });

  test('a member adds a custom domain, sets its DNS records, and Check now verifies it', async ({ page, account }) => {
    const name = domainName('team');
    await page.goto('/dashboard/domains/new');
    // Only the instance admin shares domains: no switch for anyone else.
    await expect(page.getByLabel('Domain name')).toBeVisible();
    await expect(page.getByRole('switch', { name: SHARED_SWITCH })).toHaveCount(0);
    await page.getByLabel('Domain name').fill(name);
    await page.getByRole('button', { name: 'Add domain' }).click();
    // Straight to its DNS records.
    await expect(notice(page, `Added ${name}. Set the DNS records below.`)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/domains\/\d+\/edit/);
    await expect(page.getByRole('heading', { name: `Edit ${name}` })).toBeVisible();
    await expect(page.getByRole('switch', { name: SHARED_SWITCH })).toHaveCount(0);
    const panel = page.getByTestId('dns-panel');
    await expect(panel.getByTestId('dns-verified')).toHaveText('Pending DNS');
    await expect(recordState(page, 'TXT')).toHaveText('Not checked');
    const token = await record(page, 'TXT').getByTestId('dns-value').innerText();
    expect(token).toMatch(/^linkdeck-[0-9a-f]{32}$/);
    await expect(record(page, 'TXT').getByTestId('dns-name')).toHaveText(`_linkdeck.${name}`);
    await expect(record(page, 'CNAME').getByTestId('dns-name')).toHaveText(name);
    const target = await record(page, 'CNAME').getByTestId('dns-value').innerText();
    await expect(record(page, 'TXT').getByRole('button', { name: `Copy value: ${token}` })).toBeVisible();

    // Nothing set yet: both missing, and the notification says what is not right.
    await checkNow(page);
    await expect(notice(page, 'Not verified yet')).toContainText('The TXT record is missing, and no routing record is set yet.');
    await expect(recordState(page, 'TXT')).toHaveText('Missing');
    await expect(recordState(page, 'CNAME')).toHaveText('Missing');
    await expect(panel.getByTestId('dns-status')).toContainText('Not verified yet');
    await expect(panel.getByTestId('dns-status')).toContainText('Checked just now');
    await checkA11y(page);

    // The token right, the CNAME pointing elsewhere: wrong, with what was found.
    dns.set(`_linkdeck.${name}`, { TXT: [token] });
    dns.set(name, { CNAME: 'elsewhere.example.net' });
    await checkNow(page);
    await expect(recordState(page, 'TXT')).toHaveText('OK');
    await expect(recordState(page, 'CNAME')).toHaveText('Wrong');
    await expect(record(page, 'CNAME').getByTestId('dns-found')).toHaveText('Found: elsewhere.example.net');
    await expect(notice(page, '1 routing record is wrong.')).toBeVisible();
    await shot(page, 'domain-wrong-1440-light.png');

    // Right: verified at once, and the list says so.
    dns.set(name, { CNAME: target });
    await checkNow(page);
    await expect(notice(page, `${name} is verified: its short links work now.`)).toBeVisible();
    await expect(recordState(page, 'CNAME')).toHaveText('OK');
    await expect(panel.getByTestId('dns-verified')).toHaveText('Verified');
    await expect(panel.getByTestId('dns-status')).toContainText('Verified on');
    await checkA11y(page);
    await shot(page, 'domain-verified-1440-light.png');
    for (const width of [1024, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await shot(page, `domain-verified-${width}-light.png`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    const id = Number(/\/domains\/(\d+)\/edit/.exec(page.url())?.[1]);
    expect(await account.api.get(`/domains/${id}`)).toMatchObject({ verified: true, owned: true, shared: false });

    await page.getByRole('link', { name: 'Domains' }).first().click();
    await expect(row(page, name).locator('[data-state="verified"]')).toHaveText('Verified');
    await expect(row(page, name).getByTestId('domain-state-detail')).toHaveCount(0);
  });

  test("the instance admin shares a domain; another workspace sees it Shared and read-only", async ({ page, browser }) => {
    const admin = await freshAccount('admin');
    const user = await createUser('user');
    const name = domainName('admin');
    const own = await seed.domain(admin.api, { name });
    const theirOwn = await seed.domain(apiClient(user.api_key), { name: domainName('theirs') });
    const userPage = await pageFor(browser, user.api_key, { width: 1440, height: 900 });
    try {
      // The admin's switch, on the admin's own (verified at once) domain.
      await signInWithKey(page, admin.user.api_key);
      await page.goto(`/dashboard/domains/${own.id}/edit`);
      await expect(page.getByTestId('dns-verified')).toHaveText('Verified');
      const shared = page.getByRole('switch', { name: SHARED_SWITCH });
      await expect(shared).not.toBeChecked();
      await shared.focus();
      await page.keyboard.press('Space');
      await expect(shared).toBeChecked();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(notice(page, `Saved ${name}.`)).toBeVisible();
      await expect(row(page, name).locator('[data-state="shared-by-you"]')).toHaveText('Shared');
      await expect(row(page, name).locator('[data-state="verified"]')).toHaveText('Verified');
      await shot(page, 'domains-admin-1440-light.png');
      expect((await admin.api.get<{ shared: boolean }>(`/domains/${own.id}`)).shared).toBe(true);

      // Another workspace: listed as Shared, why it is read-only in the row, no edit or delete, the name not a link.
      await userPage.goto('/dashboard/domains');
      const theirs = row(userPage, name);
      await expect(theirs.locator('[data-state="shared"]')).toHaveText('Shared');
      await expect(theirs.getByTestId('domain-state-detail')).toHaveText(/Shared with every workspace by the instance admin\. Your links can use it; it is read-only here\./);
      await expect(theirs.getByRole('link')).toHaveCount(0);
      await expect(theirs.getByRole('button')).toHaveCount(0);
      // Their own domain beside it keeps its buttons.
      await expect(row(userPage, theirOwn.name).getByRole('button', { name: `Delete ${theirOwn.name}` })).toBeVisible();
      await checkA11y(userPage);
      await userPage.mouse.move(1400, 880);
      await shot(userPage, 'domains-shared-1440-light.png');
      for (const width of [1024, 1920]) {
        await userPage.setViewportSize({ width, height: 900 });
        await shot(userPage, `domains-shared-${width}-light.png`);
      }
      await userPage.setViewportSize({ width: 1440, height: 900 });
      // Its page by address: what it is, no form.
      await userPage.goto(`/dashboard/domains/${own.id}/edit`);
      await expect(userPage.getByTestId('domain-read-only')).toContainText('read-only here');
      await expect(userPage.getByRole('button', { name: 'Save' })).toHaveCount(0);
      await expect(userPage.getByLabel('Homepage URL')).toHaveCount(0);
      await expect(userPage.getByTestId('dns-panel')).toHaveCount(0);
      await checkA11y(userPage);
    } finally {
      await userPage.context().close();
      await admin.api.delete(`/domains/${own.id}`);
    }
  });
});

test.describe('at 390 px, dark', () => {
  test.use({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });

  test('the list and a pending domain with a wrong record read on a phone', async ({ page, account }) => {
    const mine = await seed.domain(account.api, { name: domainName('phone') });
    const shared = await sharedDomain(apiClient());
    try {
      // Both records wrong: another token, a CNAME to another host.
      dns.set(`_linkdeck.${mine.name}`, { TXT: ['linkdeck-not-this-one'] });
      dns.set(mine.name, { CNAME: 'elsewhere.example.net' });
      await account.api.post(`/domains/${mine.id}/verify`);

      await page.goto('/dashboard/domains');
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
      await expect(row(page, mine.name).locator('[data-state="pending"]')).toHaveText('Pending DNS');
      await expect(row(page, mine.name).getByTestId('domain-state-detail')).toHaveText('Checked just now');
      await expect(row(page, shared.name).locator('[data-state="shared"]')).toBeVisible();
      await checkA11y(page);
      await shot(page, 'domains-390-dark.png');

      await page.goto(`/dashboard/domains/${mine.id}/edit`);
      // A phone gets cards: each record's name and value whole, with its state.
      const cards = page.getByRole('listitem').and(page.getByTestId('dns-record'));
      await expect(cards).toHaveCount(2);
      await expect(recordState(page, 'TXT')).toHaveText('Wrong');
      await expect(record(page, 'TXT').getByTestId('dns-found')).toHaveText('Found: linkdeck-not-this-one');
      expect(await text(record(page, 'CNAME'))).toContain('Found: elsewhere.example.net');
      await expect(page.getByRole('button', { name: 'Check now' })).toBeInViewport();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      await checkA11y(page);
      await shot(page, 'domain-390-dark.png');
    } finally {
      await shared.cleanUp();
    }
  });
});
