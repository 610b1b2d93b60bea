import { describe, expect, it } from 'vitest';
import { qrFileName, qrPngDataUrl, qrSvg } from './qr-code';

describe('qr code', () => {
  it('names files safely after the short URL', () => {
    expect(qrFileName('https://go.example.com/spring-sale', 'png')).toBe('qr-go.example.com-spring-sale.png');
    expect(qrFileName('http://localhost:8080/a_b', 'svg')).toBe('qr-localhost-8080-a_b.svg');
    expect(qrFileName('', 'svg')).toBe('qr-link.svg');
  });
  it('draws an SVG and a PNG of the URL', async () => {
    const svg = await qrSvg('https://go.example.com/x');
    expect(svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const png = await qrPngDataUrl('https://go.example.com/x', 128);
    expect(png.startsWith('data:image/png;base64,')).toBe(true);
    // A different URL gives a different picture.
    expect(await qrSvg('https://go.example.com/y')).not.toBe(svg);
  });
});
