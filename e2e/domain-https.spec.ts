// A domain's https choice (default on) decides its short URLs and QR codes; the new-link short-URL
// preview starts with the server's BASE_URL (not the address the dashboard is open at) and the domain's own
// scheme, and offers copying only for an alias the server would accept.
import type { Page } from '@playwright/test';
import { test, expect, pickOption, toggleSwitch } from './fixtures/test';
import { seed, uniq } from './fixtures/api';
import { E2E_BASE_URL } from './fixtures/env';
import { checkA11y } from './fixtures/a11y';
import { reviewShots } from './fixtures/screenshot';

const preview = (page: Page) => page.getByTestId('short-url-preview');
const copyButtons = (page: Page) => page.getByRole('button', { name: /^Copy short URL/ });
const aliasBox = (page: Page) => page.getByRole('textbox', { name: 'Alias' });
const httpsSwitch = (page: Page) => page.getByRole('switch', { name: 'Use https for short URLs' });

test('a new link previews BASE_URL + alias as the server builds it, with no copy button for an invalid alias', async ({ page, account }) => {
  const { base_url: base } = await account.api.get<{ base_url: string }>('/account');
  // The e2e server runs without BASE_URL (default http://localhost:<port>) while the dashboard is opened at
  // 127.0.0.1: a preview made from the page's own address would be wrong.
  expect(base).not.toBe(E2E_BASE_URL);
  await page.goto('/dashboard/links/new');
  await expect(preview(page)).toHaveText(`${base}/…`);
  await expect(copyButtons(page)).toHaveCount(0);

  const alias = uniq('spring').slice(0, 40);
  await aliasBox(page).fill(alias);
  await expect(preview(page)).toHaveText(`${base}/${alias}`);
  await expect(page.getByRole('button', { name: `Copy short URL: ${base}/${alias}` })).toBeVisible();

  // Invalid as typed (the server's own rule): no copy, and the reason next to the preview.
  for (const [bad, reason] of [
    ['spring sale', /letters, digits, dashes and underscores/],
    ['dashboard', /reserved/],
    ['früh', /letters, digits/],
  ] as const) {
    await aliasBox(page).fill(bad);
    await expect(preview(page)).toHaveText(`${base}/${bad}`);
    await expect(copyButtons(page)).toHaveCount(0);
    await expect(page.getByTestId('short-url-problem')).toContainText(reason);
  }
  await checkA11y(page);
  await reviewShots(page, 'new-link-invalid-alias');

  // Fixed: copy is back, and the saved link has exactly the previewed short URL.
  await aliasBox(page).fill(alias);
  await expect(page.getByTestId('short-url-problem')).toHaveCount(0);
  await expect(copyButtons(page)).toHaveCount(1);
  await page.getByRole('textbox', { name: 'Destination URL' }).fill('https://example.com/spring');
  await page.getByRole('button', { name: 'Create link' }).click();
  await expect(page).toHaveURL(/\/links\/\d+\/edit$/);
  const saved = (await account.api.list<{ alias: string; short_url: string }>('/links', { search: alias, search_by: 'alias' })).data;
  expect(saved.map((l) => l.short_url)).toEqual([`${base}/${alias}`]);
});

test('the preview of a link on a domain uses that domain\'s scheme', async ({ page, account }) => {
  const tag = uniq('d').toLowerCase();
  const secure = await seed.domain(account.api, { name: `${tag}-secure.example` });
  const plain = await account.api.post<{ name: string; https: number }>('/domains', { name: `${tag}-plain.example`, https: 0 });
  expect(plain.https).toBe(0);
  await page.goto('/dashboard/links/new');
  await aliasBox(page).fill('launch');
  await pickOption(page, 'Domain', secure.name);
  await expect(preview(page)).toHaveText(`https://${secure.name}/launch`);
  await pickOption(page, 'Domain', plain.name);
  await expect(preview(page)).toHaveText(`http://${plain.name}/launch`);
  await expect(page.getByRole('button', { name: `Copy short URL: http://${plain.name}/launch` })).toBeVisible();
});

test('domains: https is on for a new domain; turning it off makes its short URLs and QR codes http', async ({ page, account }) => {
  const name = `${uniq('brand').toLowerCase()}.example`;
  await page.goto('/dashboard/domains/new');
  await expect(httpsSwitch(page)).toBeChecked();
  await page.getByRole('textbox', { name: 'Domain name' }).fill(`HTTPS://${name.toUpperCase()}/x`);
  await expect(page.getByTestId('domain-url-example')).toHaveText(`Short URLs look like https://${name}/summer-sale`);
  await checkA11y(page);
  await page.getByRole('button', { name: 'Add domain' }).click();
  // A domain that waits for its DNS opens on its records; the list has it too.
  await expect(page).toHaveURL(/\/dashboard\/domains\/\d+\/edit$/);
  await page.goto('/dashboard/domains');
  const row = page.getByTestId('domain-row').filter({ hasText: name });
  await expect(row).toContainText(`https://${name}`);

  const domain = (await account.api.list<{ id: number; name: string; https: number }>('/domains', { search: name })).data[0];
  expect(domain).toMatchObject({ name, https: 1 });
  const title = 'Spring campaign landing page for the northern region with a very long descriptive title';
  const link = await seed.link(account.api, { url: 'https://example.com/spring', domain_id: domain!.id, alias: 'spring', title });
  expect(link.short_url).toBe(`https://${name}/spring`);
  await page.goto(`/dashboard/links/${link.id}`);
  await expect(page.getByTestId('short-url')).toHaveText(`https://${name}/spring`);
  await expect(page.getByTestId('qr-image')).toHaveAttribute('alt', `QR code for https://${name}/spring`);

  // Turn https off: the editor says what happens to the domain's link, then everything follows.
  await page.goto(`/dashboard/domains/${domain!.id}/edit`);
  await expect(httpsSwitch(page)).toBeChecked();
  await expect(page.getByTestId('domain-scheme-change')).toHaveCount(0);
  await toggleSwitch(page, 'Use https for short URLs');
  await expect(httpsSwitch(page)).not.toBeChecked();
  await expect(page.getByTestId('domain-url-example')).toHaveText(`Short URLs look like http://${name}/summer-sale`);
  await expect(page.getByTestId('domain-scheme-change')).toContainText('1 link will start with http://');
  await checkA11y(page);
  await reviewShots(page, 'domain-edit-https-off');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/dashboard\/domains$/);
  await expect(row).toContainText(`http://${name}`);
  await expect(row).not.toContainText(`https://${name}`);
  expect((await account.api.get<{ https: number }>(`/domains/${domain!.id}`)).https).toBe(0);

  // Without a reload: the link editor's domain picker and the link's details use the new scheme.
  await page.getByRole('link', { name: 'Links' }).first().click();
  await page.getByRole('link', { name: 'New link' }).first().click();
  await aliasBox(page).fill('autumn');
  await pickOption(page, 'Domain', name);
  await expect(preview(page)).toHaveText(`http://${name}/autumn`);
  await page.goto(`/dashboard/links/${link.id}`);
  await expect(page.getByTestId('short-url')).toHaveText(`http://${name}/spring`);
  await expect(page.getByTestId('qr-image')).toHaveAttribute('alt', `QR code for http://${name}/spring`);
  await reviewShots(page, 'link-details-http-domain');
});
