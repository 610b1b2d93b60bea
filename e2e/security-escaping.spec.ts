// Security, in real Chromium: owner-typed (and visitor-sent) payloads on every public page and on the
// dashboard pages that show the same data. No payload may run (window.__xss stays undefined), the text
// must show as text, and every HTML document carries a strict CSP. CSP console reports are attached
// as information only.
import type { Page } from '@playwright/test';
import { test, expect, pickOption, type Account } from './fixtures/test';
import { apiClient, createUser, freshAccount, seed, uniq, type ApiClient } from './fixtures/api';
import { E2E_BASE_URL, E2E_PORT } from './fixtures/env';
import { signInWithKey } from './fixtures/session';
import { guardPage, imagesSettled, localXssUrl, XSS, XSS_URL, type PageGuard } from './fixtures/xss';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const PAST = new Date(Date.now() - 86_400_000).toISOString().slice(0, 19);
/** A visitor-sent Referer whose "host" is markup: not a host, so not stored; the plain one is listed. */
const EVIL_REFERER = `https://${XSS.img}/story`;
const REFERRER_HOST = 'news.example';

/** A visit from outside the browser (with a Referer), then wait until the stats API has it. */
async function clickWithReferer(api: ApiClient, link: { id: number; alias: string }): Promise<void> {
  for (const referer of [EVIL_REFERER, `https://${REFERRER_HOST}/story`]) {
    const res = await fetch(`${E2E_BASE_URL}/${link.alias}`, { redirect: 'manual', headers: { 'user-agent': FIREFOX, referer } });
    expect(res.status).toBeLessThan(400);
  }
  await expect
    .poll(async () => (await api.get<{ value: string }[]>(`/stats/${link.id}?name=referrer`)).map((r) => r.value), { timeout: 10_000 })
    .toEqual([REFERRER_HOST]);
}

async function open(page: Page, guard: PageGuard, url: string, status: number, opts: { referer?: string } = {}) {
  const res = await page.goto(url, opts);
  expect(res?.status(), url).toBe(status);
  await guard.expectNoXss(url);
}

async function errorPages(page: Page, account: Account): Promise<void> {
  const guard = await guardPage(page);
  const { api } = account;
  await open(page, guard, `/${encodeURIComponent(XSS.script)}`, 404);
  await expect(page.getByRole('heading', { name: 'This link does not exist' })).toBeVisible();
  const off = await seed.link(api, { url: XSS_URL, alias: uniq('off'), title: XSS.script, disabled: 1 });
  await open(page, guard, `/${off.alias}`, 404);
  await expect(page.getByText(XSS.script)).toHaveCount(0);

  const gone = await seed.link(api, { url: XSS_URL, alias: uniq('gone'), title: XSS.img, active_period_end_at: PAST });
  await open(page, guard, `/${gone.alias}`, 410);
  // expiration_url back to this server with markup in its query: the browser lands on a 404 page.
  const gone2 = await seed.link(api, { url: XSS_URL, alias: uniq('gone'), active_period_end_at: PAST, expiration_url: localXssUrl('exp') });
  await open(page, guard, `/${gone2.alias}`, 404);
  expect(page.url()).toContain('/no-such-exp?');

  // A domain without homepage: its root is its 404. One with homepage and not_found URLs carrying markup. An
  // instance admin's domains take traffic at once (a user's answer like an unknown host until their DNS is set).
  const admin = (await freshAccount('admin')).api;
  const bare = await seed.domain(admin, { name: `${uniq('bare')}.localhost` });
  await open(page, guard, `http://${bare.name}:${E2E_PORT}/`, 404);
  const brand = await seed.domain(admin, { name: `${uniq('brand')}.localhost`, homepage_url: localXssUrl('home'), not_found_url: localXssUrl('nf') });
  await open(page, guard, `http://${brand.name}:${E2E_PORT}/`, 404);
  expect(page.url()).toContain('/no-such-home?');
  await open(page, guard, `http://${brand.name}:${E2E_PORT}/nope`, 404);
  expect(page.url()).toContain('/no-such-nf?');
  guard.expectCspOnDocuments();
  expect(guard.documents.length).toBeGreaterThanOrEqual(7);
  await guard.report(test.info());
}

async function gatePages(page: Page, account: Account): Promise<void> {
  const guard = await guardPage(page);
  const { api } = account;
  // Password form: a payload in the query and as the (wrong) password; then the right one.
  const pw = await seed.link(api, { url: localXssUrl('pw'), alias: uniq('pw'), title: XSS.svg, redirect_password: 'secret' });
  await open(page, guard, `/${pw.alias}?q=${XSS.script}`, 200);
  await page.getByLabel('Password').fill(XSS.script);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong password. Try again.');
  await guard.expectNoXss('the 401 password page');
  await page.getByLabel('Password').fill('secret');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/no-such-pw\?/);
  await guard.expectNoXss('the destination after the password');

  // Sensitive content: the title as text, the Referer as the Go back link, Continue leaves.
  const sens = await seed.link(api, { url: XSS_URL, alias: uniq('sens'), title: XSS.script, sensitive_content: 1 });
  const referer = `https://news.example/${XSS.img}`;
  await open(page, guard, `/${sens.alias}?x=${XSS.svg}`, 200, { referer });
  await expect(page.getByText(XSS.script, { exact: true })).toBeVisible();
  // Chromium sends the Referer percent-encoded; the link holds exactly what was sent.
  await expect(page.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', new URL(referer).href);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => guard.external.some((u) => u.startsWith('https://dest.example/'))).toBe(true);
  await guard.expectNoXss('the warning page after Continue');

  // Pixels: the vendor snippets and the forward run (nonce), the payload in the destination does not.
  const fb = await seed.pixel(api, { name: XSS.img, type: 'facebook', value: '123456' });
  const gtm = await seed.pixel(api, { name: XSS.svg, type: 'google-tag-manager', value: 'GTM-1' });
  const px = await seed.link(api, { url: XSS_URL, alias: uniq('px'), title: XSS.svg, pixel_ids: [fb.id, gtm.id] });
  const before = guard.external.length;
  // No query: a visitor's query would be merged in, and the destination re-encoded.
  await page.goto(`/${px.alias}`, { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('link', { name: /^Continue to / })).toHaveText(`Continue to ${XSS_URL}`);
  await expect.poll(() => guard.external.slice(before).some((u) => u.startsWith('https://connect.facebook.net/'))).toBe(true);
  await expect.poll(() => guard.external.slice(before).some((u) => u.startsWith('https://dest.example/'))).toBe(true);
  await guard.expectNoXss('the pixels page');
  expect(await page.evaluate(() => typeof (window as unknown as { fbq?: unknown }).fbq)).toBe('function');
  guard.expectCspOnDocuments();
  const pixelsDoc = guard.documents.find((d) => d.url().includes(`/${px.alias}`));
  expect(pixelsDoc?.headers()['content-security-policy']).toMatch(/script-src 'nonce-[^']+'/);
  await guard.report(test.info());
}

async function statsPages(page: Page, account: Account): Promise<void> {
  const guard = await guardPage(page);
  const { api } = account;
  const pub = await seed.link(api, { url: 'https://example.com/', alias: uniq('st'), title: XSS.svg });
  await clickWithReferer(api, pub);
  await open(page, guard, `/${pub.alias}/+`, 200);
  await expect(page.getByText(XSS.svg, { exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: REFERRER_HOST, exact: true })).toBeVisible();
  await guard.expectNoXss('the public stats page');

  const priv = await seed.link(api, { url: 'https://example.com/', alias: uniq('st'), title: XSS.script, privacy: 2, password: 'stats-pw' });
  await clickWithReferer(api, priv);
  await open(page, guard, `/${priv.alias}/+?r=${XSS.script}`, 200);
  await expect(page.getByText(XSS.script)).toHaveCount(0);
  await page.getByLabel('Password').fill('stats-pw');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(XSS.script, { exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: REFERRER_HOST, exact: true })).toBeVisible();
  await guard.expectNoXss('the stats page after the password');
  guard.expectCspOnDocuments();
  await guard.report(test.info());
}

async function dashboardPages(page: Page): Promise<void> {
  const guard = await guardPage(page);
  const user = await createUser('user', `Eve ${XSS.short}`);
  await signInWithKey(page, user.api_key);
  const api = apiClient(user.api_key);
  const space = await seed.space(api, { name: XSS.short });
  const pixel = await seed.pixel(api, { name: XSS.img, type: 'facebook', value: '123456' });
  const domain = await seed.domain(api, { name: `${uniq('dash')}.localhost`, homepage_url: XSS_URL, not_found_url: `https://nf.example/?q=${XSS.svg}` });
  const gb = `https://uk.example/?q=${XSS.svg}`;
  const link = await seed.link(api, {
    url: XSS_URL, title: XSS.script, alias: uniq('dash'), space_id: space.id, pixel_ids: [pixel.id],
    targets_type: 'countries', targets: [{ key: 'GB', value: gb }], expiration_url: `https://exp.example/?q=${XSS.img}`,
  });
  await clickWithReferer(api, link);

  // Links list: title, URL and space as text; the filters' lists show the names.
  await page.goto('/dashboard/links');
  const row = page.getByTestId('link-row').filter({ hasText: link.alias });
  await expect(row).toContainText(XSS.script);
  await expect(row).toContainText(XSS.short);
  await expect(page.getByText(`Eve ${XSS.short}`).first()).toBeVisible();
  await pickOption(page, 'Space', XSS.short);
  await expect(page).toHaveURL(/space_id=/);
  await guard.expectNoXss('the links list');

  // Details: heading, referrer, QR code (a data: image, allowed by img-src), chart, the delete dialog.
  await row.getByRole('link', { name: link.alias, exact: true }).click();
  await expect(page.getByRole('heading', { name: XSS.script })).toBeVisible();
  await expect(page.getByTestId('top-referrer')).toContainText(REFERRER_HOST);
  await expect(page.getByTestId('qr-image')).toBeVisible();
  expect(await page.getByTestId('qr-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.getByTestId('clicks-chart').locator('svg').first()).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toContainText(link.short_url);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await guard.expectNoXss('the link details');

  // Editor: values in the fields, pixel names in their list, a target's URL in the preview.
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(XSS.script);
  await expect(page.getByRole('textbox', { name: 'Destination URL', exact: true })).toHaveValue(XSS_URL);
  await expect(page.getByRole('textbox', { name: 'Expiration URL' })).toHaveValue(`https://exp.example/?q=${XSS.img}`);
  await page.getByRole('textbox', { name: 'Pixels' }).or(page.getByRole('combobox', { name: 'Pixels' })).first().click();
  await expect(page.getByRole('option', { name: XSS.img })).toBeVisible();
  await page.keyboard.press('Escape');
  await pickOption(page, 'Country', /United Kingdom \(GB\)/);
  await expect(page.getByTestId('preview-destination')).toHaveText(gb);
  await expect(page.getByTestId('preview-destination')).toHaveAttribute('href', gb);
  await guard.expectNoXss('the link editor');

  // Domains, pixels, spaces, account.
  await page.goto('/dashboard/domains');
  await expect(page.getByTestId('domain-row').filter({ hasText: domain.name })).toContainText(XSS_URL);
  await guard.expectNoXss('the domains list');
  await page.goto('/dashboard/pixels');
  await expect(page.getByTestId('pixel-row')).toContainText(XSS.img);
  await guard.expectNoXss('the pixels list');
  await page.goto('/dashboard/spaces');
  await expect(page.getByTestId('space-row')).toContainText(XSS.short);
  await guard.expectNoXss('the spaces list');
  await page.goto('/dashboard/account');
  await expect(page.getByTestId('account-name')).toHaveText(`Eve ${XSS.short}`);
  await guard.expectNoXss('the account page');

  guard.expectCspOnDocuments();
  for (const doc of guard.documents) expect(doc.headers()['content-security-policy']).toContain("script-src 'self';");
  expect(guard.documents.length).toBeGreaterThanOrEqual(5);
  await guard.report(test.info());
}

/** A page (not Linkdeck's) with the payloads raw: proves the flag sees a payload that runs. */
async function control(page: Page, cspOff: boolean): Promise<void> {
  await guardPage(page);
  const url = `${E2E_BASE_URL}/xss-control`;
  for (const payload of [XSS.script, XSS.img, XSS.svg]) {
    await page.route(url, (route) =>
      route.fulfill({ contentType: 'text/html', headers: { 'content-security-policy': "default-src 'none'" }, body: `<!doctype html><title>c</title><p>${payload}</p>` }),
    );
    await page.goto(url);
    await imagesSettled(page);
    const flag = await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss);
    // With the browser ignoring CSP the payload runs; with the CSP enforced, the CSP alone stops it.
    expect(flag, payload).toBe(cspOff ? 1 : undefined);
    await page.unroute(url);
  }
}

// Twice: with the CSP switched off in the browser (escaping alone must keep every payload inert), and
// with it enforced (the pages, pixels and dashboard must still work under it).
for (const cspOff of [true, false]) {
  test.describe(cspOff ? 'CSP off in the browser' : 'CSP enforced', () => {
    test.use({ bypassCSP: cspOff });
    test('404, expired and domain pages: payloads in URLs never run, every page has a strict CSP', async ({ page, account }) => errorPages(page, account));
    test('password form, sensitive warning and pixels page: the title shows as text, nothing runs', async ({ page, account }) => gatePages(page, account));
    test('public statistics, privacy 0 and 2: title and a visitor-sent referrer show as text', async ({ page, account }) => statsPages(page, account));
    test('dashboard: links list, editor, details, domains, pixels, spaces, account show the payloads as text', async ({ page }) => dashboardPages(page));
    test('control: the flag sees a payload that runs', async ({ page }) => control(page, cspOff));
  });
}
