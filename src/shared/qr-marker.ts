// The marker that tells a QR scan from a plain visit: a link's QR code encodes its short URL with
// `?qr=1`. The redirect records such a visit as a QR scan and drops the marker before the visitor's query
// string is passed on, so the destination never sees it. Used by the QR codes (server), the redirect and the
// dashboard's QR card: the one place that knows the marker.

/** The query parameter, and the one value of it that marks a QR scan (`?qr=2` is passed on like any other). */
export const QR_MARKER = { name: 'qr', value: '1' } as const;

const PAIR = `${QR_MARKER.name}=${QR_MARKER.value}`;

/** The URL a link's QR code encodes: the short URL (which has no query) with the marker. */
export function qrUrl(shortUrl: string): string {
  return `${shortUrl}${shortUrl.includes('?') ? '&' : '?'}${PAIR}`;
}

/** Whether a query's pairs hold the marker. */
function marked(query: URLSearchParams): boolean {
  return query.getAll(QR_MARKER.name).includes(QR_MARKER.value);
}

/**
 * Whether a request target (`/alias?qr=1`, path and query) is a QR scan: its query holds the marker as
 * withoutQrMarker() reads it (percent-decoded). Parses nothing for a query without the pair or a `%`.
 */
export function isQrVisit(requestUrl: string): boolean {
  const q = requestUrl.indexOf('?');
  if (q < 0) return false;
  const query = requestUrl.slice(q + 1).split('#')[0] ?? '';
  if (!query.includes(PAIR) && !query.includes('%')) return false;
  return marked(new URLSearchParams(query));
}

/** The query's pairs without the marker (a new object when it had one, else the same). */
export function withoutQrMarker(query: URLSearchParams): URLSearchParams {
  if (!marked(query)) return query;
  const out = new URLSearchParams();
  for (const [name, value] of query) if (name !== QR_MARKER.name || value !== QR_MARKER.value) out.append(name, value);
  return out;
}
