import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { linkCreateSchema, linkListQuerySchema, linkUpdateSchema, type LinkUpdate } from '../../shared/link.schema';
import { deleted, nowIso, ok, paginate, parseId } from '../http/pagination';
import { idParams } from '../http/params';
import { LinksService } from './links.service';
import { webhooksOf } from '../webhooks/webhook-hub';
import type { WebhookEvent } from '../../shared/webhook.schema';
import type { Link } from '../../shared/link.schema';

export async function linksRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new LinksService(app.ctx);
  app.addHook('onClose', async () => service.titles.idle());
  const tags = ['Links'];
  /** Queues the event for the account's webhooks (stored before the answer goes out). */
  const tell = async (userId: number, event: WebhookEvent, link: Link) => {
    await webhooksOf(app.ctx)?.linkEvent(userId, event, { id: link.id, space_id: link.space?.id ?? null }, link);
    return link;
  };

  app.get('/', { schema: { tags, querystring: linkListQuerySchema } }, async (request) => {
    const q = request.query;
    const { rows, total } = await service.listRepo.list(request.user.id, q, nowIso());
    return paginate(request, await service.present(rows), total, q.page, q.per_page);
  });

  app.get('/:id', { schema: { tags, params: idParams } }, async (request) =>
    ok(await service.show(request.user.id, parseId(request.params.id))),
  );

  app.post('/', { schema: { tags, body: linkCreateSchema } }, async (request, reply) =>
    reply.code(201).send(ok(await tell(request.user.id, 'link.created', await service.create(request.user.id, request.body)))),
  );

  const update = async (userId: number, rawId: string, body: LinkUpdate) => ok(await tell(userId, 'link.updated', await service.update(userId, parseId(rawId), body)));
  for (const method of ['put', 'patch'] as const) {
    app[method]('/:id', { schema: { tags, params: idParams, body: linkUpdateSchema } }, async (request) =>
      update(request.user.id, request.params.id, request.body),
    );
  }

  app.delete('/:id', { schema: { tags, params: idParams } }, async (request) => {
    const id = parseId(request.params.id);
    const before = await service.show(request.user.id, id);
    await service.delete(request.user.id, id);
    await tell(request.user.id, 'link.deleted', before);
    return deleted(id, 'link');
  });
}
