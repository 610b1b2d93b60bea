// A URL cut in its middle for a narrow place (the links list): `shop.example.com/collections/su…/spring-sale`. The
// host and the last path segment (with the query and fragment) stay; the path between them is what gives way. The
// parts are cut by CSS (MiddleUrl in features/links/link-row-parts.tsx), so the cut fits the width exactly.

export interface UrlParts {
  /** `https://`: not shown (the whole URL is in the tooltip and read by screen readers). */
  scheme: string;
  /** `shop.example.com`, with a port or user info if any. */
  host: string;
  /** The path between the host and the last segment, `/collections/summer`: cut first. Empty when short. */
  middle: string;
  /** The last path segment with the query and fragment, `/spring-sale?utm_source=x`. */
  tail: string;
}

/** A middle shorter than this is kept with the tail: cutting it would save nothing but leave only an ellipsis. */
const MIN_MIDDLE = 4;

/** The parts of `url`; `scheme + host + middle + tail` is `url` again, whatever it is (a URL or not). */
export function urlParts(url: string): UrlParts {
  const scheme = /^[a-z][a-z\d+.-]*:\/\//i.exec(url)?.[0] ?? '';
  const rest = url.slice(scheme.length);
  const hostEnd = rest.search(/[/?#]/);
  const host = hostEnd < 0 ? rest : rest.slice(0, hostEnd);
  const after = hostEnd < 0 ? '' : rest.slice(hostEnd);
  const pathEnd = after.search(/[?#]/);
  const path = pathEnd < 0 ? after : after.slice(0, pathEnd);
  const suffix = pathEnd < 0 ? '' : after.slice(pathEnd);
  // The last segment starts at the last "/" before a non-empty segment (a trailing "/" stays with it).
  const cut = path.replace(/\/+$/, '').lastIndexOf('/');
  const middle = cut > 0 ? path.slice(0, cut) : '';
  const tail = path.slice(middle.length) + suffix;
  if (middle.length < MIN_MIDDLE) return { scheme, host, middle: '', tail: middle + tail };
  return { scheme, host, middle, tail };
}
