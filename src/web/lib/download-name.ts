// The file name a download is saved under: from the answer's Content-Disposition (`filename="…"` or RFC 5987
// `filename*=UTF-8''…`), reduced to a safe base name; the fallback when there is none.
export function downloadName(contentDisposition: string | null, fallback: string): string {
  if (!contentDisposition) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(contentDisposition);
  let name: string | undefined;
  if (star?.[1]) {
    try {
      name = decodeURIComponent(star[1].trim());
    } catch {
      name = undefined;
    }
  }
  if (!name) name = /filename\s*=\s*"([^"]*)"/.exec(contentDisposition)?.[1] ?? /filename\s*=\s*([^;\s]+)/.exec(contentDisposition)?.[1];
  // No folders, no hidden files: only the last path segment, without leading dots.
  const base = (name ?? '').split(/[\\/]/).pop()?.replace(/^\.+/, '').trim();
  return base || fallback;
}
