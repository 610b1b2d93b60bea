// Webhooks in the dashboard, with a real receiver started here (on 127.0.0.2, which the e2e server allows
// with FETCH_ALLOW_ADDRESSES): create one with the editor, read and copy its secret, send a test event that
// arrives signed, see the delivery log (the receiver's answer shown as text, never as markup), see the
// events of a link arrive through the worker, disable and enable it, and the URL checked by the shared schema.
import http from 'node:http';
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { test, expect, pickSegment, pickOption } from './fixtures/test';
import { seed } from './fixtures/api';
import { checkA11y } from './fixtures/a11y';
import { reviewShots } from './fixtures/screenshot';
import { XSS } from './fixtures/xss';

interface Got {
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: http.Server;
let receiverUrl = '';
const received: Got[] = [];

test.beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`thanks ${XSS.img}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  receiverUrl = `http://127.0.0.2:${(server.address() as AddressInfo).port}/hooks/linkdeck`;
});
test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

test('create a webhook, copy its secret, send a signed test event and read the log', async ({ page, account }) => {
  const space = await seed.space(account.api, { name: 'Spring campaign' });
  await page.goto('/dashboard/links');
  await page.getByRole('navigation').getByRole('link', { name: 'Webhooks' }).click();
  await expect(page.getByText('No webhooks yet')).toBeVisible();
  await page.getByRole('link', { name: 'New webhook' }).first().click();

  await page.getByLabel('Endpoint URL').fill(receiverUrl);
  await page.getByRole('checkbox', { name: 'Link clicked' }).check();
  await pickSegment(page, 'One space');
  await pickOption(page, 'Space', 'Spring campaign');
  await page.getByRole('button', { name: 'Create webhook' }).click();

  await expect(page.getByRole('heading', { name: 'Webhook', exact: true })).toBeVisible();
  await expect(page.getByText('Space Spring campaign')).toBeVisible();
  const secret = page.getByTestId('webhook-secret');
  await expect(secret).not.toContainText('whsec_');
  await page.getByRole('button', { name: 'Reveal secret' }).click();
  await expect(secret).toContainText(/^whsec_[A-Za-z0-9_-]{43}$/);
  const value = (await secret.textContent()) ?? '';
  const hook = (await account.api.list<{ id: number; secret?: string; space_id: number }>('/webhooks')).data[0]!;
  expect(hook.space_id).toBe(space.id);
  expect((await account.api.get<{ secret: string }>(`/webhooks/${hook.id}`)).secret).toBe(value);

  const before = received.length;
  await page.getByRole('button', { name: 'Send test event' }).click();
  await expect(page.getByText(/Test event delivered/)).toBeVisible();
  expect(received.length).toBe(before + 1);
  const got = received.at(-1)!;
  const [, t, sig] = /^t=(\d+),sha256=([0-9a-f]{64})$/.exec(String(got.headers['x-linkdeck-signature'])) ?? [];
  expect(createHmac('sha256', value).update(`${t}.${got.body}`).digest('hex')).toBe(sig);
  expect(JSON.parse(got.body)).toMatchObject({ type: 'webhook.test', data: { webhook_id: hook.id } });

  const row = page.getByTestId('delivery-row').first();
  await expect(row).toContainText('Test event');
  await expect(row).toContainText('Delivered');
  await expect(row.getByTestId('delivery-excerpt')).toHaveText(`200 · thanks ${XSS.img}`);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await checkA11y(page);
  await reviewShots(page, 'webhook-details');
});

test("a link's events arrive through the worker and show in the log; disable shows the reason", async ({ page, account }) => {
  const hook = await account.api.post<{ id: number }>('/webhooks', { url: receiverUrl, events: ['link.created', 'link.deleted'] });
  const link = await seed.link(account.api, { url: 'https://example.com/launch', alias: `launch-${account.user.id}` });
  await account.api.delete(`/links/${link.id}`);
  await page.goto(`/dashboard/webhooks/${hook.id}`);
  const rows = page.getByTestId('delivery-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Link deleted');
  await expect(rows.nth(1)).toContainText('Link created');
  await expect(rows.filter({ hasText: 'Delivered' })).toHaveCount(2, { timeout: 10_000 });
  const bodies = received.map((r) => JSON.parse(r.body) as { type: string; data: { alias?: string } }).filter((b) => b.data.alias === link.alias);
  expect(bodies.map((b) => b.type)).toEqual(['link.created', 'link.deleted']);

  await page.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByTestId('disabled-reason')).toContainText('Disabled by hand.');
  await reviewShots(page, 'webhook-log-disabled');
  await page.getByRole('link', { name: 'Webhooks' }).first().click();
  await expect(page.getByTestId('webhook-row')).toContainText('Disabled');
  await page.getByRole('link', { name: receiverUrl, exact: true }).click();
  await page.getByRole('button', { name: 'Enable' }).click();
  await expect(page.getByTestId('disabled-reason')).toHaveCount(0);
});

test('the editor checks the URL and the events with the shared schema', async ({ page, account }) => {
  await page.goto('/dashboard/webhooks/new');
  await page.getByLabel('Endpoint URL').fill('javascript:alert(1)');
  await page.getByRole('checkbox', { name: 'Link created' }).uncheck();
  await page.getByRole('button', { name: 'Create webhook' }).click();
  await expect(page.getByText('must be a valid http or https URL.')).toBeVisible();
  await expect(page.getByText('must name at least one event.')).toBeVisible();
  expect((await account.api.list('/webhooks')).meta.total).toBe(0);
  await page.getByLabel('Endpoint URL').fill('hooks.example.com/in');
  await page.getByLabel('Endpoint URL').blur();
  await expect(page.getByLabel('Endpoint URL')).toHaveValue('https://hooks.example.com/in');
  await expect(page.getByText('must be a valid http or https URL.')).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Link created' }).check();
  await pickSegment(page, 'One space');
  await page.getByRole('button', { name: 'Create webhook' }).click();
  // "One space" with none chosen would be every link: it is asked for.
  await expect(page.getByText('Choose a space.')).toBeVisible();
  expect((await account.api.list('/webhooks')).meta.total).toBe(0);
  await pickSegment(page, 'One link');
  await expect(page.getByRole('textbox', { name: 'Link' }).or(page.getByRole('combobox', { name: 'Link' })).first()).toBeVisible();
  await page.getByRole('button', { name: 'Create webhook' }).click();
  await expect(page.getByText('Choose a link.')).toBeVisible();
  await reviewShots(page, 'webhook-editor');
  await pickSegment(page, 'All links');
  await page.getByRole('button', { name: 'Create webhook' }).click();
  await expect(page.getByRole('heading', { name: 'Webhook', exact: true })).toBeVisible();
  // The scheme left out was put in front (withDefaultScheme), as the links editor does.
  expect((await account.api.list<{ url: string }>('/webhooks')).data[0]?.url).toBe('https://hooks.example.com/in');
});

test('the list with many webhooks', async ({ page, account }) => {
  const space = await seed.space(account.api, { name: 'Marketing campaigns EMEA 2026 Q2' });
  for (let i = 0; i < 12; i++) {
    await account.api.post('/webhooks', {
      url: `https://hooks.example.com/services/T0${i}/B0${i}/a-very-long-receiver-path-for-the-marketing-automation-${i}`,
      events: i % 3 ? ['link.created', 'link.updated', 'link.deleted'] : ['link.clicked', 'link.limit_reached', 'link.expired'],
      ...(i % 2 ? { space_id: space.id } : {}),
      enabled: i % 4 ? 1 : 0,
    });
  }
  await page.goto('/dashboard/webhooks');
  await expect(page.getByTestId('webhook-row')).toHaveCount(10);
  await expect(page.getByText('1–10 of 12 webhooks')).toBeVisible();
  await checkA11y(page);
  await reviewShots(page, 'webhooks-list');
});
