// The one form of a host name that every comparison uses: a domain's stored name, the reserved hosts, and the
// Host a visit names. Pure (browsers and Node): IDNA by the WHATWG URL parser.
import { LIMITS } from './enums';

/** Labels of letters, digits and inner dashes (1 to 63 each), joined by dots: what DNS and TLS certificates accept. */
const ASCII_HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Lower case, without a port or a trailing dot, an IDN as punycode: `Go.Example.COM.`, `go.example.com:443` ->
 * `go.example.com`, `bücher.example` -> `xn--bcher-kva.example`. An IPv6 literal keeps its brackets. null when
 * what is left is not a host name (a scheme, a path, `user@`, an underscore, an empty label, a forbidden code point).
 */
export function canonicalHost(raw: string): string | null {
  let s = raw.trim().toLowerCase();
  if (s.startsWith('[')) return ipv6(s);
  s = s.replace(/:\d*$/, '');
  if (s.endsWith('.')) s = s.slice(0, -1);
  if (!s || s.length > LIMITS.domainNameMax) return null;
  if (ASCII_HOST.test(s)) return s;
  // Only names with non-ASCII letters need IDNA; an ASCII one that failed the pattern is not a host name.
  if (/^[\x20-\x7e]*$/.test(s)) return null;
  let host: string;
  try {
    host = new URL(`http://${s}`).hostname;
  } catch {
    return null;
  }
  if (host.endsWith('.')) host = host.slice(0, -1);
  return host.length <= LIMITS.domainNameMax && ASCII_HOST.test(host) ? host : null;
}

function ipv6(s: string): string | null {
  const end = s.indexOf(']');
  if (end < 0 || !/^(?::\d*)?$/.test(s.slice(end + 1))) return null;
  try {
    return new URL(`http://${s.slice(0, end + 1)}`).hostname;
  } catch {
    return null;
  }
}
