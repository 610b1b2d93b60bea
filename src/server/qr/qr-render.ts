// QR codes drawn from the `qrcode` package's module matrix: an SVG (one path of dark modules) or a PNG
// (pngjs), in the style's colours, size and quiet zone, with the account's logo in the middle when asked.
// The logo's box covers about 5% of the modules, which error correction Q (25%) or H (30%) restores.
import QRCode from 'qrcode';
import { PNG } from 'pngjs';
import { logoFits, pngHeaderSize } from './png-header';
import type { QrStyle } from '../../shared/qr.schema';

/** Width of the logo's box, as a share of the code's width (without the quiet zone). */
const LOGO_SHARE = 0.22;

interface Matrix {
  /** Modules per side (without the quiet zone). */
  n: number;
  dark: (x: number, y: number) => boolean;
  /** The logo's box in modules [from, to), or null. */
  hole: { from: number; to: number } | null;
}

function matrix(text: string, style: QrStyle, withLogo: boolean): Matrix {
  const qr = QRCode.create(text, { errorCorrectionLevel: style.ecc });
  const n = qr.modules.size;
  const data = qr.modules.data;
  let hole: Matrix['hole'] = null;
  if (withLogo) {
    // An odd number of modules, centred; at least 5 so that a small code still shows the logo.
    let w = Math.max(5, Math.round(n * LOGO_SHARE));
    if (w % 2 === 0) w += 1;
    const from = (n - w) / 2;
    hole = { from, to: from + w };
  }
  const inHole = (x: number, y: number) => hole !== null && x >= hole.from && x < hole.to && y >= hole.from && y < hole.to;
  return { n, hole, dark: (x, y) => !inHole(x, y) && data[y * n + x] === 1 };
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function renderSvg(text: string, style: QrStyle, logo: Buffer | null): string {
  const m = matrix(text, style, style.logo && logo !== null);
  const total = m.n + 2 * style.margin;
  let d = '';
  for (let y = 0; y < m.n; y++) {
    for (let x = 0; x < m.n; x++) if (m.dark(x, y)) d += `M${x + style.margin} ${y + style.margin}h1v1h-1z`;
  }
  const image =
    m.hole && logo
      ? `<image x="${m.hole.from + style.margin + 0.5}" y="${m.hole.from + style.margin + 0.5}" width="${m.hole.to - m.hole.from - 1}" height="${m.hole.to - m.hole.from - 1}" preserveAspectRatio="xMidYMid meet" href="data:image/png;base64,${logo.toString('base64')}"/>`
      : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${total} ${total}" width="${style.size}" height="${style.size}" shape-rendering="crispEdges">` +
    `<rect width="${total}" height="${total}" fill="${escapeAttr(style.bg)}"/><path fill="${escapeAttr(style.fg)}" d="${d}"/>${image}</svg>`
  );
}

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

/** Reads a PNG logo (any PNG pngjs reads), or throws. */
export function decodeLogo(png: Buffer): PNG {
  return PNG.sync.read(png);
}

export function renderPng(text: string, style: QrStyle, logo: PNG | null): Buffer {
  const m = matrix(text, style, style.logo && logo !== null);
  const total = m.n + 2 * style.margin;
  const size = style.size;
  const scale = size / total;
  const png = new PNG({ width: size, height: size });
  const [fr, fg, fb] = rgb(style.fg);
  const [br, bgc, bb] = rgb(style.bg);
  for (let py = 0; py < size; py++) {
    const my = Math.floor(py / scale) - style.margin;
    for (let px = 0; px < size; px++) {
      const mx = Math.floor(px / scale) - style.margin;
      const on = mx >= 0 && my >= 0 && mx < m.n && my < m.n && m.dark(mx, my);
      const i = (py * size + px) * 4;
      png.data[i] = on ? fr : br;
      png.data[i + 1] = on ? fg : bgc;
      png.data[i + 2] = on ? fb : bb;
      png.data[i + 3] = 255;
    }
  }
  if (m.hole && logo) drawLogo(png, logo, (m.hole.from + style.margin + 0.5) * scale, (m.hole.to - m.hole.from - 1) * scale);
  return PNG.sync.write(png);
}

/** The logo fitted (aspect kept) into the square at (at, at) of side `box`, sampled nearest, blended by alpha. */
function drawLogo(out: PNG, logo: PNG, at: number, box: number): void {
  const fit = Math.min(box / logo.width, box / logo.height);
  const w = Math.max(1, Math.round(logo.width * fit));
  const h = Math.max(1, Math.round(logo.height * fit));
  const x0 = Math.round(at + (box - w) / 2);
  const y0 = Math.round(at + (box - h) / 2);
  for (let y = 0; y < h; y++) {
    const sy = Math.min(logo.height - 1, Math.floor(y / fit));
    for (let x = 0; x < w; x++) {
      const sx = Math.min(logo.width - 1, Math.floor(x / fit));
      const s = (sy * logo.width + sx) * 4;
      const d = ((y0 + y) * out.width + (x0 + x)) * 4;
      if (d < 0 || d + 3 >= out.data.length) continue;
      const a = (logo.data[s + 3] as number) / 255;
      for (let c = 0; c < 3; c++) out.data[d + c] = Math.round((logo.data[s + c] as number) * a + (out.data[d + c] as number) * (1 - a));
    }
  }
}

export interface QrJob {
  text: string;
  style: QrStyle;
  format: 'png' | 'svg';
  /** The account's logo (PNG bytes), when the style asks for it. */
  logo: Uint8Array | null;
}

/** A QR code as GET /links/{id}/qr answers it, made on a pool thread (workers/heavy-pool.ts). */
export function renderQrJob(job: QrJob): string | Uint8Array {
  const logo = job.logo ? Buffer.from(job.logo.buffer, job.logo.byteOffset, job.logo.byteLength) : null;
  if (job.format === 'svg') return renderSvg(job.text, job.style, logo);
  const png = renderPng(job.text, job.style, logo && job.style.logo ? decodeLogo(logo) : null);
  // A buffer of its own, so that it is handed over rather than copied.
  return png.byteOffset === 0 && png.byteLength === png.buffer.byteLength ? png : new Uint8Array(png);
}

/**
 * A logo's size in pixels (PUT /account/qr-logo checks it on a pool thread, under its memory limit); null: not a
 * readable PNG. A header beyond the cap is answered as it is, never decoded.
 */
export function logoSize(png: Uint8Array): { width: number; height: number } | null {
  const declared = pngHeaderSize(png);
  if (!declared) return null;
  if (!logoFits(declared)) return declared;
  try {
    const { width, height } = decodeLogo(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
    return { width, height };
  } catch {
    return null;
  }
}
