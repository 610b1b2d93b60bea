// File names and downloads of QR codes (drawn by the server: GET /api/v1/links/{id}/qr).
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
