import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { statsQuerySchema } from '../../shared/stats.schema';
import { paginate, parseId } from '../http/pagination';
import { notFound } from '../http/errors';
import { StatsRepo } from './stats.repo';
import { dayInZone } from '../../shared/time-zone';

const params = z.object({ link_id: z.string() });

export async function statsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = new StatsRepo(app.ctx.db.kysely, { eventsInIdOrder: app.ctx.db.dialect === 'sqlite' });

  app.get('/:link_id', { schema: { tags: ['Stats'], params, querystring: statsQuerySchema } }, async (request) => {
    const link = await app.ctx.db.kysely
      .selectFrom('links')
      .select('id')
      .where('id', '=', parseId(request.params.link_id))
      .where('user_id', '=', request.user.id)
      .executeTakeFirst();
    if (!link) throw notFound();
    const q = request.query;
    const today = q.tz ? dayInZone(Date.now(), q.tz) : new Date().toISOString().slice(0, 10);
    const to = q.to ?? today;
    const from = q.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
    if (q.name === 'clicks') {
      // Days of another zone come from the raw events, which are kept CLICK_RETENTION_DAYS: a range
      // reaching further back is answered in UTC days from the rollups, and says so (time_zone).
      const keptSince = Date.now() - app.ctx.config.clickRetentionDays * 86_400_000;
      const zone = q.tz && q.tz !== 'UTC' && Date.parse(`${from}T00:00:00Z`) - 86_400_000 >= keptSince ? q.tz : null;
      const data = zone ? await repo.clicksPerDayInZone(link.id, from, to, zone) : await repo.clicksPerDay(link.id, from, to);
      return { data, time_zone: zone ?? 'UTC', status: 200 as const };
    }
    const { rows, total } = await repo.top(link.id, q.name, from, to, q.page, q.per_page);
    return { ...paginate(request, rows, total, q.page, q.per_page), totals: await repo.totals(link.id, q.name, from, to) };
  });
}
