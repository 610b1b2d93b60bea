import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { statsQuerySchema } from '../../shared/stats.schema';
import { analyticsQuerySchema } from '../../shared/analytics.schema';
import { errorsBag } from '../../shared/zod-messages';
import { paginate, parseId } from '../http/pagination';
import { HttpError, notFound } from '../http/errors';
import { StatsRepo } from './stats.repo';
import { AnalyticsRepo } from './analytics.repo';
import { AnalyticsService } from './analytics.service';
import { dayInZone } from '../../shared/time-zone';

const params = z.object({ link_id: z.string() });

/** Query keys that make GET /stats/{link_id} answer with analytics instead of the contract's `name=` answer. */
const ANALYTICS_KEYS = ['interval', 'group_by', 'compare', 'unique'];

function analyticsQuery(request: FastifyRequest) {
  const parsed = analyticsQuerySchema.safeParse(request.query);
  if (parsed.success) return parsed.data;
  const bag = errorsBag(parsed.error.issues, 'query');
  throw new HttpError(422, bag.message, bag.errors);
}

export async function statsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = new StatsRepo(app.ctx.db.kysely, { eventsInIdOrder: app.ctx.db.dialect === 'sqlite' });
  const analytics = new AnalyticsService(
    app.ctx.db.kysely,
    new AnalyticsRepo(app.ctx.db.kysely, app.ctx.db.dialect === 'sqlite' ? (iso) => repo.firstEventIdFrom(iso) : null),
    new URL(app.ctx.config.baseUrl).host,
  );

  app.get(
    '/',
    {
      schema: {
        tags: ['Stats'],
        summary: 'Analytics of the account: totals, a time series and a top list, with filters and the previous period',
        querystring: analyticsQuerySchema,
      },
    },
    async (request) => analytics.answer(request.user.id, request.query),
  );

  app.get(
    '/:link_id',
    {
      schema: {
        tags: ['Stats'],
        summary: "A link's clicks per day or top values (name=); with interval, group_by, compare or unique, its analytics as GET /stats answers",
        params,
      },
    },
    async (request) => {
      const raw = request.query as Record<string, unknown>;
      if (ANALYTICS_KEYS.some((k) => raw[k] !== undefined)) {
        return analytics.answer(request.user.id, analyticsQuery(request), parseId(request.params.link_id));
      }
      const parsed = statsQuerySchema.safeParse(raw);
      if (!parsed.success) {
        const bag = errorsBag(parsed.error.issues, 'query');
        throw new HttpError(422, bag.message, bag.errors);
      }
      const link = await app.ctx.db.kysely
        .selectFrom('links')
        .select('id')
        .where('id', '=', parseId(request.params.link_id))
        .where('user_id', '=', request.user.id)
        .executeTakeFirst();
      if (!link) throw notFound();
      const q = parsed.data;
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
    },
  );
}
