// The API reference: /api/v1/docs renders every operation of the live document in a real browser,
// with its summary, its form and JSON bodies, its examples and its error answers.
import { test, expect } from '@playwright/test';
import { E2E_BASE_URL } from './fixtures/env';
import { reviewShots } from './fixtures/screenshot';

test('the reference page shows every operation of /api/v1/openapi.json, with bodies, examples and errors', async ({ page, request }) => {
  const doc = await (await request.get(`${E2E_BASE_URL}/api/v1/openapi.json`)).json();
  const operations = Object.values(doc.paths as Record<string, Record<string, { operationId: string; summary: string }>>).flatMap((item) => Object.values(item));
  expect(operations.length).toBeGreaterThan(70);

  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(`${E2E_BASE_URL}/api/v1/docs`);
  await expect(page.locator('.opblock')).toHaveCount(operations.length, { timeout: 15_000 });
  const summaries = await page.locator('.opblock-summary-description').allInnerTexts();
  expect(summaries.sort()).toEqual(operations.map((o) => o.summary).sort());

  // Creating a link: both body types, the example, and the error answers with the error schema.
  const create = page.locator('.opblock-post').filter({ has: page.locator('.opblock-summary-path', { hasText: /^\/api\/v1\/links$/ }) });
  await create.locator('.opblock-summary').click();
  const body = create.locator('.opblock-section-request-body');
  await expect(body).toContainText('bracket notation');
  await expect(body.locator('select')).toContainText('application/x-www-form-urlencoded');
  await expect(body.locator('.body-param__example, .microlight').first()).toContainText('spring-sale');
  const responses = create.locator('.responses-table').first();
  for (const code of ['201', '401', '422', '429']) await expect(responses.locator(`tr[data-code="${code}"]`)).toBeVisible();
  await expect(responses.locator('tr[data-code="422"]')).toContainText('errors');

  // The schemas section names the answer objects.
  const models = page.locator('.models');
  // Swagger UI draws the first schemas of the list only (the list's page objects, LinkPage among them, are not drawn
  // since the operations' and domains' schemas came first): checked here are the ones it draws.
  for (const name of ['Link', 'Operation', 'DeleteResult', 'Error']) await expect(models.getByText(name, { exact: true }).first()).toBeVisible();
  await reviewShots(page, 'api-docs');
  expect(errors).toEqual([]);
});
