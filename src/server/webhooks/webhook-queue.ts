// The stored delivery queue. Events become rows (one per matching webhook) with the exact body to send;
// a worker claims the due rows, sends them and records the result. One webhook's deliveries go one at a
// time and in order: a row is due only when no older row of its webhook is still pending. Several
// PostgreSQL instances share the queue: a claim locks its rows (FOR UPDATE SKIP LOCKED) and pushes their
// next_attempt_at past a lease in the same transaction, so no other instance takes them; an instance that
// dies mid-send leaves them to be taken again when the lease ends (at-least-once).
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Updateable } from 'kysely';
import type { Database } from '../db/schema';
import { isPostgres } from '../db/dialect';
import { RETRY_WINDOW_MS, retryDelayMs, type WebhookEvent } from '../../shared/webhook.schema';
import { PENDING, parseEvents, type DeliveryRow, type WebhookRow } from './webhooks.repo';
import type { SendResult } from './webhook-sender';

/** How long a claimed delivery is another instance's to leave alone (longer than any send takes). */
export const LEASE_MS = 2 * 60 * 1000;
/** Days a delivery stays in the log once sent (or failed for good). */
export const LOG_DAYS = 30;

export interface LinkScope {
  id: number;
  space_id: number | null;
}

export interface Claimed extends DeliveryRow {
  url: string;
  secret: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Whether a webhook wants this event of this link (its events, and its space or link filter). */
export function matches(hook: Pick<WebhookRow, 'events' | 'space_id' | 'link_id' | 'enabled'>, event: WebhookEvent, link: LinkScope): boolean {
  if (!hook.enabled || !parseEvents(hook.events).includes(event)) return false;
  if (hook.link_id !== null) return hook.link_id === link.id;
  if (hook.space_id !== null) return hook.space_id === link.space_id;
  return true;
}

export function eventBody(event: string, data: unknown, createdAt: number): { eventId: string; body: string } {
  const eventId = `evt_${randomUUID().replaceAll('-', '')}`;
  return { eventId, body: JSON.stringify({ id: eventId, type: event, created_at: iso(createdAt), data }) };
}

export class WebhookQueue {
  constructor(private readonly db: Kysely<Database>) {}

  /** The enabled webhooks of these accounts. */
  enabledHooks(userIds: number[]): Promise<WebhookRow[]> {
    if (!userIds.length) return Promise.resolve([]);
    return this.db.selectFrom('webhooks').selectAll().where('user_id', 'in', userIds).where('enabled', '=', 1).orderBy('id').execute();
  }

  /** Whether any enabled webhook listens to clicks (the redirect keeps no clicks for webhooks otherwise). */
  async anyClickHooks(): Promise<boolean> {
    const row = await this.db
      .selectFrom('webhooks')
      .select('id')
      .where('enabled', '=', 1)
      .where((eb) => eb.or([eb('events', 'like', '%link.clicked%'), eb('events', 'like', '%link.limit_reached%')]))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Queues `event` for every matching webhook of the account; returns how many were queued. */
  async enqueue(userId: number, event: WebhookEvent, link: LinkScope, data: unknown, now: number): Promise<number> {
    const hooks = (await this.enabledHooks([userId])).filter((h) => matches(h, event, link));
    for (const hook of hooks) await this.insert(this.db, hook.id, event, data, now, now);
    return hooks.length;
  }

  async insert(db: Pick<Kysely<Database>, 'insertInto'>, webhookId: number, event: string, data: unknown, now: number, notBefore: number, status = 'queued'): Promise<number> {
    const { eventId, body } = eventBody(event, data, now);
    const r = await db
      .insertInto('webhook_deliveries')
      .values({ webhook_id: webhookId, event, event_id: eventId, payload: body, status, attempts: 0, next_attempt_at: iso(notBefore), created_at: iso(now) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  /** A test event, logged as being sent now (never retried): its stored row. */
  async insertTest(webhookId: number, event: string, data: unknown, now: number) {
    const id = await this.insert(this.db, webhookId, event, data, now, now, 'sending');
    return this.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  /** Records how a delivery sent at once (a test event) went. */
  async finish(id: number, done: Updateable<Database['webhook_deliveries']>): Promise<void> {
    await this.db.updateTable('webhook_deliveries').set(done).where('id', '=', id).execute();
  }

  /**
   * Queues link.clicked bodies of up to `perRequest` clicks each, one second apart from the webhook's last
   * one (next_click_at, read and moved under the webhook's row lock on PostgreSQL).
   */
  async enqueueClicks(hook: WebhookRow, chunks: unknown[], now: number): Promise<void> {
    await this.db.transaction().execute(async (trx: Kysely<Database>) => {
      let q = trx.selectFrom('webhooks').select('next_click_at').where('id', '=', hook.id);
      if (isPostgres(trx)) q = q.forUpdate();
      const row = await q.executeTakeFirst();
      if (!row) return;
      const last = row.next_click_at ? Date.parse(row.next_click_at) : 0;
      let at = Math.max(now, last);
      for (const data of chunks) {
        await this.insert(trx, hook.id, 'link.clicked', data, now, at);
        at += 1000;
      }
      await trx.updateTable('webhooks').set({ next_click_at: iso(at) }).where('id', '=', hook.id).execute();
    });
  }

  /** Records that a link's once-only event (`key`) happened; false when it had already. */
  async once(linkId: number, key: string): Promise<boolean> {
    const r = await this.db.insertInto('webhook_link_events').values({ link_id: linkId, event_key: key }).onConflict((oc) => oc.doNothing()).executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Forgets sent and failed deliveries queued before `before` (the log keeps LOG_DAYS days). */
  async prune(before: number): Promise<void> {
    await this.db.deleteFrom('webhook_deliveries').where('status', 'in', ['delivered', 'failed', 'sending']).where('created_at', '<', iso(before)).execute();
  }

  /** Takes up to `limit` due deliveries, each the oldest pending one of its (enabled) webhook. */
  async claim(now: number, limit = 20): Promise<Claimed[]> {
    return this.db.transaction().execute(async (trx: Kysely<Database>) => {
      const lock = isPostgres(trx) ? sql`FOR UPDATE OF d SKIP LOCKED` : sql``;
      const pending = sql.join(PENDING.map((s) => sql`${s}`));
      const due = await sql<{ id: number }>`SELECT d.id FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
        WHERE d.status IN (${pending}) AND d.next_attempt_at <= ${iso(now)} AND w.enabled = 1
          AND NOT EXISTS (SELECT 1 FROM webhook_deliveries e WHERE e.webhook_id = d.webhook_id AND e.status IN (${pending}) AND e.id < d.id)
        ORDER BY d.next_attempt_at, d.id LIMIT ${limit} ${lock}`.execute(trx);
      const ids = due.rows.map((r) => Number(r.id));
      if (!ids.length) return [];
      await trx.updateTable('webhook_deliveries').set({ next_attempt_at: iso(now + LEASE_MS) }).where('id', 'in', ids).execute();
      return (await trx
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
        .selectAll('d')
        .select(['w.url', 'w.secret'])
        .where('d.id', 'in', ids)
        .orderBy('d.id')
        .execute()) as Claimed[];
    });
  }

  /**
   * The result of one attempt: delivered; or retried with backoff; or, 24 hours after the delivery was
   * queued, failed for good, and its webhook disabled with the reason.
   */
  async record(d: DeliveryRow, result: SendResult, now: number): Promise<void> {
    const attempts = d.attempts + 1;
    const common = { attempts, response_status: result.status, duration_ms: result.durationMs, response_excerpt: result.excerpt };
    if (result.ok) {
      await this.db.updateTable('webhook_deliveries').set({ ...common, status: 'delivered', delivered_at: iso(now), next_attempt_at: null }).where('id', '=', d.id).execute();
      return;
    }
    const next = now + retryDelayMs(attempts);
    if (next - Date.parse(d.created_at) <= RETRY_WINDOW_MS) {
      await this.db.updateTable('webhook_deliveries').set({ ...common, status: 'retrying', next_attempt_at: iso(next) }).where('id', '=', d.id).execute();
      return;
    }
    const why = result.status === null ? result.excerpt : `HTTP ${result.status}`;
    const reason = `Disabled: delivery ${d.id} failed for 24 hours (${attempts} attempts; last: ${why}).`.slice(0, 500);
    await this.db.transaction().execute(async (trx: Kysely<Database>) => {
      await trx.updateTable('webhook_deliveries').set({ ...common, status: 'failed', next_attempt_at: null }).where('id', '=', d.id).execute();
      await trx.updateTable('webhooks').set({ enabled: 0, disabled_reason: reason, updated_at: iso(now) }).where('id', '=', d.webhook_id).execute();
    });
  }
}
