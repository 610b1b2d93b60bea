// A logo is measured from its PNG header before anything decodes it: a 50 KB file declaring 20,000 by 20,000
// pixels (1.6 GB decoded) is refused with 422 naming `logo`, and never reaches the pool thread that decodes.
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { expect422 } from '../test-utils/api';
import { pngHeaderSize } from './png-header';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(zlib.crc32(body), 8 + data.length);
  return out;
}

/** A valid 1-bit greyscale PNG of `side` by `side` pixels, all black: tiny compressed, huge decoded. */
function hugePng(side: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([1, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc(side * (1 + Math.ceil(side / 8)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

describe('PUT /api/v1/account/qr-logo', () => {
  it('refuses a PNG declaring too many pixels from its header, without decoding it', async () => {
    const png = hugePng(20_000);
    expect(png.length).toBeLessThan(100 * 1024);
    expect(pngHeaderSize(png)).toEqual({ width: 20_000, height: 20_000 });
    const calls = vi.spyOn(t.app.heavy.pool, 'call');
    const res = await t.as(t.userKey, { method: 'PUT', url: '/api/v1/account/qr-logo', payload: png, headers: { 'content-type': 'image/png' } });
    expect(expect422(res, 'logo').logo?.[0]).toMatch(/at most 2048 pixels/);
    expect(calls).not.toHaveBeenCalled();
    calls.mockRestore();
  });

  it('still measures a PNG within the cap on the pool thread, and refuses one with a broken header', async () => {
    const ok = await t.as(t.userKey, { method: 'PUT', url: '/api/v1/account/qr-logo', payload: hugePng(64), headers: { 'content-type': 'image/png' } });
    expect(ok.statusCode, ok.body).toBe(200);
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not a header at all')]);
    expect422(await t.as(t.userKey, { method: 'PUT', url: '/api/v1/account/qr-logo', payload: broken, headers: { 'content-type': 'image/png' } }), 'logo');
  });
});
