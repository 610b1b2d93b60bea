// /api/v1/webhooks: list, show, store, update (PUT and PATCH), delete, the delivery log and
// "send test event", through the app's webhooks (webhooks.plugin.ts), which it names as a dependency.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { deliveryListQuerySchema, webhookCreateSchema, webhookListQuerySchema, webhookUpdateSchema } from '../../shared/webhook.schema';
import { WEBHOOK_TEST_EVENT } from '../../shared/enums';
import { fieldError, notFound } from '../http/errors';
import { deleted, ok, paginate, parseId } from '../http/pagination';
import { idParams } from '../http/params';
import { WebhooksRepo, presentDelivery, type WebhookRow } from './webhooks.repo';
import { WEBHOOKS } from './webhooks.plugin';
import { sendWebhook } from './webhook-sender';
import { webhookCreateExample, webhookExample } from './webhooks.examples';
import { webhookDeliveryObject, webhookObject } from '../../shared/objects/webhook.object';
import { envelope, pageOf } from '../../shared/objects/common.object';
import { undoableDeleteResultObject } from '../../shared/objects/operation.object';
import { UNDONE_WITHIN_24_HOURS, recordedDelete } from '../operations/resource-delete';
import { readOnlyNote, readOnlySpec } from '../../shared/read-only';
import { guardOwned } from '../read-only.hook';

const webhookAnswer = envelope(webhookObject);
const webhookPage = pageOf(webhookObject, 'Webhook');
const deliveryPage = pageOf(webhookDeliveryObject, 'WebhookDelivery');

/** What a webhook shows but a write cannot set (its filters are written as space_id and link_id). */
const readOnly = readOnlySpec(webhookObject, webhookUpdateSchema, { owned: true });
const updateNote = readOnlyNote(readOnly);

const docs = {
  list: { operationId: 'listWebhooks', summary: 'List webhooks', description: 'Your webhooks, newest first; the list leaves out their signing secrets.' },
  show: { operationId: 'getWebhook', summary: 'Get a webhook', description: 'One of your webhooks, with its signing secret and the number of deliveries waiting.' },
  create: {
    operationId: 'createWebhook',
    summary: 'Create a webhook',
    description:
      'Subscribes `url` to `events` (of every link, of one space with `space_id`, or of one link with `link_id`). A signing secret is generated when none is given; the answer (201) shows it. A `url` whose host is, or resolves to, a private, loopback or link-local address is refused (422), as it would be when sent.',
    'x-examples': { request: webhookCreateExample, response: { data: webhookExample, status: 200 } },
  },
  put: {
    operationId: 'updateWebhook',
    summary: 'Update a webhook',
    description: `Changes the fields sent; \`enabled=1\` re-enables it and sends what is queued, \`rotate_secret=1\` makes a new secret. ${updateNote} \`PATCH\` does the same.`,
  },
  patch: {
    operationId: 'patchWebhook',
    summary: 'Update a webhook (PATCH)',
    description: `Changes the fields sent; \`enabled=1\` re-enables it and sends what is queued, \`rotate_secret=1\` makes a new secret. ${updateNote} Same as \`PUT\`.`,
  },
  delete: {
    operationId: 'deleteWebhook',
    summary: 'Delete a webhook',
    description: `Deletes the webhook and its delivery log; what is queued is not sent. ${UNDONE_WITHIN_24_HOURS}, with the same id, secret and delivery log (what was queued is sent then).`,
  },
  deliveries: { operationId: 'listWebhookDeliveries', summary: "List a webhook's deliveries", description: "The webhook's delivery log, newest first: each event sent or to be sent, its attempts and the last answer." },
  test: {
    operationId: 'sendWebhookTestEvent',
    summary: 'Send a test event',
    description: 'Sends a `webhook.test` event now, once, also to a disabled webhook, and answers the logged delivery with the receiver\'s answer.',
  },
};

async function webhookRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx, webhooks: hub } = app;
  const repo = new WebhooksRepo(ctx.db.kysely, ctx.config.baseUrl);
  const tags = ['Webhooks'];
  guardOwned(app, readOnly, (userId, id) => repo.find(userId, id, true));

  const load = async (userId: number, rawId: string): Promise<WebhookRow> => {
    const row = await repo.row(userId, parseId(rawId));
    if (!row) throw notFound();
    return row;
  };
  // The same address policy as sending (outbound.ts), checked when the URL is saved: 422 naming url.
  const checkUrl = async (url: string | undefined): Promise<void> => {
    const refused = url === undefined ? null : await ctx.outbound.refusal(url);
    if (refused) throw fieldError('url', `must point to a public address (${refused.message}).`);
  };
  const show = async (userId: number, id: number) => {
    const hook = await repo.find(userId, id, true);
    if (!hook) throw notFound();
    return ok(hook);
  };

  app.get('/', { schema: { tags, ...docs.list, querystring: webhookListQuerySchema, response: { 200: webhookPage } } }, async (request) => {
    const { page, per_page: perPage } = request.query;
    const { rows, total } = await repo.list(request.workspace.id, page, perPage);
    return paginate(request, rows, total, page, perPage);
  });

  app.get('/:id', { schema: { tags, ...docs.show, params: idParams, response: { 200: webhookAnswer } } }, async (request) =>
    show(request.workspace.id, (await load(request.workspace.id, request.params.id)).id),
  );

  app.post('/', { schema: { tags, ...docs.create, body: webhookCreateSchema, response: { 201: webhookAnswer } } }, async (request, reply) => {
    await checkUrl(request.body.url);
    const id = await repo.create(request.workspace.id, request.body);
    hub.changed();
    return reply.code(201).send(await show(request.workspace.id, id));
  });

  for (const method of ['put', 'patch'] as const) {
    app[method](
      '/:id',
      { schema: { tags, ...docs[method], params: idParams, body: webhookUpdateSchema, response: { 200: webhookAnswer } } },
      async (request) => {
        const current = await load(request.workspace.id, request.params.id);
        await checkUrl(request.body.url);
        await repo.update(current, request.body);
        hub.changed();
        if (request.body.enabled === 1) hub.poke();
        return show(request.workspace.id, current.id);
      },
    );
  }

  const remove = recordedDelete(app, 'webhook');
  app.delete('/:id', { schema: { tags, ...docs.delete, params: idParams, response: { 200: undoableDeleteResultObject } } }, async (request) => {
    const current = await load(request.workspace.id, request.params.id);
    const operation = await remove(request.workspace.id, current.id, request.user.id);
    if (!operation) throw notFound();
    hub.changed();
    return { ...deleted(current.id, 'webhook'), operation };
  });

  app.get(
    '/:id/deliveries',
    { schema: { tags, ...docs.deliveries, params: idParams, querystring: deliveryListQuerySchema, response: { 200: deliveryPage } } },
    async (request) => {
      const current = await load(request.workspace.id, request.params.id);
      const { page, per_page: perPage } = request.query;
      const { rows, total } = await repo.deliveries(current.id, page, perPage);
      return paginate(request, rows, total, page, perPage);
    },
  );

  app.post('/:id/test', { schema: { tags, ...docs.test, params: idParams, response: { 200: envelope(webhookDeliveryObject) } } }, async (request) => {
    const current = await load(request.workspace.id, request.params.id);
    const now = hub.now();
    const data = { webhook_id: current.id, message: 'This is a test event from Linkdeck.' };
    // Logged as sent (not queued): it goes now, once, and is never retried.
    const row = await hub.queue.insertTest(current.id, WEBHOOK_TEST_EVENT, data, now);
    const id = row.id;
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
    await hub.queue.finish(id, done);
    return ok(presentDelivery({ ...row, ...done }));
  });
}

export const webhooksRoutes = fp(webhookRoutes, { name: 'linkdeck-webhooks-routes', dependencies: [WEBHOOKS], encapsulate: true });
