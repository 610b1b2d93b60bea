// The webhooks of one app instance: turns events into stored deliveries and runs the worker loop that
// sends them. Made by webhooks.plugin.ts (`app.webhooks`). The redirect reports its visits here (it is
// the engine's VisitReports): it only appends a click to an in-memory list and a link id to a set when a
// visit finds the active period ended; once a second the loop turns those into stored
// link.clicked deliveries (up to 100 clicks each, at most one request a second per webhook),
// link.limit_reached and link.expired (once per link), then sends what is due. close() stops the loop,
// waits for the requests under way, and stores what the redirect appended (nothing queued is lost).
import type { AppContext } from '../context';
import type { ClickFields } from '../clicks/click-tracking';
import type { VisitReports } from '../redirect/visit-reports';
import { CLICK_FIELDS } from '../clicks/click-batch';
import { CLICKS_PER_DELIVERY, type WebhookEvent } from '../../shared/webhook.schema';
import { LOG_DAYS, WebhookQueue, matches, type Claimed, type LinkScope } from './webhook-queue';
import { parseEvents } from './webhooks.repo';
import { sendWebhook } from './webhook-sender';

export interface HubOptions {
  /** The clock (ms since the epoch); tests move it. */
  now?: () => number;
  /** How often the loop runs; 0: never by itself (tests call tick()). */
  pollMs?: number;
  timeoutMs?: number;
  onError?: (err: unknown) => void;
}

/** A link as an event's body: the API's shape (with `space`) or a stored row (with `space_id`). */
export type LinkData = { id: number; space?: { id: number } | null; space_id?: number | null };

interface Click {
  linkId: number;
  at: number;
  fields: ClickFields;
  /** A limited link's count with this click, as the redirect counted it (links.clicks may lag behind). */
  count: number | null;
}

/** The visitor's recorded dimensions only (never more than a click stores). */
/** What a click webhook carries: the recorded dimensions, never the unique-visitor marker (it stays in the database). */
const clickFields = (f: ClickFields) => Object.fromEntries(CLICK_FIELDS.filter((k) => k !== 'visitor').map((k) => [k, f[k] ?? null]));

export class WebhookHub implements VisitReports {
  readonly queue: WebhookQueue;
  now: () => number;
  private clicks: Click[] = [];
  private expired = new Set<number>();
  private clickHooks = false;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private closed = false;
  private prunedAt = 0;
  private readonly onError: (err: unknown) => void;

  constructor(
    private readonly ctx: AppContext,
    private readonly opts: HubOptions = {},
  ) {
    this.queue = new WebhookQueue(ctx.db.kysely);
    this.now = opts.now ?? Date.now;
    this.onError = opts.onError ?? (() => undefined);
  }

  /** Learns whether clicks are wanted, and starts the loop. */
  async start(): Promise<void> {
    this.clickHooks = await this.queue.anyClickHooks();
    this.schedule();
  }

  private schedule(delay = this.opts.pollMs ?? 1000): void {
    if (this.closed || !(this.opts.pollMs ?? 1000)) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.tick().finally(() => this.schedule());
    }, delay);
    this.timer.unref();
  }

  /** Runs the loop soon (an event was just queued). */
  poke(): void {
    if (this.timer && !this.running) {
      clearTimeout(this.timer);
      this.schedule(10);
    }
  }

  /** A recorded click (the redirect's path: an append, nothing more). */
  clicked(linkId: number, at: number, fields: ClickFields, count: number | null): void {
    if (this.clickHooks && !this.closed) this.clicks.push({ linkId, at, fields, count });
  }

  /** A visit found the link's active period ended. */
  linkExpired(linkId: number): void {
    if (!this.closed) this.expired.add(linkId);
  }

  /** Webhooks changed here: clicks may now be wanted. */
  changed(): void {
    void this.queue.anyClickHooks().then((any) => (this.clickHooks = any), this.onError);
  }

  /** An event of a link (created, updated, deleted) from the API; stored before the answer goes out. */
  async linkEvent(userId: number, event: WebhookEvent, link: LinkScope, data: unknown): Promise<void> {
    try {
      if (await this.queue.enqueue(userId, event, link, data, this.now())) this.poke();
    } catch (err) {
      this.onError(err);
    }
  }

  /**
   * Events of many links at once (bulk create, edit and delete): costs one query unless one of the account's
   * webhooks wants `event`; then `load` gives each link's body (and its space for the filters), 500 at a time.
   */
  async linkEvents(userId: number, event: WebhookEvent, ids: number[], load: (ids: number[]) => Promise<LinkData[]>): Promise<void> {
    try {
      const hooks = (await this.queue.enabledHooks([userId])).filter((h) => parseEvents(h.events).includes(event));
      if (!hooks.length || !ids.length) return;
      const now = this.now();
      for (let i = 0; i < ids.length; i += 500) {
        const part = (await load(ids.slice(i, i + 500))).sort((a, b) => a.id - b.id);
        for (const link of part) {
          const scope = { id: link.id, space_id: link.space_id ?? link.space?.id ?? null };
          for (const hook of hooks.filter((h) => matches(h, event, scope))) await this.queue.insert(this.ctx.db.kysely, hook.id, event, link, now, now);
        }
      }
      this.poke();
    } catch (err) {
      this.onError(err);
    }
  }

  /** Links a bulk delete removed, as its operation kept them (the body of their link.deleted). */
  deletedLinks(operationId: number): (ids: number[]) => Promise<LinkData[]> {
    return (ids) =>
      this.ctx.db.kysely
        .selectFrom('operation_deleted_links')
        .select(['id', 'alias', 'url', 'title', 'domain_id', 'space_id', 'created_at', 'updated_at'])
        .where('operation_id', '=', operationId)
        .where('id', 'in', ids)
        .orderBy('id')
        .execute();
  }

  /** One round: store what the redirect reported, then send what is due. Never two rounds at once. */
  tick(): Promise<void> {
    if (!this.running) {
      this.running = this.round()
        .catch(this.onError)
        .finally(() => (this.running = null));
    }
    return this.running;
  }

  private async round(): Promise<void> {
    await this.storeReported();
    this.clickHooks = await this.queue.anyClickHooks();
    if (this.now() - this.prunedAt > 3600_000) {
      this.prunedAt = this.now();
      await this.queue.prune(this.prunedAt - LOG_DAYS * 86_400_000);
    }
    if (this.closed) return;
    for (let claimed = await this.queue.claim(this.now()); claimed.length && !this.closed; claimed = await this.queue.claim(this.now())) {
      await Promise.all(claimed.map((d) => this.send(d)));
    }
  }

  private async send(d: Claimed): Promise<void> {
    const now = this.now();
    const result = await sendWebhook(
      this.ctx.outbound,
      { url: d.url, secret: d.secret, body: d.payload, event: d.event, deliveryId: d.id, eventId: d.event_id },
      { timeoutMs: this.opts.timeoutMs, nowSeconds: Math.floor(now / 1000) },
    );
    await this.queue.record(d, result, this.now());
  }

  /** Turns the appended clicks and expired links into stored deliveries. */
  async storeReported(): Promise<void> {
    const clicks = this.clicks;
    const expired = [...this.expired];
    this.clicks = [];
    this.expired.clear();
    const ids = [...new Set([...clicks.map((c) => c.linkId), ...expired])];
    if (!ids.length) return;
    const now = this.now();
    const links = await this.ctx.db.kysely
      .selectFrom('links')
      .select(['id', 'user_id', 'space_id', 'alias', 'url', 'clicks', 'clicks_limit', 'active_period_end_at'])
      .where('id', 'in', ids.slice(0, 10_000))
      .execute();
    if (ids.length > 10_000) this.onError(new Error(`webhooks: clicks of ${ids.length - 10_000} links in one second were not sent`));
    const byId = new Map(links.map((l) => [l.id, l]));
    const hooks = await this.queue.enabledHooks([...new Set(links.map((l) => l.user_id))]);
    const summary = (l: (typeof links)[number]) => ({ id: l.id, alias: l.alias, url: l.url, clicks_limit: l.clicks_limit, active_period_end_at: l.active_period_end_at });
    for (const hook of hooks) {
      const mine = clicks.filter((c) => {
        const l = byId.get(c.linkId);
        return l !== undefined && l.user_id === hook.user_id && matches(hook, 'link.clicked', l);
      });
      const chunks: unknown[] = [];
      for (let i = 0; i < mine.length; i += CLICKS_PER_DELIVERY) {
        const part = mine.slice(i, i + CLICKS_PER_DELIVERY);
        chunks.push({ count: part.length, clicks: part.map((c) => ({ link_id: c.linkId, alias: byId.get(c.linkId)?.alias, clicked_at: new Date(c.at).toISOString(), ...clickFields(c.fields) })) });
      }
      if (chunks.length) await this.queue.enqueueClicks(hook, chunks, now);
    }
    // A limited link's count: the highest the redirect reported with its clicks, or the stored one if larger.
    const reported = new Map<number, number>();
    for (const c of clicks) if (c.count !== null && c.count > (reported.get(c.linkId) ?? 0)) reported.set(c.linkId, c.count);
    for (const l of links) {
      if (l.clicks_limit !== null && clicks.some((c) => c.linkId === l.id)) {
        const counted = Math.max(l.clicks, reported.get(l.id) ?? 0);
        if (counted >= l.clicks_limit && (await this.queue.once(l.id, `limit:${l.clicks_limit}`))) {
          await this.queue.enqueue(l.user_id, 'link.limit_reached', l, { link: summary(l), clicks: counted }, now);
        }
      }
      if (expired.includes(l.id) && (await this.queue.once(l.id, `expired:${l.active_period_end_at}`))) {
        await this.queue.enqueue(l.user_id, 'link.expired', l, { link: summary(l) }, now);
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    await this.storeReported().catch(this.onError);
  }
}
