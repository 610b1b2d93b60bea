// The rules of contract section 4, in their order, for one visit to a link that exists.
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { ClickCounters, type ClickCounting } from '../clicks/click-counters';
import { PgClickCounters } from '../clicks/pg-click-counters';
import { ClickWriter } from '../clicks/click-writer';
import { LimitJournal } from '../clicks/limit-journal';
import { VisitorResolver, type VisitorInfo } from '../visitor/visitor';
import { LinkCache, type CachedDomain, type CachedLink } from './link-cache';
import { PgLinkSource, SqliteLinkSource, type MaybePromise } from './link-source';
import { Grants, loadSecret } from './grants';
import { attemptLimitsFor, type AttemptLimits } from '../auth/attempt-limits';
import { hostOf, mergeQuery, pickDestination, type Picked } from './destination';
import { reservedHostsOf } from '../domains/reserved-hosts';
import { ClickTracking } from '../clicks/click-tracking';
import { VisitorSalts } from '../clicks/visitor-marker';
import { clientHost, clientIp } from '../http/client-address';
import { formAction, sendPage, sendRedirect } from './respond';
import { expiredPage, notFoundPage, passwordPage, sensitivePage } from './pages/pages';
import { pixelsPage } from './pages/pixels-page';
import { expiryOf, firstGate } from '../../shared/visit-decision';
import type { VisitReports } from './visit-reports';
import { isSocialCrawler, previewPage } from '../previews/social-preview';

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
  /** location null: a HEAD on a limited link, which counts nothing and so is not told the destination. */
  | { kind: 'redirect'; location: string | null; status: 302 | 303 }
  | { kind: 'pixels'; html: string; csp: string }
  /** The click limit was reached by this very visit's turn; nothing was counted. */
  | { kind: 'expired' };

export interface Found {
  domain: CachedDomain | null;
  link: CachedLink | null;
}

/**
 * The redirect over either database. SQLite: everything is synchronous (cache misses are prepared
 * statements, the limit is an in-memory counter backed by the limit journal). PostgreSQL: a cache miss
 * and a limited link's click are one round trip each, so lookup(), visit() and forward() may return a
 * promise; a cached unlimited link still goes through synchronously (and the fast path serves it).
 * One per app, made by redirect-engine.plugin.ts (`app.redirectEngine`); what it tells of visits goes to
 * the VisitReports it is given (the app's webhooks).
 */
export class RedirectEngine {
  readonly cache: LinkCache;
  readonly counters: ClickCounting;
  readonly writer: ClickWriter;
  /** Limited links' clicks, durable before the redirect (SQLite files only). */
  readonly journal: LimitJournal | null;
  readonly grants: Grants;
  /** Password attempts per visitor and link (redirect and statistics), taken in the database. */
  readonly attempts: AttemptLimits;
  readonly visitors: VisitorResolver;
  readonly salts: VisitorSalts;
  private readonly tracking: ClickTracking;
  private readonly stopSalts: () => void;
  private readonly onError: (err: unknown) => void;

  private constructor(
    private readonly ctx: AppContext,
    private readonly reports: VisitReports,
    onError: (err: unknown) => void,
    secret: Buffer,
  ) {
    const { db } = ctx;
    this.onError = onError;
    if (db.dialect === 'postgres') {
      this.journal = null;
      this.counters = new PgClickCounters(db.url);
      this.cache = new LinkCache(new PgLinkSource(db.pool), ctx.changes, (id) => this.counters.forget(id));
      this.writer = new ClickWriter({ postgresUrl: db.url }, { onError });
    } else {
      const { sqlite } = db;
      // The journal's replay restores links.clicks after a crash: before any counter reads it.
      this.journal = sqlite.memory || sqlite.name === '' || sqlite.name === ':memory:' ? null : new LimitJournal(`${sqlite.name}-limits`, sqlite);
      this.counters = new ClickCounters(sqlite);
      this.cache = new LinkCache(new SqliteLinkSource(sqlite), ctx.changes, (id) => this.counters.forget(id));
      this.writer = new ClickWriter(sqlite, { onError, journal: this.journal });
    }
    this.grants = new Grants(secret);
    this.attempts = attemptLimitsFor(db);
    this.visitors = new VisitorResolver(ctx.config.trustProxy);
    this.salts = new VisitorSalts(ctx.db.kysely);
    this.tracking = new ClickTracking(ctx.config, this.salts);
    this.stopSalts = this.salts.schedule(onError);
    this.cache.reserve(reservedHostsOf(ctx.config));
  }

  static async create(ctx: AppContext, reports: VisitReports, onError: (err: unknown) => void): Promise<RedirectEngine> {
    const engine = new RedirectEngine(ctx, reports, onError, await loadSecret(ctx.db.kysely));
    if (ctx.config.tracking === 'full') await engine.salts.ensure();
    return engine;
  }

  /** The request's domain (by Host, or X-Forwarded-Host with TRUST_PROXY); null is the default domain. */
  domainOf(raw: IncomingMessage): MaybePromise<CachedDomain | null> {
    const host = hostOf(clientHost(raw, this.ctx.config.trustProxy));
    return host ? this.cache.domainFor(host) : null;
  }

  lookup(raw: IncomingMessage, alias: string): MaybePromise<Found> {
    const domain = this.domainOf(raw);
    if (domain instanceof Promise) return domain.then((d) => this.linkIn(d, alias));
    return this.linkIn(domain, alias);
  }

  private linkIn(domain: CachedDomain | null, alias: string): MaybePromise<Found> {
    const link = this.cache.link(domain?.id ?? null, alias);
    return link instanceof Promise ? link.then((l) => ({ domain, link: l })) : { domain, link };
  }

  ipOf(raw: IncomingMessage): string {
    return clientIp(raw, this.ctx.config.trustProxy);
  }

  notFound(reply: FastifyReply, domain: CachedDomain | null): FastifyReply {
    if (domain?.not_found_url) return sendRedirect(reply, domain.not_found_url);
    return sendPage(reply, 404, notFoundPage());
  }

  isExpired(link: CachedLink, now: number): boolean {
    return expiryOf(link, now, link.clicks_limit === null ? 0 : this.counters.get(link.id, link.clicks)) !== null;
  }

  expired(reply: FastifyReply, link: CachedLink): FastifyReply {
    if (link.expiration_url) return sendRedirect(reply, link.expiration_url);
    return sendPage(reply, 410, expiredPage());
  }

  /**
   * No gate page can apply and the click is counted without waiting for the database: the visit goes
   * straight to forward() and gets its answer at once (the fast path's condition).
   */
  isPlain(link: CachedLink, now: number): boolean {
    return (
      !link.disabled &&
      !link.locked &&
      !link.sensitive &&
      link.pixels.length === 0 &&
      link.preview === null &&
      (link.clicks_limit === null || !this.counters.countsInDatabase) &&
      !this.isExpired(link, now)
    );
  }

  /** Checks 2 to 7 of the contract for a link that exists; the limit check is exact (see forward()). */
  visit(request: FastifyRequest, reply: FastifyReply, link: CachedLink, flags: VisitFlags = {}): FastifyReply | Promise<FastifyReply> {
    if (flags.setCookie) reply.header('set-cookie', flags.setCookie);
    const now = Date.now();
    const cookies = request.cookies;
    const clicks = link.clicks_limit === null ? 0 : this.counters.get(link.id, link.clicks);
    const gate = firstGate(link, now, clicks, {
      password: () => flags.passwordOk === true || this.grants.has(cookies, 'pw', link.id, link.redirect_password_hash ?? ''),
      consent: () => flags.consentOk === true || this.grants.has(cookies, 'ok', link.id, ''),
    });
    if (gate === 'ended') this.reports.linkExpired(link.id);
    // A social crawler gets the link's card instead of the redirect (not counted) where a person would go on or
    // be asked first. The gates hold for it as for anyone: the card shows the destination only when no gate
    // stands before it and the link has no clicks limit (whose destination only a counted visit gets, forward()).
    if (link.preview && (gate === null || gate === 'password' || gate === 'warning') && isSocialCrawler(request.headers['user-agent'])) {
      const shortUrl = `${request.protocol}://${request.host}/${link.alias}`;
      const open = gate === null && link.clicks_limit === null;
      return sendPage(reply, 200, previewPage(link.preview, shortUrl, open ? link.url : null, link.title ?? (open ? link.url : shortUrl)));
    }
    switch (gate) {
      case 'disabled':
        return sendPage(reply, 404, notFoundPage());
      case 'not_started':
      case 'ended':
      case 'limit_reached':
        return this.expired(reply, link);
      case 'password':
        return sendPage(reply, 200, passwordPage({ action: formAction(request.url), title: null, purpose: 'redirect' }));
      case 'warning':
        return sendPage(reply, 200, sensitivePage({ action: formAction(request.url), title: link.title, back: this.backHref(request) }));
      case null: {
        const out = this.forward(link, request.raw, now);
        return out instanceof Promise ? out.then((o) => this.answer(reply, link, o)) : this.answer(reply, link, out);
      }
    }
  }

  private answer(reply: FastifyReply, link: CachedLink, out: Forward): FastifyReply {
    if (out.kind === 'expired') return this.expired(reply, link);
    if (out.kind === 'pixels') return sendPage(reply, 200, out.html, out.csp);
    if (out.location === null) return reply.code(out.status).header('cache-control', 'private, no-store').send();
    return sendRedirect(reply, out.location, out.status);
  }

  /**
   * Checks 6 and 7 once the gates are passed: counts the click (refused at the limit), picks the destination
   * by targets or rotation, merges the visitor's query string. SQLite's check-and-count is synchronous;
   * PostgreSQL's for a limited link is an atomic UPDATE (a promise).
   * The limit holds for every User-Agent: on a link with a clicks_limit only a visit that takes a slot is
   * given the destination. So a bot's GET or POST takes one there like anyone's (elsewhere bots are not
   * counted), and a HEAD, which counts nothing, gets its status without the Location.
   */
  forward(link: CachedLink, raw: IncomingMessage, now: number): MaybePromise<Forward> {
    const { headers } = raw;
    const limited = link.clicks_limit !== null;
    const head = raw.method === 'HEAD';
    const counted = !head && (limited || !this.visitors.isBot(headers));
    const needVisitor = counted || (link.targets_type !== null && link.targets_type !== 'rotations');
    const visitor: VisitorInfo | null = needVisitor ? this.visitors.resolve(this.ipOf(raw), headers, raw.socket?.remoteAddress) : null;
    if (counted && visitor) {
      const passed = this.counters.tryAdd(link.id, link.clicks_limit);
      // A PostgreSQL limited link's click is already in links.clicks: the writer does not count it again.
      if (passed instanceof Promise) return passed.then((ok) => (ok ? this.counted(link, raw, visitor, now, true) : ({ kind: 'expired' } as const)));
      if (!passed) return { kind: 'expired' };
      return this.counted(link, raw, visitor, now, link.clicks_limit !== null && this.journaled(link.id));
    }
    const { out } = this.destination(link, raw, visitor);
    return head && limited && out.kind === 'redirect' ? { ...out, location: null } : out;
  }

  /** Records a counted click with what it recorded (click-tracking.ts) and where it went, and reports it. */
  private counted(link: CachedLink, raw: IncomingMessage, visitor: VisitorInfo, now: number, journaled: boolean): Forward {
    const { out, picked } = this.destination(link, raw, visitor);
    const fields = this.tracking.fields(visitor, raw, this.ipOf(raw), link, now, picked);
    this.writer.record(link.id, now, fields, journaled);
    this.reports.clicked(link.id, now, fields, link.clicks_limit === null ? null : this.counters.get(link.id, link.clicks));
    this.ctx.live.add(link.id);
    return out;
  }

  private destination(link: CachedLink, raw: IncomingMessage, visitor: VisitorInfo | null): { out: Forward; picked: Picked } {
    const target = pickDestination(link, visitor);
    const picked = { url: mergeQuery(target.url, raw.url ?? ''), index: target.index };
    if (link.pixels.length) return { out: { kind: 'pixels', ...pixelsPage(link.pixels, picked.url) }, picked };
    return { out: { kind: 'redirect', location: picked.url, status: raw.method === 'POST' ? 303 : 302 }, picked };
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
    this.stopSalts();
    await this.writer.close();
    this.journal?.close();
    if (this.counters instanceof PgClickCounters) await this.counters.close();
  }
}
