import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { statsQuerySchema } from '../../shared/stats.schema';
import { ok, paginate, parseId } from '../http/pagination';
import { notFound } from '../http/errors';
import { StatsRepo } from './stats.repo';

const params = z.object({ link_id: z.string() });

export async function statsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = new StatsRepo(app.ctx.db.kysely);

  app.get('/:link_id', { schema: { tags: ['Stats'], params, querystring: statsQuerySchema } }, async (request) => {
    const link = await app.ctx.db.kysely
      .selectFrom('links')
      .select('id')
      .where('id', '=', parseId(request.params.link_id))
      .where('user_id', '=', request.user.id)
      .executeTakeFirst();
    if (!link) throw notFound();
    const q = request.query;
    const today = new Date().toISOString().slice(0, 10);
    const to = q.to ?? today;
    const from = q.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
    if (q.name === 'clicks') return ok(await repo.clicksPerDay(link.id, from, to));
    const { rows, total } = await repo.top(link.id, q.name, from, to, q.page, q.per_page);
    return paginate(request, rows, total, q.page, q.per_page);
  });
}
