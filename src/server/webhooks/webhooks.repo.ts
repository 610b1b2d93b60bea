// The account's webhooks (migration 009): CRUD, the answer's shape, and the delivery log.
import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema';
import { newestPage } from '../db/newest-page';
import type { WebhookDeliveriesTable, WebhooksTable } from '../db/schema-features';
import type { Webhook, WebhookCreate, WebhookDelivery, WebhookEvent, WebhookUpdate, DeliveryStatus } from '../../shared/webhook.schema';
import { shortUrlOf } from '../domains/domain-url';
import { ruleError } from '../rule-error';
import { nowIso } from '../db/sql-values';

export type WebhookRow = Selectable<WebhooksTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

export const PENDING: DeliveryStatus[] = ['queued', 'retrying'];
export const DISABLED_BY_HAND = 'Disabled by hand.';

/** A new signing secret: `whsec_` and 32 random bytes (base64url). */
export const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

export function parseEvents(text: string): WebhookEvent[] {
  return JSON.parse(text) as WebhookEvent[];
}

export class WebhooksRepo {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly baseUrl: string,
  ) {}

  row(userId: number, id: number): Promise<WebhookRow | undefined> {
    return this.db.selectFrom('webhooks').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  }

  /** The webhook as the API shows it; `withSecret` on create and show. */
  async find(userId: number, id: number, withSecret = false): Promise<Webhook | undefined> {
    const row = await this.row(userId, id);
    if (!row) return undefined;
    const [hook] = await this.present([row]);
    return withSecret ? { ...(hook as Webhook), secret: row.secret } : hook;
  }

  async list(userId: number, page: number, perPage: number): Promise<{ rows: Webhook[]; total: number }> {
    const { rows, total } = await newestPage(this.db, 'webhooks', userId, page, perPage);
    return { rows: await this.present(rows), total };
  }


  /** space_id and link_id must be the caller's own (422 naming the field otherwise). */
  private async checkFilters(userId: number, input: { space_id?: number | null; link_id?: number | null }): Promise<void> {
    if (input.space_id) {
      const s = await this.db.selectFrom('spaces').select('id').where('id', '=', input.space_id).where('user_id', '=', userId).executeTakeFirst();
      if (!s) throw ruleError('space_id', 'The selected space_id is invalid.');
    }
    if (input.link_id) {
      const l = await this.db.selectFrom('links').select('id').where('id', '=', input.link_id).where('user_id', '=', userId).executeTakeFirst();
      if (!l) throw ruleError('link_id', 'The selected link_id is invalid.');
    }
  }

  async create(userId: number, input: WebhookCreate): Promise<number> {
    await this.checkFilters(userId, input);
    const now = nowIso();
    const enabled = input.enabled ?? 1;
    const r = await this.db
      .insertInto('webhooks')
      .values({
        user_id: userId,
        url: input.url,
        events: JSON.stringify(input.events),
        space_id: input.space_id ?? null,
        link_id: input.link_id ?? null,
        secret: input.secret ?? newSecret(),
        enabled,
        disabled_reason: enabled ? null : DISABLED_BY_HAND,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  async update(current: WebhookRow, input: WebhookUpdate): Promise<void> {
    await this.checkFilters(current.user_id, input);
    const set: Partial<WebhookRow> = { updated_at: nowIso() };
    if (input.url !== undefined) set.url = input.url;
    if (input.events !== undefined) set.events = JSON.stringify(input.events);
    // One filter at a time: setting one clears the other.
    if (input.space_id !== undefined) set.space_id = input.space_id;
    if (input.link_id !== undefined) set.link_id = input.link_id;
    if (input.space_id) set.link_id = null;
    if (input.link_id) set.space_id = null;
    if (input.secret !== undefined) set.secret = input.secret;
    if (input.rotate_secret === 1) set.secret = newSecret();
    if (input.enabled !== undefined && input.enabled !== current.enabled) {
      set.enabled = input.enabled;
      set.disabled_reason = input.enabled ? null : DISABLED_BY_HAND;
    }
    await this.db.updateTable('webhooks').set(set).where('id', '=', current.id).execute();
  }

  private async present(rows: WebhookRow[]): Promise<Webhook[]> {
    if (!rows.length) return [];
    const spaceIds = rows.flatMap((r) => (r.space_id ? [r.space_id] : []));
    const linkIds = rows.flatMap((r) => (r.link_id ? [r.link_id] : []));
    const spaces = spaceIds.length ? await this.db.selectFrom('spaces').select(['id', 'name', 'color']).where('id', 'in', spaceIds).execute() : [];
    const links = linkIds.length
      ? await this.db
          .selectFrom('links as l')
          .leftJoin('domains as d', 'd.id', 'l.domain_id')
          .select(['l.id', 'l.alias', 'd.name as domain_name', 'd.https'])
          .where('l.id', 'in', linkIds)
          .execute()
      : [];
    const pending = await this.db
      .selectFrom('webhook_deliveries')
      .select(['webhook_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where(
        'webhook_id',
        'in',
        rows.map((r) => r.id),
      )
      .where('status', 'in', PENDING)
      .groupBy('webhook_id')
      .execute();
    return rows.map((r) => {
      const space = spaces.find((s) => s.id === r.space_id) ?? null;
      const link = links.find((l) => l.id === r.link_id);
      return {
        id: r.id,
        url: r.url,
        events: parseEvents(r.events),
        space_id: r.space_id,
        link_id: r.link_id,
        space,
        link: link ? { id: link.id, alias: link.alias, short_url: shortUrlOf(link.alias, link.domain_name ? { name: link.domain_name, https: link.https ?? null } : null, this.baseUrl) } : null,
        enabled: r.enabled === 1,
        disabled_reason: r.disabled_reason,
        pending_deliveries: Number(pending.find((p) => p.webhook_id === r.id)?.n ?? 0),
        created_at: r.created_at,
        updated_at: r.updated_at,
      };
    });
  }

  async deliveries(webhookId: number, page: number, perPage: number): Promise<{ rows: WebhookDelivery[]; total: number }> {
    const rows = await this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('webhook_id', '=', webhookId)
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute();
    const { n } = await this.db.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll<string>().as('n')).where('webhook_id', '=', webhookId).executeTakeFirstOrThrow();
    return { rows: rows.map(presentDelivery), total: Number(n) };
  }
}

export function presentDelivery(r: DeliveryRow): WebhookDelivery {
  return {
    id: r.id,
    webhook_id: r.webhook_id,
    // Written only from WEBHOOK_EVENTS and the test event (the queue and the test route).
    event: r.event as WebhookDelivery['event'],
    event_id: r.event_id,
    status: r.status as DeliveryStatus,
    attempts: r.attempts,
    response_status: r.response_status,
    duration_ms: r.duration_ms,
    response_excerpt: r.response_excerpt,
    next_attempt_at: PENDING.includes(r.status as DeliveryStatus) ? r.next_attempt_at : null,
    created_at: r.created_at,
    delivered_at: r.delivered_at,
  };
}
