// The redirect's fast path: a plain visit (GET or HEAD of `/{alias}` for a cached link that shows no
// page: not disabled, not expired, no password, not sensitive, no pixels) is answered straight from the
// HTTP server's request event, before Fastify builds its request and reply and routes. The decision is
// the engine's own forward(), shared with the Fastify route; anything else returns false and Fastify
// answers it as usual, so the fast path changes only how fast, never what.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { LIMITS } from '../../shared/enums';
import { isReservedAlias } from '../../shared/link.schema';
import type { RedirectEngine } from './redirect.engine';
import { locationOf } from './destination';

const PLAIN_PATH = new RegExp(`^/([A-Za-z0-9_-]{1,${LIMITS.aliasMax}})(?:\\?|$)`);

export type RequestListener = (req: IncomingMessage, res: ServerResponse) => boolean;

const byServer = new WeakMap<http.Server, FastPath>();

/** The fast path in front of a server made by FastPath.createServer (the tests count its answers). */
export function fastPathOf(server: unknown): FastPath | undefined {
  return byServer.get(server as http.Server);
}

export class FastPath {
  /** Visits answered here (the tests read it to know which path answered). */
  served = 0;
  private engine: RedirectEngine | null = null;

  /** Called by the redirect plugin once its engine exists; `null` (on close) hands everything back. */
  attach(engine: RedirectEngine | null): void {
    this.engine = engine;
  }

  /**
   * Fastify's serverFactory: an HTTP server with Fastify's own timeouts that offers each request to
   * the fast path first. A failure here is logged and the request goes to Fastify (a 500 there).
   */
  createServer(handler: (req: IncomingMessage, res: ServerResponse) => void, options: Record<string, unknown>, onError: (err: unknown) => void): http.Server {
    const server = http.createServer((req, res) => {
      try {
        if (this.handle(req, res)) return;
      } catch (err) {
        onError(err);
        if (res.headersSent) return void res.destroy();
      }
      handler(req, res);
    });
    server.keepAliveTimeout = options.keepAliveTimeout as number;
    server.requestTimeout = options.requestTimeout as number;
    server.setTimeout(options.connectionTimeout as number);
    byServer.set(server, this);
    return server;
  }

  readonly handle: RequestListener = (req, res) => {
    const engine = this.engine;
    if (!engine || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const m = PLAIN_PATH.exec(req.url ?? '');
    const alias = m?.[1];
    if (!alias || isReservedAlias(alias)) return false;
    const { link } = engine.lookup(req, alias);
    const now = Date.now();
    if (!link || !engine.isPlain(link, now)) return false;
    const out = engine.forward(link, req, now);
    // 'expired': the limit was reached by this visit's turn, and nothing was counted; the route's
    // visit() sees the same count and answers with the expired page or expiration_url.
    if (out.kind !== 'redirect') return false;
    res.writeHead(out.status, { location: locationOf(out.location), 'cache-control': 'private, no-store', 'content-length': '0' });
    res.end();
    this.served++;
    return true;
  };
}
