// The analytics answer of `GET /api/v1/stats` (the account) and of `GET /api/v1/stats/{link_id}`
// asked with interval, group_by, compare or unique; analytics.schema.ts takes its types from here.
import { z } from 'zod';
import { ANALYTICS_DIMENSIONS, ANALYTICS_INTERVALS } from '../enums';
import { timestamp } from './common.object';

const count = () => z.number().int().nonnegative();
const day = () => z.string().meta({ format: 'date', examples: ['2026-11-20'] });
const uniques = () => count().optional().meta({ description: 'Unique visitors; present with `unique=1`.' });
const clicksAndUniques = () => z.object({ clicks: count(), uniques: uniques() });
const qrScans = () =>
  count().meta({
    description:
      "Of `clicks`, the scans of the link's QR code (its short URL with `?qr=1`); the rest came by the short URL itself (direct). Clicks from before QR scans were told apart count as direct.",
  });

export const analyticsPointObject = z
  .object({
    start: z.string().meta({
      format: 'date-time',
      description: "The bucket's first instant in the asked zone, with its offset.",
      examples: ['2026-11-20T00:00:00+01:00'],
    }),
    clicks: count(),
    uniques: uniques(),
    qr_scans: qrScans(),
  })
  .meta({ id: 'AnalyticsPoint', description: 'One bucket (hour, day, week or month) of the time series.' });

export const analyticsGroupObject = z
  .object({
    value: z.string().meta({ description: 'The dimension\'s value: a country code, a browser name, an id (link, space, domain), `0` for none, or `default` / `<index>:<key>` for targets.' }),
    label: z.string().optional().meta({ description: 'A readable name where the value is an id or a code (link title, space or domain name, target rule).' }),
    short_url: z.string().optional().meta({ description: "`group_by=link`: the link's short URL (absent for a deleted link).", examples: ['https://go.example.com/spring-sale'] }),
    title: z.string().nullable().optional().meta({ description: "`group_by=link`: the link's title, null when it has none (absent for a deleted link)." }),
    clicks: count(),
    uniques: uniques(),
  })
  .meta({ id: 'AnalyticsGroup', description: 'One row of the grouped (top) list.' });

export const importedClicksObject = z
  .object({
    clicks: z.number().int().positive().meta({ description: "The links' `imported_clicks` summed." }),
    before: timestamp().meta({ description: 'The latest `imported_at` among those links: the imported clicks happened before it.' }),
  })
  .meta({
    id: 'ImportedClicks',
    description:
      "Clicks counted by the previous shortener before the links were imported (their starting count): part of each link's `clicks`, never of the counted totals, series or top lists, as they have no dates or visitor details. Present only when the links in scope (the link, or the account's links matching `link_id`, `space_id` and `domain_id`, as they are now) have some, whatever `from` and `to`; a visitor filter (`country=…`) leaves them out.",
  });

const periodShape = {
  from: day(),
  to: day(),
  totals: z.object({ clicks: count(), uniques: uniques(), qr_scans: qrScans() }),
  series: z.array(analyticsPointObject).meta({ description: 'Every bucket of the period in order, empty ones included.' }),
  groups: z.array(analyticsGroupObject).optional().meta({ description: 'Present with `group_by`: the top `limit` values, most clicks first.' }),
  others: clicksAndUniques().optional().meta({ description: 'Present with `group_by`: the clicks of the values not listed, summed.' }),
  without_value: clicksAndUniques()
    .optional()
    .meta({
      description:
        'Present with `group_by` on a dimension a click may lack (all but `link`, `space` and `domain`): the clicks of the same days without a value, such as direct visits (no referrer) for `referrer`. With `groups` and `others` they add up to every click of those days.',
    }),
};

export const analyticsPeriodObject = z
  .object(periodShape)
  .meta({ id: 'AnalyticsPeriod', description: 'The clicks of one period (`from` to `to`, days of the asked zone).' });

const analyticsDataObject = z.object({
  ...periodShape,
  interval: z.enum(ANALYTICS_INTERVALS),
  time_zone: z.string().meta({ description: 'The IANA zone whose days and hours the series uses (`tz`, UTC by default).', examples: ['Europe/Berlin'] }),
  group_by: z.enum(ANALYTICS_DIMENSIONS).nullable(),
  previous: analyticsPeriodObject.optional().meta({ description: 'Present with `compare=previous`: the period of the same length just before.' }),
  imported: importedClicksObject.optional(),
});

export const analyticsObject = z
  .object({ data: analyticsDataObject, status: z.literal(200) })
  .meta({
    id: 'Analytics',
    description:
      'Clicks of the account or of one link over a period: totals, a time series, optionally a top list and the previous period; apart from them, the clicks imported from another shortener (`imported`).',
  });
