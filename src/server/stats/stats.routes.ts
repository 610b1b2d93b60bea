import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { statsQuerySchema } from '../../shared/stats.schema';
import { analyticsQuerySchema } from '../../shared/analytics.schema';
import { errorsBag } from '../../shared/zod-messages';
import { paginate, parseId } from '../http/pagination';
import { HttpError, notFound } from '../http/errors';
import { StatsRepo } from './stats.repo';
import { AnalyticsRepo } from './analytics.repo';
import { AnalyticsService } from './analytics.service';
import { importedAnswer } from './imported-clicks.repo';
import { LinksRepo } from '../links/links.repo';
import { dayInZone } from '../../shared/time-zone';
import { analyticsObject } from '../../shared/objects/analytics.object';
import { statsObject } from '../../shared/objects/stats.object';
import { analyticsExample, statsClicksExample } from './stats.examples';

const params = z.object({ link_id: z.string() });

/**
 * The query of GET /stats/{link_id} as the document shows it: the contract's (name, from, to, page, per_page),
 * `tz`, and the analytics query. For the document only: the handler picks which of the two it validates.
 */
const { link_id: _linkId, sort: _sort, ...analyticsFields } = { ...statsQuerySchema.shape, ...analyticsQuerySchema.shape };
const switches = 'Sent (even empty), it makes the answer `Analytics`, as GET /stats answers for this link; `name`, `page` and `per_page` are then ignored.';
const linkStatsQueryDocs = z.object({
  ...analyticsFields,
  name: statsQuerySchema.shape.name.meta({
    description: '`clicks` (the default): clicks per day (`StatsClicks`); any other: a page of that dimension\'s values (`StatsValuePage`).',
  }),
  interval: analyticsQuerySchema.shape.interval.meta({ description: `Buckets of the series (default \`day\`). ${switches}` }),
  group_by: analyticsQuerySchema.shape.group_by.meta({ description: `Adds the top \`limit\` values of this dimension. ${switches}` }),
  compare: analyticsQuerySchema.shape.compare.meta({ description: `\`previous\`: adds the period of the same length just before. ${switches}` }),
  unique: analyticsQuerySchema.shape.unique.meta({ description: `1: adds unique visitors. ${switches}` }),
});

/** The query is documented (linkStatsQueryDocs) but reaches the handler as sent: the handler validates it. */
const queryAsSent: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'querystring' ? (data) => ({ value: data }) : validatorCompiler(route as never);

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
  const links = new LinksRepo(app.ctx.db.kysely);
  const analytics = new AnalyticsService(
    app.ctx.db.kysely,
    new AnalyticsRepo(app.ctx.db.kysely, app.ctx.db.dialect === 'sqlite' ? (iso) => repo.firstEventIdFrom(iso) : null),
    app.ctx.config.baseUrl,
  );

  app.get(
    '/',
    {
      schema: {
        tags: ['Stats'],
        operationId: 'getAnalytics',
        summary: "Get the account's analytics",
        description:
          'Clicks of all your links (or those matching the filters) over `from`..`to` (the last 30 days by default, days of `tz`): totals, a time series by `interval`, with `group_by` the top `limit` values and the rest summed, with `compare=previous` the period just before, with `unique=1` unique visitors too. Clicks imported from another shortener have no dates: they come apart, in `imported`.',
        'x-examples': { response: analyticsExample },
        querystring: analyticsQuerySchema,
        response: { 200: analyticsObject },
      },
    },
    async (request) => analytics.answer(request.workspace.id, request.query),
  );

  app.get(
    '/:link_id',
    {
      validatorCompiler: queryAsSent,
      schema: {
        tags: ['Stats'],
        operationId: 'getLinkStats',
        summary: "Get a link's stats",
        description:
          "One link's clicks over `from`..`to` (the last 30 days by default): per day with `name=clicks` (the default), or a page of its top values for another `name` with the totals beside it. With `interval`, `group_by`, `compare` or `unique` in the query, its analytics instead, as GET /stats answers. Clicks imported from another shortener come apart, in `imported`.",
        'x-examples': { response: statsClicksExample },
        params,
        querystring: linkStatsQueryDocs,
        response: { 200: statsObject },
      },
    },
    async (request) => {
      const raw = request.query as Record<string, unknown>;
      if (ANALYTICS_KEYS.some((k) => raw[k] !== undefined)) {
        return analytics.answer(request.workspace.id, analyticsQuery(request), parseId(request.params.link_id));
      }
      const parsed = statsQuerySchema.safeParse(raw);
      if (!parsed.success) {
        const bag = errorsBag(parsed.error.issues, 'query');
        throw new HttpError(422, bag.message, bag.errors);
      }
      const link = await links.find(request.workspace.id, parseId(request.params.link_id));
      if (!link) throw notFound();
      const q = parsed.data;
      const imported = importedAnswer(link.imported_clicks, link.imported_at);
      const today = q.tz ? dayInZone(Date.now(), q.tz) : new Date().toISOString().slice(0, 10);
      const to = q.to ?? today;
      const from = q.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
      if (q.name === 'clicks') {
        // Days of another zone come from the raw events, which are kept CLICK_RETENTION_DAYS: a range
        // reaching further back is answered in UTC days from the rollups, and says so (time_zone).
        const keptSince = Date.now() - app.ctx.config.clickRetentionDays * 86_400_000;
        const zone = q.tz && q.tz !== 'UTC' && Date.parse(`${from}T00:00:00Z`) - 86_400_000 >= keptSince ? q.tz : null;
        const data = zone ? await repo.clicksPerDayInZone(link.id, from, to, zone) : await repo.clicksPerDay(link.id, from, to);
        return { data, time_zone: zone ?? 'UTC', imported, status: 200 as const };
      }
      const { rows, total } = await repo.top(link.id, q.name, from, to, q.page, q.per_page);
      return { ...paginate(request, rows, total, q.page, q.per_page), totals: await repo.totals(link.id, q.name, from, to), imported };
    },
  );
}
