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

/**
 * The HTTP server's limits against slow clients (slowloris). Each timer counts from the start of a
 * request, so dripping bytes does not extend it. Left at Node's defaults on purpose: maxHeaderSize
 * (16 KiB, `--max-http-header-size`; overflow answers 431) and maxRequestsPerSocket (unlimited: every
 * request is answered anyway, and a limit only makes clients and proxies reconnect).
 */
export const SERVER_TIMEOUTS = {
  /** Time to send the request line and all headers; a real client needs milliseconds. Answer: 408. */
  headersTimeout: 10_000,
  /** Time to send the whole request: a 512 KiB body (BODY_LIMIT) at ~20 KiB/s, a poor mobile link. */
  requestTimeout: 30_000,
  /**
   * Idle time between keep-alive requests: Fastify's default, longer than the 60 s a load balancer
   * (AWS ALB, nginx upstream keepalive) keeps an idle upstream connection, so it never reuses one that
   * Linkdeck just closed. An idle connection costs a socket, not a request slot.
   */
  keepAliveTimeout: 72_000,
  /** How often Node checks the two timers above: a slow socket lives at most timeout + this. */
  connectionsCheckingInterval: 1_000,
  /** No byte in either direction for this long (e.g. a client that stops reading a response). */
  socketTimeout: 60_000,
} as const;

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
   * Fastify's serverFactory: an HTTP server with SERVER_TIMEOUTS (Fastify's timeout options are not
   * used) that offers each request to the fast path first. A failure here is logged and the request
   * goes to Fastify (a 500 there).
   */
  createServer(handler: (req: IncomingMessage, res: ServerResponse) => void, _options: unknown, onError: (err: unknown) => void): http.Server {
    const { socketTimeout, ...timeouts } = SERVER_TIMEOUTS;
    const server = http.createServer(timeouts, (req, res) => {
      try {
        if (this.handle(req, res)) return;
      } catch (err) {
        onError(err);
        if (res.headersSent) return void res.destroy();
      }
      handler(req, res);
    });
    server.setTimeout(socketTimeout);
    byServer.set(server, this);
    return server;
  }

  readonly handle: RequestListener = (req, res) => {
    const engine = this.engine;
    if (!engine || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const m = PLAIN_PATH.exec(req.url ?? '');
    const alias = m?.[1];
    if (!alias || isReservedAlias(alias)) return false;
    const found = engine.lookup(req, alias);
    if (found instanceof Promise) {
      // Not cached yet (PostgreSQL): Fastify's route answers, sharing this read; its failure is the route's.
      found.catch(() => undefined);
      return false;
    }
    const { link } = found;
    const now = Date.now();
    if (!link || !engine.isPlain(link, now)) return false;
    const out = engine.forward(link, req, now);
    if (out instanceof Promise) throw new Error('fast path: a plain visit must not wait'); // isPlain() rules this out
    // 'expired': the limit was reached by this visit's turn, and nothing was counted; the route's
    // visit() sees the same count and answers with the expired page or expiration_url.
    if (out.kind !== 'redirect') return false;
    const headers = { 'cache-control': 'private, no-store', 'content-length': '0' };
    // location null: a HEAD on a limited link is not told the destination (forward()).
    res.writeHead(out.status, out.location === null ? headers : { location: locationOf(out.location), ...headers });
    res.end();
    this.served++;
    return true;
  };
}
