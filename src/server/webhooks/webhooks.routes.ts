// /api/v1/webhooks (issue 11): list, show, store, update (PUT and PATCH), delete, the delivery log and
// "send test event". Starts this instance's webhook worker (webhook-hub.ts) and stops it on app.close().
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { deliveryListQuerySchema, webhookCreateSchema, webhookListQuerySchema, webhookUpdateSchema, WEBHOOK_TEST_EVENT } from '../../shared/webhook.schema';
import { notFound } from '../http/errors';
import { deleted, ok, paginate, parseId } from '../http/pagination';
import { idParams } from '../http/params';
import { WebhooksRepo, presentDelivery, type WebhookRow } from './webhooks.repo';
import { WebhookHub } from './webhook-hub';
import { sendWebhook } from './webhook-sender';

export async function webhooksRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const repo = new WebhooksRepo(ctx.db.kysely, ctx.config.baseUrl);
  const hub = new WebhookHub(ctx, { pollMs: ctx.config.webhookPollMs, onError: (err) => app.log.error({ err }, 'webhooks') });
  // The redirect's engine exists once every plugin is registered.
  app.addHook('onReady', async () => hub.start());
  app.addHook('onClose', async () => hub.close());
  const tags = ['Webhooks'];

  const load = async (userId: number, rawId: string): Promise<WebhookRow> => {
    const row = await repo.row(userId, parseId(rawId));
    if (!row) throw notFound();
    return row;
  };
  const show = async (userId: number, id: number) => ok(await repo.find(userId, id, true));

  app.get('/', { schema: { tags, summary: 'List webhooks', querystring: webhookListQuerySchema } }, async (request) => {
    const { page, per_page: perPage } = request.query;
    const { rows, total } = await repo.list(request.user.id, page, perPage);
    return paginate(request, rows, total, page, perPage);
  });

  app.get('/:id', { schema: { tags, summary: 'Show a webhook (with its signing secret)', params: idParams } }, async (request) =>
    show(request.user.id, (await load(request.user.id, request.params.id)).id),
  );

  app.post('/', { schema: { tags, summary: 'Create a webhook (a secret is generated when none is given)', body: webhookCreateSchema } }, async (request, reply) => {
    const id = await repo.create(request.user.id, request.body);
    hub.changed();
    return reply.code(201).send(await show(request.user.id, id));
  });

  for (const method of ['put', 'patch'] as const) {
    app[method](
      '/:id',
      { schema: { tags, summary: 'Update a webhook (enabled=1 re-enables it; rotate_secret=1 makes a new secret)', params: idParams, body: webhookUpdateSchema } },
      async (request) => {
        const current = await load(request.user.id, request.params.id);
        await repo.update(current, request.body);
        hub.changed();
        if (request.body.enabled === 1) hub.poke();
        return show(request.user.id, current.id);
      },
    );
  }

  app.delete('/:id', { schema: { tags, summary: 'Delete a webhook and its delivery log', params: idParams } }, async (request) => {
    const current = await load(request.user.id, request.params.id);
    await repo.delete(request.user.id, current.id);
    hub.changed();
    return deleted(current.id, 'webhook');
  });

  app.get(
    '/:id/deliveries',
    { schema: { tags, summary: "A webhook's delivery log, newest first", params: idParams, querystring: deliveryListQuerySchema } },
    async (request) => {
      const current = await load(request.user.id, request.params.id);
      const { page, per_page: perPage } = request.query;
      const { rows, total } = await repo.deliveries(current.id, page, perPage);
      return paginate(request, rows, total, page, perPage);
    },
  );

  app.post('/:id/test', { schema: { tags, summary: 'Send a test event now (also to a disabled webhook); answers with the logged delivery', params: idParams } }, async (request) => {
    const current = await load(request.user.id, request.params.id);
    const now = hub.now();
    const data = { webhook_id: current.id, message: 'This is a test event from Linkdeck.' };
    // Logged as sent (not queued): it goes now, once, and is never retried.
    const id = await hub.queue.insert(ctx.db.kysely, current.id, WEBHOOK_TEST_EVENT, data, now, now, 'sending');
    const row = await ctx.db.kysely.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const result = await sendWebhook(ctx.outbound, { url: current.url, secret: current.secret, body: row.payload, event: row.event, deliveryId: id, eventId: row.event_id }, { nowSeconds: Math.floor(now / 1000) });
    const done = {
      status: result.ok ? 'delivered' : 'failed',
      attempts: 1,
      response_status: result.status,
      duration_ms: result.durationMs,
      response_excerpt: result.excerpt,
      next_attempt_at: null,
      delivered_at: result.ok ? new Date(hub.now()).toISOString() : null,
    };
    await ctx.db.kysely.updateTable('webhook_deliveries').set(done).where('id', '=', id).execute();
    return ok(presentDelivery({ ...row, ...done }));
  });
}
