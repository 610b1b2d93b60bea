// Link preview images: uploaded by an account (the bytes decide the type), served publicly on every host.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { create, createLink, expect422 } from '../test-utils/api';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await create(t, t.userKey, 'domains', { name: 'og.example.com' });
});
afterAll(async () => t.close());

function png(): Buffer {
  const img = new PNG({ width: 2, height: 2 });
  img.data.fill(200);
  return PNG.sync.write(img);
}
const upload = (body: Buffer, type = 'image/png', key = t.userKey) =>
  t.as(key, { method: 'POST', url: '/api/v1/og-images', payload: body, headers: { 'content-type': type } });

describe('link preview images', () => {
  it('uploads an image and serves it publicly, on the default and on a custom domain, usable as og_image', async () => {
    const res = await upload(png());
    expect(res.statusCode).toBe(201);
    const { url, key, type } = res.json().data;
    expect(type).toBe('image/png');
    expect(url).toMatch(new RegExp(`/\\+og/${key}$`));
    for (const host of [undefined, 'og.example.com']) {
      const got = await t.app.inject({ method: 'GET', url: `/+og/${key}`, headers: host ? { host } : {} });
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/png');
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      expect(got.rawPayload.equals(png())).toBe(true);
    }
    const link = await createLink(t, t.userKey, { url: 'https://example.com/p', og_title: 'Spring sale', og_image: url });
    expect(link).toMatchObject({ og_title: 'Spring sale', og_image: url, og_description: null });
  });

  it('takes the type from the bytes: a script sent as image/png is refused; too large is a 413', async () => {
    expect422(await upload(Buffer.from('<svg onload="alert(1)"></svg>')), 'image');
    expect422(await upload(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0])), 'image');
    const jpeg = await upload(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'image/png');
    expect(jpeg.json().data.type).toBe('image/jpeg');
    const big = await upload(Buffer.alloc(1024 * 1024 + 10, 7));
    expect(big.statusCode).toBe(413);
    const other = await t.as(t.userKey, { method: 'POST', url: '/api/v1/og-images', payload: 'x', headers: { 'content-type': 'text/plain' } });
    expect(other.statusCode).toBe(415);
    expect(other.json().message).toMatch(/send it with Content-Type: image\/png \(or image\/jpeg, image\/webp, image\/gif\)/);
  });

  it('needs a key to upload; an unknown image is a 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/og-images', payload: png(), headers: { 'content-type': 'image/png' } });
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/+og/AAAAAAAAAAAAAAAA' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/+og/..%2f..%2fetc' })).statusCode).toBe(404);
  });

  it('422 on og fields: a bad image URL, too long texts', async () => {
    const post = (fields: Record<string, string>) => t.as(t.userKey, { method: 'POST', url: '/api/v1/links', payload: JSON.stringify({ url: 'https://e.com', ...fields }), headers: { 'content-type': 'application/json' } });
    expect422(await post({ og_image: 'javascript:alert(1)' }), 'og_image');
    expect422(await post({ og_title: 'x'.repeat(201) }), 'og_title');
    expect422(await post({ og_description: 'x'.repeat(501) }), 'og_description');
  });
});
