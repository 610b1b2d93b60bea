// What `GET /api/v1/stats/{link_id}` answers (contract "Stats and account"): with `name=clicks` (the default)
// the link's clicks per day, with another `name` a page of its top values; asked with interval, group_by,
// compare or unique, the analytics answer of GET /stats. stats.schema.ts takes its types from here.
import { z } from 'zod';
import { pageLinksObject, pageMetaObject } from './common.object';
import { analyticsObject, importedClicksObject } from './analytics.object';

const count = () => z.number().int().nonnegative();

export const statsDayObject = z
  .object({ date: z.string().meta({ format: 'date', examples: ['2026-11-20'] }), count: count() })
  .meta({ id: 'StatsDay', description: "One day's clicks." });

export const statsClicksObject = z
  .object({
    data: z.array(statsDayObject).meta({ description: 'One row per day from `from` to `to`, days without clicks included.' }),
    time_zone: z.string().meta({
      description: 'The zone whose days these are: `tz`, or `UTC` (also when `tz` was asked but the range reaches further back than the raw clicks are kept).',
      examples: ['UTC'],
    }),
    imported: importedClicksObject.optional(),
    status: z.literal(200),
  })
  .meta({ id: 'StatsClicks', description: "`name=clicks`: the link's clicks per day." });

export const statsValueObject = z
  .object({
    value: z.string().meta({ description: 'A country or continent code, a browser, OS, device or language name, or a referrer host.', examples: ['DE'] }),
    count: count(),
  })
  .meta({ id: 'StatsValue', description: 'A value of the asked `name` and its clicks.' });

export const statsTotalsObject = z
  .object({
    clicks: count().meta({ description: 'All clicks of the days asked.' }),
    with_value: count().meta({ description: 'Those with a value for this `name`; the rest had none (direct visits, unknown country).' }),
  })
  .meta({ id: 'StatsTotals', description: 'Over the same days as the page: all clicks, and those with a value.' });

export const statsValuePageObject = z
  .object({
    data: z.array(statsValueObject).meta({ description: 'Most clicks first.' }),
    links: pageLinksObject,
    meta: pageMetaObject,
    totals: statsTotalsObject,
    imported: importedClicksObject.optional(),
    status: z.literal(200),
  })
  .meta({ id: 'StatsValuePage', description: "Any `name` but `clicks`: one page of the link's values of that name, most clicks first." });

export const statsObject = z
  .union([statsClicksObject, statsValuePageObject, analyticsObject])
  .meta({
    id: 'Stats',
    description:
      "A link's stats: `StatsClicks` for `name=clicks` (the default), `StatsValuePage` for another `name`, and `Analytics` when the query has `interval`, `group_by`, `compare` or `unique`.",
  });
