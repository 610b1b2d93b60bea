// The link editor's social preview: Open Graph fields, an uploaded image, the card as it will look when shared
// (escaped), and the page social crawlers then get from the short URL instead of the redirect.
import { PNG } from 'pngjs';
import { test, expect } from './fixtures/test';
import { checkA11y } from './fixtures/a11y';
import { reviewShots } from './fixtures/screenshot';
import { E2E_BASE_URL } from './fixtures/env';

function cardPng(): Buffer {
  const png = new PNG({ width: 120, height: 63 });
  for (let i = 0; i < 120 * 63; i++) png.data.set([30, 90, 200, 255], i * 4);
  return PNG.sync.write(png);
}

test('write a social preview with an uploaded image; crawlers get the card, people the redirect', async ({ page, account }) => {
  const alias = `card-${account.user.id}`;
  await page.goto('/dashboard/links/new');
  await page.getByRole('textbox', { name: 'Destination URL' }).fill('https://shop.example/spring');
  await page.getByRole('textbox', { name: 'Alias' }).fill(alias);
  const section = page.getByRole('region', { name: 'Social preview' });
  await expect(section.getByTestId('social-card')).toHaveCount(0);
  await section.getByRole('textbox', { name: 'Card headline' }).fill('Spring <img src=x onerror=alert(1)> sale');
  await section.getByRole('textbox', { name: 'Card description' }).fill('Everything 30% off, this week only.');
  await section.locator('input[type=file]').setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: cardPng() });
  const imageUrl = section.getByRole('textbox', { name: 'Card image URL' });
  await expect(imageUrl).toHaveValue(/\/\+og\/[A-Za-z0-9_-]{16}$/);

  const card = section.getByTestId('social-card');
  await expect(card).toContainText('Spring <img src=x onerror=alert(1)> sale');
  await expect(card).toContainText('Everything 30% off, this week only.');
  await expect(card.locator('img[onerror]')).toHaveCount(0);
  await expect.poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
  await checkA11y(page);
  await reviewShots(page, 'social-preview');

  await page.getByRole('button', { name: 'Create link' }).click();
  await expect(page).toHaveURL(/\/links\/\d+\/edit/);
  await expect(page.getByRole('region', { name: 'Social preview' }).getByRole('textbox', { name: 'Card headline' })).toHaveValue('Spring <img src=x onerror=alert(1)> sale');

  const crawler = await page.request.get(`${E2E_BASE_URL}/${alias}`, { headers: { 'user-agent': 'facebookexternalhit/1.1' }, maxRedirects: 0 });
  expect(crawler.status()).toBe(200);
  const html = await crawler.text();
  expect(html).toContain('<meta property="og:title" content="Spring &lt;img src=x onerror=alert(1)&gt; sale">');
  expect(html).toMatch(/<meta property="og:image" content="[^"]+\/\+og\/[A-Za-z0-9_-]{16}">/);
  const person = await page.request.get(`${E2E_BASE_URL}/${alias}`, { headers: { 'user-agent': 'Mozilla/5.0 Chrome/126.0' }, maxRedirects: 0 });
  expect(person.status()).toBe(302);
  expect(person.headers().location).toBe('https://shop.example/spring');
});
