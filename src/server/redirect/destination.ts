// Where a visit goes: the first matching target (or the next rotation value), and the visitor's query
// string merged into it (the visitor's values win over the destination's own for the same name), less the
// QR code's marker (shared/qr-marker.ts), which is Linkdeck's own and never reaches the destination.
import { matchTarget } from '../../shared/target-matching';
import { withoutQrMarker } from '../../shared/qr-marker';
import { canonicalHost } from '../../shared/host-name';
import type { CachedLink } from './link-cache';
import type { VisitorInfo } from '../visitor/visitor';

/** The destination, and which target served it (its index; null: the link's own url). */
export interface Picked {
  url: string;
  index: number | null;
}

export function pickDestination(link: CachedLink, visitor: VisitorInfo | null): Picked {
  if (!link.targets_type) return { url: link.url, index: null };
  if (link.rotation) {
    const i = link.rotation.next();
    const target = link.targets[i];
    return target ? { url: target.value, index: i } : { url: link.url, index: null };
  }
  if (!visitor) return { url: link.url, index: null };
  const m = matchTarget(link.url, link.targets_type, link.targets, visitor);
  return { url: m.destination, index: m.index < 0 ? null : m.index };
}

/** `requestUrl` is the raw request path with its query; only its query is used. */
export function mergeQuery(destination: string, requestUrl: string): string {
  const q = requestUrl.indexOf('?');
  if (q < 0 || q === requestUrl.length - 1) return destination;
  const incoming = withoutQrMarker(new URLSearchParams(requestUrl.slice(q + 1)));
  // Only the marker: the destination as it is, not even re-serialised.
  if (incoming.size === 0) return destination;
  let url: URL;
  try {
    url = new URL(destination);
  } catch {
    return destination;
  }
  const names = new Set<string>();
  for (const name of incoming.keys()) names.add(name);
  for (const name of names) url.searchParams.delete(name);
  for (const [name, value] of incoming) url.searchParams.append(name, value);
  return url.toString();
}

/** The host a request names, normalised as domain names are (canonicalHost); '' when it is not a host name. */
export function hostOf(raw: string | undefined): string {
  return raw ? (canonicalHost(raw) ?? '') : '';
}

/**
 * A URL as a Location header value. Stored URLs may hold spaces or any Unicode (the API keeps what the
 * owner typed); a header may not, so those are percent-encoded as UTF-8 by the URL parser (the host
 * becomes punycode). Printable ASCII is returned as it is.
 */
export function locationOf(url: string): string {
  if (/^[\x21-\x7e]*$/.test(url)) return url;
  try {
    return new URL(url).href;
  } catch {
    return Array.from(url, (ch) => (/[\x21-\x7e]/.test(ch) ? ch : encodeChar(ch))).join('');
  }
}

function encodeChar(ch: string): string {
  try {
    return encodeURIComponent(ch);
  } catch {
    return '%EF%BF%BD'; // a lone surrogate: U+FFFD, as the URL parser writes it
  }
}
