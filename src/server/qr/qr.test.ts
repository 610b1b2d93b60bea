// QR codes decoded back with jsqr: every format, colours, error correction and a logo in the middle still
// scan to the short URL with the QR marker (`?qr=1`); the account style and logo; 422s naming the field;
// another account's link is a 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import jsQR from 'jsqr';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { createLink, expect404, expect422, get, json } from '../test-utils/api';
import { renderPng } from './qr-render';
import { DEFAULT_QR_STYLE } from '../../shared/qr.schema';
import { qrUrl } from '../../shared/qr-marker';

let t: TestApp;
let link: { id: number; short_url: string };
/** What the codes encode. */
let scanned = '';
beforeAll(async () => {
  t = await createTestApp();
  link = (await createLink(t, t.userKey, { url: 'https://example.com/qr', alias: 'qr-spring-sale' })) as never;
  scanned = qrUrl(link.short_url);
});
afterAll(async () => t.close());

function decode(png: Buffer): string | null {
  const img = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(img.data), img.width, img.height)?.data ?? null;
}

/** A logo: a red square with a transparent corner. */
function logoPng(size = 64): Buffer {
  const png = new PNG({ width: size, height: size });
  for (let i = 0; i < size * size; i++) png.data.set([220, 30, 30, i % size < 8 && i < size * 8 ? 0 : 255], i * 4);
  return PNG.sync.write(png);
}

const qr = (query: string, key = t.userKey) => t.as(key, { method: 'GET', url: `/api/v1/links/${link.id}/qr${query}` });
const uploadLogo = (body: Buffer, type = 'image/png') => t.as(t.userKey, { method: 'PUT', url: '/api/v1/account/qr-logo', payload: body, headers: { 'content-type': type } });

describe('GET /api/v1/links/{id}/qr', () => {
  it('answers a PNG that scans to the short URL with `?qr=1`, in every error correction level and several sizes', async () => {
    for (const [ecc, size] of [['L', 200], ['M', 512], ['Q', 333], ['H', 1024]] as const) {
      const res = await qr(`?ecc=${ecc}&size=${size}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const img = PNG.sync.read(res.rawPayload);
      expect([img.width, img.height]).toEqual([size, size]);
      expect(decode(res.rawPayload)).toBe(scanned);
    }
  });

  it('scans with other colours (light on dark too) and margins', async () => {
    expect(decode((await qr('?fg=%231d3557&bg=%23f1faee&margin=4')).rawPayload)).toBe(scanned);
    expect(decode((await qr('?fg=ffffff&bg=000000&margin=1')).rawPayload)).toBe(scanned);
  });

  it('answers an SVG drawn from the same modules', async () => {
    const res = await qr('?format=svg&fg=%23112233');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 \d+ \d+" width="512" height="512"/);
    expect(res.body).toContain('fill="#112233"');
  });

  it('422 naming the field: low contrast, bad colour, size, ecc, format; a logo without one uploaded', async () => {
    expect422(await qr('?fg=%23777777&bg=%23888888'), 'fg');
    expect422(await qr('?fg=red'), 'fg');
    expect422(await qr('?size=10'), 'size');
    expect422(await qr('?ecc=X'), 'ecc');
    expect422(await qr('?format=gif'), 'format');
    expect422(await qr('?logo=1&ecc=H'), 'logo');
  });

  it("another account's link is a 404", async () => {
    expect404(await qr('', t.adminKey));
  });
});

describe('the account style and logo', () => {
  it('uploads a logo, which then sits in the middle of a code that still scans (PNG and SVG)', async () => {
    const res = await uploadLogo(logoPng());
    expect(res.statusCode).toBe(200);
    expect(res.json().data.has_logo).toBe(true);
    const png = await qr('?logo=1&size=400');
    expect(png.statusCode).toBe(200);
    const img = PNG.sync.read(png.rawPayload);
    const mid = (200 * 400 + 200) * 4;
    expect([img.data[mid], img.data[mid + 1], img.data[mid + 2]]).toEqual([220, 30, 30]);
    expect(decode(png.rawPayload)).toBe(scanned);
    expect((await qr('?logo=1&format=svg')).body).toContain('<image ');
    // With a logo, a low error correction is refused.
    expect422(await qr('?logo=1&ecc=M'), 'ecc');
  });

  it('refuses what is not a PNG, a broken one and a too large one', async () => {
    expect422(await uploadLogo(Buffer.from('GIF89a....')), 'logo');
    expect422(await uploadLogo(Buffer.concat([logoPng().subarray(0, 20), Buffer.alloc(50)])), 'logo');
    const big = await uploadLogo(Buffer.alloc(300 * 1024, 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toContain('at most 256 KB');
    const text = await t.as(t.userKey, { method: 'PUT', url: '/api/v1/account/qr-logo', ...json({ logo: 'x' }) });
    expect422(text, 'logo');
  });

  it('saves a default style that codes without parameters use; a query still overrides it', async () => {
    const res = await t.as(t.userKey, { method: 'PUT', url: '/api/v1/account/qr-style', ...json({ fg: '#0b3d91', size: 300, margin: 1, ecc: 'Q' }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ fg: '#0b3d91', bg: '#ffffff', size: 300, margin: 1, ecc: 'Q', logo: false, has_logo: true });
    const img = PNG.sync.read((await qr('')).rawPayload);
    expect(img.width).toBe(300);
    expect(PNG.sync.read((await qr('?size=128')).rawPayload).width).toBe(128);
    expect((await get(t, t.userKey, '/api/v1/account/qr-style')).json().data.fg).toBe('#0b3d91');
    expect422(await t.as(t.userKey, { method: 'PUT', url: '/api/v1/account/qr-style', ...json({ fg: '#ffffff', bg: '#fefefe' }) }), 'fg');
  });

  it('removing the logo turns it off in the style', async () => {
    await t.as(t.userKey, { method: 'PUT', url: '/api/v1/account/qr-style', ...json({ logo: 1 }) });
    const res = await t.as(t.userKey, { method: 'DELETE', url: '/api/v1/account/qr-logo' });
    expect(res.json().data).toMatchObject({ logo: false, has_logo: false });
    expect422(await t.as(t.userKey, { method: 'PUT', url: '/api/v1/account/qr-style', ...json({ logo: 1 }) }), 'logo');
  });
});

describe('renderPng', () => {
  it('scans for long URLs at the smallest size that keeps modules at least 2 pixels', () => {
    const url = `https://links.example.com/${'a'.repeat(120)}`;
    expect(decode(renderPng(url, { ...DEFAULT_QR_STYLE, size: 256 }, null))).toBe(url);
  });
});
