// In the dashboard: the links list's Export menu (CSV/JSON of the current filter, read back from the
// downloaded file), the clicks CSV on a link's details page, and the Operations page with undo (a refused
// second undo, a conflict with "Undo anyway").
import fs from 'node:fs';
import type { Download } from '@playwright/test';
import { test, expect } from './fixtures/test';
import { seed, uniq, type ApiClient } from './fixtures/api';
import { E2E_BASE_URL } from './fixtures/env';
import { checkA11y } from './fixtures/a11y';
import { reviewShots } from './fixtures/screenshot';
import { signInWithKey } from './fixtures/session';

async function bulk(api: ApiClient, method: 'PATCH' | 'DELETE', body: unknown): Promise<{ count: number; operation: { id: number } }> {
  const res = await fetch(`${E2E_BASE_URL}/api/v1/links/bulk`, {
    method,
    headers: { authorization: `Bearer ${api.key}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { data: { count: number; operation: { id: number } } };
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json.data;
}

async function read(download: Download): Promise<string> {
  return fs.readFileSync((await download.path())!, 'utf8');
}

test('Export downloads the links of the current filter as CSV and JSON', async ({ page, account }) => {
  const tag = uniq('exp');
  await seed.links(account.api, 3, (i) => ({ alias: `shop${i}`, title: `${tag} shop ${i}` }));
  await seed.links(account.api, 2, (i) => ({ alias: `blog${i}`, title: `${tag} blog ${i}` }));
  await page.goto('/dashboard/links?search=shop&sort_by=alias&sort=asc&per_page=10&page=1');
  await expect(page.getByTestId('link-row')).toHaveCount(3);

  await page.getByRole('button', { name: 'Export' }).click();
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'CSV' }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^linkdeck-links-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await read(csv)).trim().split(/\r?\n/);
  expect(lines[0]).toMatch(/^id,alias,url,short_url,title/);
  expect(lines).toHaveLength(4);
  expect(lines.slice(1).map((l) => l.split(',')[1]).sort()).toEqual(['shop0', 'shop1', 'shop2']);

  await page.getByRole('button', { name: 'Export' }).click();
  const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'JSON' }).click()]);
  expect(json.suggestedFilename()).toMatch(/\.json$/);
  const body = JSON.parse(await read(json)) as { data: { alias: string }[] };
  expect(body.data.map((l) => l.alias).sort()).toEqual(['shop0', 'shop1', 'shop2']);
  await reviewShots(page, 'links-export-menu');

  // A refused export says why, in a notification.
  await page.route('**/api/v1/links/export**', (route) => route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ message: 'The format field must be csv or json.', errors: {}, status: 422 }) }));
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Export failed' })).toContainText('The format field must be csv or json.');
});

test('the link details page downloads the link’s clicks as CSV', async ({ page, account }) => {
  const link = await seed.link(account.api, { url: 'https://example.com/clicked', alias: uniq('clk').replace(/[^a-z0-9-]/gi, '') });
  for (let i = 0; i < 2; i++) await fetch(`${E2E_BASE_URL}/${link.alias}`, { redirect: 'manual', headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' } });
  await expect.poll(async () => (await account.api.get<{ clicks: number }>(`/links/${link.id}`)).clicks).toBe(2);

  await page.goto(`/dashboard/links/${link.id}`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download clicks (CSV)' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^linkdeck-clicks-.*\.csv$/);
  const lines = (await read(download)).trim().split(/\r?\n/);
  expect(lines[0]).toBe('link_id,alias,clicked_at,country,continent,os,browser,device,language,referrer,target,utm_source,utm_medium,utm_campaign,utm_term,utm_content');
  expect(lines).toHaveLength(3);
  for (const l of lines.slice(1)) {
    expect(l.startsWith(`${link.id},${link.alias},`)).toBe(true);
    // The rule that served the click: none, the link has no targeting rules.
    expect(l.split(',')[10]).toBe('');
  }
  await reviewShots(page, 'link-details-clicks-export');
});

test('Operations lists bulk changes; undo brings deleted links back, a second undo is refused, conflicts offer Undo anyway', async ({ page, account, context }) => {
  await page.goto('/dashboard/operations');
  await expect(page.getByText('No operations yet')).toBeVisible();

  const links = await seed.links(account.api, 5, (i) => ({ alias: `op${i}`, title: `A rather long title for operation link number ${i} that wraps <b>${i}</b>` }));
  const ids = links.map((l) => l.id);
  const patched = await bulk(account.api, 'PATCH', { ids: ids.slice(0, 3), set: { disabled: 1 } });
  expect(patched.count).toBe(3);
  const deleted = await bulk(account.api, 'DELETE', { ids: ids.slice(3) });
  expect(deleted.count).toBe(2);

  await page.goto('/dashboard/operations');
  const rows = page.getByTestId('operation-row');
  await expect(rows).toHaveCount(2);
  const delRow = rows.and(page.locator('[data-type="delete"]'));
  const updRow = rows.and(page.locator('[data-type="update"]'));
  await expect(delRow).toContainText('Delete');
  await expect(delRow).toContainText('2');
  await expect(updRow).toContainText('Disable');
  await expect(updRow).toContainText('3');
  await checkA11y(page);
  await reviewShots(page, 'operations');

  // A second tab still shows the delete as undoable.
  const stale = await context.newPage();
  await signInWithKey(stale, account.api.key);
  await stale.goto('/dashboard/operations');
  await expect(stale.getByTestId('operation-row')).toHaveCount(2);

  await delRow.getByRole('button', { name: /^Undo/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Undo this operation?' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expect(dialog).toContainText('The 2 links this operation deleted come back');
  await checkA11y(page);
  await dialog.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(page.getByText('Undone: 2 links restored.')).toBeVisible();
  await expect(dialog).toBeHidden();
  for (const id of ids.slice(3)) expect((await account.api.get<{ id: number }>(`/links/${id}`)).id).toBe(id);
  await expect(delRow).toContainText('Undone');
  await expect(delRow.getByRole('button', { name: /^Undo/ })).toHaveCount(0);

  // The stale tab tries again: refused, visibly, and nothing offered but Cancel.
  await stale.getByTestId('operation-row').and(stale.locator('[data-type="delete"]')).getByRole('button', { name: /^Undo/ }).click();
  const staleDialog = stale.getByRole('dialog', { name: 'Undo this operation?' });
  await staleDialog.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(staleDialog.getByTestId('undo-error')).toContainText('already undone');
  await expect(staleDialog.getByRole('button', { name: 'Undo', exact: true })).toBeDisabled();
  await stale.close();

  // A link changed after the bulk PATCH: the undo lists it and offers Undo anyway.
  await account.api.put(`/links/${ids[0]}`, { url: 'https://example.com/changed-later', alias: 'op0' });
  await updRow.getByRole('button', { name: /^Undo/ }).click();
  await dialog.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(dialog.getByTestId('undo-conflicts')).toContainText(String(ids[0]));
  await reviewShots(page, 'operations-undo-conflict');
  await dialog.getByRole('button', { name: 'Undo anyway' }).click();
  await expect(page.getByText('Undone: 3 links put back.')).toBeVisible();
  for (const id of ids.slice(0, 3)) expect((await account.api.get<{ disabled: number }>(`/links/${id}`)).disabled).toBe(0);
});
