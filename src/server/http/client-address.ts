// The visitor's address and the host it asked for, from the raw request. One compiled trust function
// (TRUST_PROXY) serves Fastify (app.ts: request.ip, request.host, request.protocol) and the redirect's
// routes and fast path (which answers before Fastify sees the request), so they always agree.
import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import proxyAddr from '@fastify/proxy-addr';

/**
 * TRUST_PROXY (config.ts): `false` off; a hop count (1: one proxy such as nginx, whose address the
 * socket shows); or the proxies' addresses and CIDR ranges. There is no "trust every hop": that would take
 * the leftmost X-Forwarded-For address, which the client writes itself.
 */
export type TrustProxy = false | number | readonly string[];

/** Whether the address at `hop` (0: the socket's peer, 1: the last X-Forwarded-For entry, ...) is a trusted proxy. */
export type TrustFn = (address: string, hop: number) => boolean;

const byHops = new Map<number, TrustFn>();
const byList = new WeakMap<readonly string[], TrustFn>();

/** The compiled trust function, the same one each time for the same setting; null when off. Throws on a bad address. */
export function trustFunction(trust: TrustProxy): TrustFn | null {
  if (trust === false || trust === 0 || (Array.isArray(trust) && trust.length === 0)) return null;
  if (typeof trust === 'number') {
    let fn = byHops.get(trust);
    if (!fn) byHops.set(trust, (fn = (_address, hop) => hop < trust));
    return fn;
  }
  const list = trust as readonly string[];
  let fn = byList.get(list);
  if (!fn) byList.set(list, (fn = proxyAddr.compile([...list])));
  return fn;
}

const TRUST_PROXY_RULE = "TRUST_PROXY must be 0 (off), a hop count (1: one proxy such as nginx) or the proxies' addresses and CIDR ranges separated by commas";

/** TRUST_PROXY (config.ts): unset, 0 or false: off; `N`: N proxies in front; else the proxies' addresses and ranges. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = (value ?? '').trim();
  if (v === '' || v === '0' || v.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(v) && Number.isSafeInteger(Number(v))) return Number(v);
  const list = v.split(',').map((a) => a.trim());
  for (const a of list) {
    const refused = new Error(`${TRUST_PROXY_RULE}, got "${a}"`);
    // Plain addresses only: proxy-addr would read "1" or "1.5" as old IPv4 forms (0.0.0.1, 1.0.0.5).
    if (!net.isIP(a.replace(/\/[^/]*$/, ''))) throw refused;
    try {
      proxyAddr.compile(a);
    } catch {
      throw refused;
    }
  }
  return list;
}

/** Whether the socket's peer is a trusted proxy: only then are X-Forwarded-Host, -Proto and CF-IPCountry believed. */
export function fromTrustedProxy(raw: IncomingMessage, trust: TrustProxy): boolean {
  const peer = raw.socket?.remoteAddress;
  return peer !== undefined && isTrustedPeer(peer, trust);
}

/** The same check for a peer address already read from the socket. */
export function isTrustedPeer(peer: string, trust: TrustProxy): boolean {
  return trustFunction(trust)?.(peer, 0) ?? false;
}

/** The client: the address the last trusted proxy appended to X-Forwarded-For (request.ip's rule); else the socket's peer. */
export function clientIp(raw: IncomingMessage, trust: TrustProxy): string {
  const fn = trustFunction(trust);
  if (!fn) return raw.socket?.remoteAddress ?? '';
  const all = proxyAddr.all(raw, fn);
  return all[all.length - 1] ?? '';
}

/** From a trusted proxy, the last X-Forwarded-Host entry when there is one; else the Host header. */
export function clientHost(raw: IncomingMessage, trust: TrustProxy): string {
  const forwarded = raw.headers['x-forwarded-host'];
  if (typeof forwarded === 'string' && forwarded && fromTrustedProxy(raw, trust)) {
    const comma = forwarded.lastIndexOf(',');
    return (comma === -1 ? forwarded : forwarded.slice(comma + 1)).trim();
  }
  return raw.headers.host ?? '';
}
