// A PNG logo measured from its header, before anything decodes it (the route on the main thread, then the pool
// thread that decodes it: qr-render.ts). No decoder is loaded here.

/** The most pixels a logo may have on each side: its decoded form (4 bytes a pixel) stays at most 16 MB. */
export const QR_LOGO_MAX_SIDE = 2048;

/**
 * A PNG's width and height as its header (IHDR, which the format puts first, at a fixed place) declares them,
 * read without decoding anything: a small file may declare 20,000 by 20,000 pixels (1.6 GB decoded). Null when
 * the bytes do not start like a PNG.
 */
export function pngHeaderSize(png: Uint8Array): { width: number; height: number } | null {
  const b = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (b.length < 24 || b.readUInt32BE(0) !== 0x89504e47 || b.subarray(12, 16).toString('latin1') !== 'IHDR') return null;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

/** Whether a size is within the logo's cap on each side. */
export const logoFits = (size: { width: number; height: number }) => size.width <= QR_LOGO_MAX_SIDE && size.height <= QR_LOGO_MAX_SIDE;
