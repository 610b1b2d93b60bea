// Axe reports no serious or critical violation on any page, in light or dark. One account with
// realistic data (long titles and URLs, tags, spaces, pixels, a domain, a webhook, an import, operations, a saved view,
// clicks) seeded once; every dashboard page and every public page the server renders is opened at 1440 px, and the
// links list, the editor and Analytics at 390, 1024 and 1920 px too, in light and dark. Each page's violations are
// collected and the test fails at the end with all of them, so one run lists everything. At 1440 px every page is
// also photographed (full page) into the test's output folder (and REVIEW_SHOTS, when it names a folder).
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures/test';
import { checkA11y, settled } from './fixtures/a11y';
import { E2E_BASE_URL } from './fixtures/env';
import { signInWithKey } from './fixtures/session';
import { IMPORT_CSV, SFX, seedWorld, type World } from './fixtures/sweep-world';

/** A folder to copy the 1440 px shots into as well (as fixtures/screenshot.ts's review shots). */
const SHOTS_DIR = process.env.REVIEW_SHOTS;

let seeding: Promise<World> | undefined;
const world = () => (seeding ??= seedWorld());

interface Stop {
  name: string;
  /** A dashboard path (after /dashboard) or, with `public`, a server path. */
  path: string;
  public?: boolean;
  /** What shows once the page is ready (default: the h1). */
  ready?: (page: Page) => Locator;
  /** Something to do after load, before the check (open a dialog, choose a file). */
  act?: (page: Page) => Promise<void>;
  /** The HTTP status the server answers (public pages). */
  status?: number;
}

/** Opens a menu from its button, checks the page with it open, and closes it with Escape. */
async function menuChecked(page: Page, button: Locator): Promise<void> {
  await button.click();
  await expect(page.getByRole('menu')).toBeVisible();
  await checkA11y(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
}

function dashboardStops(w: World): Stop[] {
  const row = (p: Page) => p.getByTestId('link-row');
  return [
    { name: 'links', path: '/links', ready: row },
    { name: 'links-quick-create', path: '/links', ready: row, act: async (p) => {
      await p.locator('body').press('c');
      await expect(p.getByRole('dialog')).toBeVisible();
    } },
    { name: 'links-menus', path: '/links', ready: row, act: async (p) => {
      // The phone's navigation and its Filters, where they fold away; then a row's actions menu.
      const burger = p.getByRole('button', { name: 'Toggle navigation' });
      if (await burger.isVisible()) {
        await burger.click();
        await expect(burger).toHaveAttribute('aria-expanded', 'true');
        await checkA11y(p);
        await p.keyboard.press('Escape');
        await expect(burger).toHaveAttribute('aria-expanded', 'false');
      }
      const filters = p.getByRole('button', { name: /^Filters/ });
      if (await filters.isVisible()) {
        await filters.click();
        await expect(filters).toHaveAttribute('aria-expanded', 'true');
        await checkA11y(p);
      }
      // The saved view's menu (on a phone, in the views drawer), the export menu, then a row's menu (left open for the
      // check below).
      const drawer = p.getByRole('button', { name: /^Views \(/ });
      const phone = await drawer.isVisible();
      if (phone) {
        await drawer.click();
        await expect(p.getByRole('dialog')).toBeVisible();
      }
      await menuChecked(p, p.getByRole('button', { name: /^Actions for view / }).first());
      if (phone) {
        await p.keyboard.press('Escape');
        await expect(p.getByRole('dialog')).toHaveCount(0);
      }
      await menuChecked(p, p.getByRole('button', { name: 'Export' }));
      await row(p).first().getByRole('button', { name: /^Actions for / }).click();
      await expect(p.getByRole('menu')).toBeVisible();
    } },
    { name: 'links-bulk-edit', path: '/links', ready: row, act: async (p) => {
      await p.getByTestId('link-row').first().getByRole('checkbox').check();
      const bar = p.getByRole('region', { name: 'Bulk actions' });
      await expect(bar).toBeVisible();
      await menuChecked(p, bar.getByRole('button', { name: 'Move to space' }));
      await bar.getByRole('button', { name: 'Edit fields' }).click();
      await expect(p.getByRole('dialog')).toBeVisible();
    } },
    { name: 'shortcuts', path: '/links', ready: row, act: async (p) => {
      await p.locator('body').press('?');
      await expect(p.getByRole('dialog')).toBeVisible();
    } },
    { name: 'link-new', path: '/links/new' },
    { name: 'link-edit', path: `/links/${w.rich.id}/edit`, ready: (p) => p.getByRole('textbox', { name: 'Title' }) },
    { name: 'link-details', path: `/links/${w.rich.id}`, ready: (p) => p.getByTestId('qr-image') },
    { name: 'link-details-history', path: `/links/${w.rich.id}`, ready: (p) => p.getByTestId('qr-image'), act: async (p) => {
      await p.getByRole('tab', { name: 'History' }).click();
      await expect(p.getByRole('tabpanel')).toContainText('Title');
    } },
    { name: 'link-details-plain', path: `/links/${w.linkIds[3]}` },
    { name: 'analytics', path: '/analytics' },
    { name: 'analytics-compare', path: '/analytics?compare=previous&unique=1&interval=week' },
    { name: 'imports', path: '/links/import' },
    { name: 'import-preview', path: '/links/import', act: async (p) => {
      await p.getByLabel('File to import').setInputFiles({ name: 'autumn.csv', mimeType: 'text/csv', buffer: Buffer.from(IMPORT_CSV) });
      await expect(p.getByTestId('preview-row').first()).toBeVisible({ timeout: 15_000 });
    } },
    { name: 'import-job', path: `/links/import?job=${w.importJob}`, ready: (p) => p.getByTestId('import-job') },
    { name: 'domains', path: '/domains', ready: (p) => p.getByTestId('domain-row').first() },
    { name: 'domain-new', path: '/domains/new' },
    { name: 'domain-edit', path: `/domains/${w.domainId}/edit` },
    { name: 'spaces', path: '/spaces', ready: (p) => p.getByTestId('space-row').first() },
    { name: 'space-delete', path: '/spaces', ready: (p) => p.getByTestId('space-row').first(), act: async (p) => {
      await p.getByRole('button', { name: /^Delete / }).first().click();
      await expect(p.getByRole('dialog')).toBeVisible();
    } },
    { name: 'space-new', path: '/spaces/new' },
    { name: 'space-edit', path: `/spaces/${w.spaceId}/edit` },
    { name: 'tags', path: '/tags' },
    { name: 'pixels', path: '/pixels', ready: (p) => p.getByTestId('pixel-row').first() },
    { name: 'pixel-new', path: '/pixels/new' },
    { name: 'pixel-edit', path: `/pixels/${w.pixelId}/edit` },
    { name: 'webhooks', path: '/webhooks', ready: (p) => p.getByTestId('webhook-row').first() },
    { name: 'webhook-new', path: '/webhooks/new' },
    { name: 'webhook', path: `/webhooks/${w.webhookId}` },
    { name: 'webhook-edit', path: `/webhooks/${w.webhookId}/edit` },
    { name: 'operations', path: '/operations', ready: (p) => p.getByTestId('operation-row').first() },
    { name: 'account', path: '/account' },
    { name: 'users', path: '/users' },
    { name: 'user-new', path: '/users/new' },
    { name: 'user-edit', path: `/users/${w.userId}/edit` },
    { name: 'dashboard-404', path: '/no-such-page', ready: (p) => p.getByText('This page does not exist') },
  ];
}

function publicStops(w: World): Stop[] {
  const heading = (p: Page) => p.locator('h1').first();
  return [
    { name: 'sign-in', path: '/dashboard/sign-in', public: true, ready: (p) => p.getByLabel('API key') },
    { name: 'public-password', path: w.publicPaths.password, public: true, status: 200, ready: (p) => p.getByLabel('Password') },
    { name: 'public-password-wrong', path: w.publicPaths.password, public: true, status: 200, ready: (p) => p.getByLabel('Password'), act: async (p) => {
      await p.getByLabel('Password').fill('wrong');
      await p.getByRole('button', { name: 'Continue' }).click();
      await expect(p.getByRole('alert')).toBeVisible();
    } },
    { name: 'public-404', path: `/no-such-link-${SFX}`, public: true, status: 404, ready: heading },
    { name: 'public-expired', path: w.publicPaths.expired, public: true, status: 410, ready: heading },
    { name: 'public-sensitive', path: w.publicPaths.sensitive, public: true, status: 200, ready: heading },
    { name: 'public-stats', path: w.publicPaths.stats, public: true, status: 200, ready: heading },
    { name: 'public-stats-password', path: w.publicPaths.privateStats, public: true, status: 200, ready: (p) => p.getByLabel('Password') },
  ];
}

/** A new context at this size and scheme, signed in with the key when given. */
async function openContext(browser: Browser, width: number, scheme: 'light' | 'dark', key?: string): Promise<Page> {
  const options: BrowserContextOptions = {
    viewport: { width, height: width < 600 ? 844 : 900 },
    colorScheme: scheme,
    reducedMotion: 'reduce',
    baseURL: E2E_BASE_URL,
  };
  const context = await browser.newContext(options);
  // A control that is not there fails this page's check in seconds, rather than the whole sweep at its timeout.
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  if (key) await signInWithKey(page, key);
  return page;
}

/** Opens one page, waits until it shows its data, checks it and, at 1440 px, photographs it. Returns the failure, if any. */
async function check(page: Page, stop: Stop, label: string, shoot: boolean): Promise<string | null> {
  try {
    const res = await page.goto(stop.public ? stop.path : `/dashboard${stop.path}`);
    if (stop.status) expect(res?.status(), stop.path).toBe(stop.status);
    if (!stop.public) await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', label.endsWith('dark') ? 'dark' : 'light');
    await expect((stop.ready ?? ((p: Page) => p.getByRole('heading', { level: 1 })))(page).first()).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('main [role="status"] .mantine-Loader-root')).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong' })).toHaveCount(0);
    if (stop.act) await stop.act(page);
    await settled(page);
    if (shoot) {
      const file = test.info().outputPath(`${stop.name}-${label}.png`);
      await page.screenshot({ path: file, fullPage: true });
      if (SHOTS_DIR) fs.copyFileSync(file, path.join(SHOTS_DIR, path.basename(file)));
    }
    await checkA11y(page);
    return null;
  } catch (e) {
    return `${stop.name} (${stop.path}) at ${label}: ${e instanceof Error ? e.message : String(e)}`;
  }
}

async function sweep(browser: Browser, width: number, scheme: 'light' | 'dark', only?: string[]): Promise<void> {
  const w = await world();
  const label = `${width}-${scheme}`;
  const shoot = width === 1440;
  if (SHOTS_DIR) fs.mkdirSync(SHOTS_DIR, { recursive: true });
  const failures: string[] = [];
  const page = await openContext(browser, width, scheme, w.key);
  for (const stop of dashboardStops(w).filter((s) => !only || only.includes(s.name))) {
    const failure = await check(page, stop, label, shoot);
    if (failure) failures.push(failure);
  }
  await page.context().close();
  if (!only) {
    const anon = await openContext(browser, width, scheme);
    for (const stop of publicStops(w)) {
      const failure = await check(anon, stop, label, shoot);
      if (failure) failures.push(failure);
    }
    await anon.context().close();
  }
  expect(failures, failures.join('\n\n')).toEqual([]);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`every page at 1440 px, ${scheme}: no serious or critical axe violation`, async ({ browser }) => {
    test.setTimeout(360_000);
    await sweep(browser, 1440, scheme);
  });
  for (const width of [390, 1024, 1920]) {
    test(`links list, editor and Analytics at ${width} px, ${scheme}: no serious or critical axe violation`, async ({ browser }) => {
      test.setTimeout(180_000);
      await sweep(browser, width, scheme, ['links', 'links-menus', 'links-bulk-edit', 'link-new', 'link-edit', 'analytics']);
    });
  }
}
