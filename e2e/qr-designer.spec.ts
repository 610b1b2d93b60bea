// The QR designer on a link's details page: style the code, put the account logo in it, download exactly what
// the preview shows (decoded back to the short URL with its QR marker, `?qr=1`), refuse colours that would not scan, save a default style.
import fs from 'node:fs';
import { PNG } from 'pngjs';
import jsQR from 'jsqr';
import { test, expect, pickOption, toggleSwitch } from './fixtures/test';
import { seed, uniq } from './fixtures/api';
import { checkA11y } from './fixtures/a11y';
import { reviewShots } from './fixtures/screenshot';

function decode(file: string): { text: string | null; width: number; pixel: (x: number, y: number) => number[] } {
  const img = PNG.sync.read(fs.readFileSync(file));
  const text = jsQR(new Uint8ClampedArray(img.data), img.width, img.height)?.data ?? null;
  return { text, width: img.width, pixel: (x, y) => [...img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 3)] };
}

function logoPng(): Buffer {
  const png = new PNG({ width: 48, height: 48 });
  for (let i = 0; i < 48 * 48; i++) png.data.set([230, 120, 0, 255], i * 4);
  return PNG.sync.write(png);
}

test('design a QR code with colours and a logo, download it, and save the style as the default', async ({ page, account }) => {
  const link = await seed.link(account.api, { url: 'https://example.com/qr', alias: uniq('qr') });
  await page.goto(`/dashboard/links/${link.id}`);
  const card = page.getByRole('region', { name: 'QR code' });
  await expect(card.getByTestId('qr-image')).toBeVisible();

  // Colours that would not scan are refused before anything is drawn or downloaded.
  const fg = card.getByRole('textbox', { name: 'Foreground' });
  await fg.fill('#eeeeee');
  await expect(card.getByText('Too close to the background to scan.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'PNG' })).toBeDisabled();

  await fg.fill('#1d3557');
  await pickOption(page, 'Size (px)', '1024');
  await card.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
  await expect(card.getByRole('button', { name: 'Replace logo' })).toBeVisible();
  await toggleSwitch(page, 'Logo in the middle');
  await expect(card.getByRole('switch', { name: 'Logo in the middle' })).toBeChecked();
  // A logo needs high error correction: it is raised by itself.
  await expect(card.getByRole('radio', { name: 'H' })).toBeChecked();
  await checkA11y(page);
  await reviewShots(page, 'qr-designer');

  const [png] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'PNG' }).click()]);
  const got = decode((await png.path())!);
  expect(got.text).toBe(`${link.short_url}?qr=1`);
  expect(got.width).toBe(1024);
  expect(got.pixel(512, 512)).toEqual([230, 120, 0]);
  const [svg] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'SVG' }).click()]);
  const svgText = fs.readFileSync((await svg.path())!, 'utf8');
  expect(svgText).toContain('fill="#1d3557"');
  expect(svgText).toContain('<image ');

  // Save as the default: the API's QR codes without parameters use it, and the designer starts from it.
  await card.getByRole('button', { name: 'Save as my default' }).click();
  await expect(page.getByText('QR style saved')).toBeVisible();
  expect(await account.api.get('/account/qr-style')).toMatchObject({ fg: '#1d3557', size: 1024, ecc: 'H', logo: true, has_logo: true });
  await page.reload();
  await expect(page.getByRole('region', { name: 'QR code' }).getByRole('textbox', { name: 'Foreground' })).toHaveValue('#1d3557');
});
