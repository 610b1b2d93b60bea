// The rules of contract section 4, in their order, for one visit to a link that exists.
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { ClickCounters } from '../clicks/click-counters';
import { ClickWriter } from '../clicks/click-writer';
import { LimitJournal } from '../clicks/limit-journal';
import { VisitorResolver, type VisitorInfo } from '../visitor/visitor';
import { LinkCache, type CachedDomain, type CachedLink } from './link-cache';
import { AttemptLimiter, Grants, loadSecret } from './grants';
import { hostOf, mergeQuery, pickDestination } from './destination';
import { clientHost, clientIp } from '../http/client-address';
import { sendPage, sendRedirect } from './respond';
import { expiredPage, notFoundPage, passwordPage, sensitivePage } from './pages/pages';
import { pixelsPage } from './pages/pixels-page';

export interface VisitFlags {
  /** The redirect password was checked in this request. */
  passwordOk?: boolean;
  /** Consent to sensitive content was given in this request. */
  consentOk?: boolean;
  /** Extra Set-Cookie header to send with whatever answer follows. */
  setCookie?: string;
}

/** What a visit that passed the gates (checks 2 to 5) ends in. */
export type Forward =
  | { kind: 'redirect'; location: string; status: 302 | 303 }
  | { kind: 'pixels'; html: string; csp: string }
  /** The click limit was reached by this very visit's turn; nothing was counted. */
  | { kind: 'expired' };

const engines = new WeakMap<AppContext, RedirectEngine>();

/** The engine of an app (tests flush its click writer through it). */
export function engineOf(ctx: AppContext): RedirectEngine | undefined {
  return engines.get(ctx);
}

export class RedirectEngine {
  readonly cache: LinkCache;
  readonly counters: ClickCounters;
  readonly writer: ClickWriter;
  /** Limited links' clicks, durable before the redirect (null for an in-memory database). */
  readonly journal: LimitJournal | null;
  readonly grants: Grants;
  readonly attempts = new AttemptLimiter();
  readonly visitors: VisitorResolver;
  private readonly onError: (err: unknown) => void;

  constructor(private readonly ctx: AppContext, onError: (err: unknown) => void) {
    const { sqlite } = ctx.db;
    // The journal's replay restores links.clicks after a crash: before any counter reads it.
    this.journal = sqlite.memory || sqlite.name === '' || sqlite.name === ':memory:' ? null : new LimitJournal(`${sqlite.name}-limits`, sqlite);
    this.counters = new ClickCounters(sqlite);
    this.cache = new LinkCache(sqlite, ctx.changes, (id) => this.counters.forget(id));
    this.writer = new ClickWriter(sqlite, { onError, journal: this.journal });
    this.onError = onError;
    this.grants = new Grants(loadSecret(sqlite));
    this.visitors = new VisitorResolver(ctx.config.trustProxy);
    engines.set(ctx, this);
  }

  /** The request's domain (by Host, or X-Forwarded-Host with TRUST_PROXY); null is the default domain. */
  domainOf(raw: IncomingMessage): CachedDomain | null {
    const host = hostOf(clientHost(raw, this.ctx.config.trustProxy));
    return host ? this.cache.domainFor(host) : null;
  }

  lookup(raw: IncomingMessage, alias: string): { domain: CachedDomain | null; link: CachedLink | null } {
    const domain = this.domainOf(raw);
    return { domain, link: this.cache.link(domain?.id ?? null, alias) };
  }

  ipOf(raw: IncomingMessage): string {
    return clientIp(raw, this.ctx.config.trustProxy);
  }

  notFound(reply: FastifyReply, domain: CachedDomain | null): FastifyReply {
    if (domain?.not_found_url) return sendRedirect(reply, domain.not_found_url);
    return sendPage(reply, 404, notFoundPage());
  }

  isExpired(link: CachedLink, now: number): boolean {
    if (link.start !== null && now < link.start) return true;
    if (link.end !== null && now >= link.end) return true;
    return link.clicks_limit !== null && this.counters.get(link.id, link.clicks) >= link.clicks_limit;
  }

  expired(reply: FastifyReply, link: CachedLink): FastifyReply {
    if (link.expiration_url) return sendRedirect(reply, link.expiration_url);
    return sendPage(reply, 410, expiredPage());
  }

  /** No gate page can apply: the visit goes straight to forward() (the fast path's condition). */
  isPlain(link: CachedLink, now: number): boolean {
    return !link.disabled && !link.redirect_password_hash && !link.sensitive && link.pixels.length === 0 && !this.isExpired(link, now);
  }

  /** Checks 2 to 7 of the contract for a link that exists; synchronous, so the limit check is exact. */
  visit(request: FastifyRequest, reply: FastifyReply, link: CachedLink, flags: VisitFlags = {}): FastifyReply {
    if (flags.setCookie) reply.header('set-cookie', flags.setCookie);
    if (link.disabled) return sendPage(reply, 404, notFoundPage());
    const now = Date.now();
    if (this.isExpired(link, now)) return this.expired(reply, link);
    const cookies = request.cookies;
    if (link.redirect_password_hash && !flags.passwordOk && !this.grants.has(cookies, 'pw', link.id, link.redirect_password_hash)) {
      return sendPage(reply, 200, passwordPage({ action: request.url, title: null, purpose: 'redirect' }));
    }
    if (link.sensitive && !flags.consentOk && !this.grants.has(cookies, 'ok', link.id, '')) {
      return sendPage(reply, 200, sensitivePage({ action: request.url, title: link.title, back: this.backHref(request) }));
    }
    const out = this.forward(link, request.raw, now);
    if (out.kind === 'expired') return this.expired(reply, link);
    if (out.kind === 'pixels') return sendPage(reply, 200, out.html, out.csp);
    return sendRedirect(reply, out.location, out.status);
  }

  /**
   * Checks 6 and 7 once the gates are passed: counts the click (unless HEAD or a bot; refused at the
   * limit), picks the destination by targets or rotation, merges the visitor's query string.
   */
  forward(link: CachedLink, raw: IncomingMessage, now: number): Forward {
    const { headers } = raw;
    const counted = raw.method !== 'HEAD' && !this.visitors.isBot(headers);
    const needVisitor = counted || (link.targets_type !== null && link.targets_type !== 'rotations');
    const visitor: VisitorInfo | null = needVisitor ? this.visitors.resolve(this.ipOf(raw), headers) : null;
    if (counted && visitor) {
      if (!this.counters.tryAdd(link.id, link.clicks_limit)) return { kind: 'expired' };
      this.writer.record(link.id, now, visitor, link.clicks_limit !== null && this.journaled(link.id));
    }
    const destination = mergeQuery(pickDestination(link, visitor), raw.url ?? '');
    if (link.pixels.length) return { kind: 'pixels', ...pixelsPage(link.pixels, destination) };
    return { kind: 'redirect', location: destination, status: raw.method === 'POST' ? 303 : 302 };
  }

  /** "Go back": the page the visitor came from when it is a web page, else the site's root. */
  private backHref(request: FastifyRequest): string {
    const ref = request.headers.referer;
    return ref && /^https?:\/\//i.test(ref) && ref.length <= 2048 ? ref : '/';
  }

  /** Appends a limited link's click to the journal; a failed write is logged and the click stays in memory. */
  private journaled(linkId: number): boolean {
    if (!this.journal) return false;
    try {
      this.journal.append(linkId);
      return true;
    } catch (err) {
      this.onError(err);
      return false;
    }
  }

  secure(request: FastifyRequest): boolean {
    return request.protocol === 'https';
  }

  async close(): Promise<void> {
    await this.writer.close();
    this.journal?.close();
  }
}
