// The visitor's language: the primary subtag of the highest-weighted Accept-Language tag.

/** `de-CH, fr;q=0.9, en;q=0.8` → `de`. Ties keep the earlier tag; `*` and malformed tags are skipped. */
export function preferredLanguage(header: string | undefined): string | null {
  if (!header) return null;
  let best: string | null = null;
  let bestQ = -1;
  const parts = header.length > 512 ? header.slice(0, 512).split(',') : header.split(',');
  for (const part of parts) {
    const [tagRaw, ...params] = part.split(';');
    const tag = (tagRaw ?? '').trim();
    const primary = tag.split('-')[0]?.toLowerCase() ?? '';
    if (!/^[a-z]{2,3}$/.test(primary)) continue;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p);
      if (m) q = Number(m[1]);
    }
    if (!Number.isFinite(q) || q <= 0) continue;
    if (q > bestQ) {
      best = primary;
      bestQ = q;
    }
  }
  return best;
}
