// QR codes of a short URL with the `qrcode` package: a PNG data URL to show and download, an SVG to download.
import QRCode from 'qrcode';

const OPTIONS = { errorCorrectionLevel: 'M' as const, margin: 2, color: { dark: '#000000', light: '#ffffff' } };

export function qrPngDataUrl(text: string, width = 512): Promise<string> {
  return QRCode.toDataURL(text, { ...OPTIONS, width, type: 'image/png' });
}

export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { ...OPTIONS, type: 'svg' });
}

/** "links.example.com/spring-sale" -> "qr-links.example.com-spring-sale.png": a safe file name. */
export function qrFileName(shortUrl: string, ext: 'png' | 'svg'): string {
  const base = shortUrl
    .replace(/^[a-z]+:\/\//i, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
  return `qr-${base || 'link'}.${ext}`;
}

export function downloadUrl(href: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

export function downloadText(text: string, type: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  downloadUrl(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
