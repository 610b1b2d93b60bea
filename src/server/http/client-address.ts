// The visitor's address and the host it asked for, from the raw request, with Fastify's own rules for
// `trustProxy: true` (request.ip and request.host): one implementation for the redirect's routes and
// for its fast path, which answers before Fastify sees the request.
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

const trustAll = () => true;

/** With TRUST_PROXY, the leftmost X-Forwarded-For address; else the socket's peer. */
export function clientIp(raw: IncomingMessage, trustProxy: boolean): string {
  if (!trustProxy) return raw.socket?.remoteAddress ?? '';
  const all = proxyAddr.all(raw, trustAll);
  return all[all.length - 1] ?? '';
}

/** With TRUST_PROXY, the last X-Forwarded-Host entry when there is one; else the Host header. */
export function clientHost(raw: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? raw.headers['x-forwarded-host'] : undefined;
  if (typeof forwarded === 'string' && forwarded) {
    const comma = forwarded.lastIndexOf(',');
    return (comma === -1 ? forwarded : forwarded.slice(comma + 1)).trim();
  }
  return raw.headers.host ?? '';
}
