// Query and answer of the analytics API: `GET /api/v1/stats` (the account) and
// `GET /api/v1/stats/{link_id}` when asked with any of interval, group_by, compare or unique (without
// them that route keeps the contract's `name=` answer). The Analytics page's URL query is this query.
import { z } from 'zod';
import { MAX_ID, flag01, queryEnum, queryInt } from './fields';
import { dateField, timeZoneField } from './stats.schema';
import { ANALYTICS_DIMENSIONS, ANALYTICS_INTERVALS } from './enums';
import type { analyticsGroupObject, analyticsObject, analyticsPeriodObject, analyticsPointObject, importedClicksObject } from './objects/analytics.object';


export type AnalyticsDimension = (typeof ANALYTICS_DIMENSIONS)[number];

/** The dimensions a click itself records (the rest come from its link). */
export const CLICK_DIMENSIONS = ANALYTICS_DIMENSIONS.filter(
  (d): d is Exclude<AnalyticsDimension, 'link' | 'space' | 'domain'> => d !== 'link' && d !== 'space' && d !== 'domain',
);

export type AnalyticsInterval = (typeof ANALYTICS_INTERVALS)[number];

/** `target` values: the index of the rule in the link's targets and its key, or the default URL. */
export const DEFAULT_TARGET = 'default';
export function targetValue(index: number | null, key: string): string {
  return index === null ? DEFAULT_TARGET : `${index}:${key}`;
}

const filterText = z
  .preprocess((v) => (v === '' ? undefined : v), z.string().trim().min(1).max(255).optional())
  .meta({ description: 'Only the clicks with this value of the dimension.' });

/** Filters by a click's own dimensions: one value each (`country=DE`). */
const dimensionFilters = Object.fromEntries(CLICK_DIMENSIONS.map((d) => [d, filterText])) as Record<
  (typeof CLICK_DIMENSIONS)[number],
  typeof filterText
>;

export const analyticsQuerySchema = z
  .object({
    from: dateField.meta({ description: 'First day, in `tz` (default: 29 days before `to`).' }),
    to: dateField.meta({ description: 'Last day, in `tz` (default: today).' }),
    tz: timeZoneField,
    interval: queryEnum(ANALYTICS_INTERVALS, 'day').meta({ description: 'Buckets of the series (default `day`); `hour` for at most 31 days.' }),
    group_by: z
      .preprocess((v) => (v === '' ? undefined : v), z.enum(ANALYTICS_DIMENSIONS, { error: 'must be one of the dimensions.' }).optional())
      .meta({ description: 'Adds the top `limit` values of this dimension (`groups`) and the rest summed (`others`).' }),
    /** `previous`: the period of the same length just before, beside it. */
    compare: z
      .preprocess((v) => (v === '' ? undefined : v), z.enum(['previous'], { error: 'must be previous.' }).optional())
      .meta({ description: '`previous`: adds the period of the same length just before (`previous`).' }),
    unique: z
      .preprocess((v) => (v === '' ? undefined : v), flag01.optional())
      .transform((v) => v ?? 0)
      .meta({ description: '1: counts unique visitors too (`uniques`).' }),
    /** Rows of the grouped list (top N). */
    limit: queryInt(1, 100)
      .transform((v) => v ?? 10)
      .meta({ description: 'Rows of `groups` (default 10).' }),
    link_id: queryInt(1, MAX_ID).meta({ description: 'Only this link.' }),
    space_id: queryInt(0, MAX_ID).meta({ description: 'Only the links of this space; 0: those without one.' }),
    domain_id: queryInt(0, MAX_ID).meta({ description: 'Only the links of this domain; 0: those of the default domain.' }),
    ...dimensionFilters,
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be a date after or equal to from.' });
    if (q.from && q.to && Date.parse(q.to) - Date.parse(q.from) > 3660 * 86_400_000) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'must be at most ten years before to.' });
    }
  });

export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;
export type AnalyticsSearch = z.input<typeof analyticsQuerySchema>;

// The answer's types come from its schemas (objects/analytics.object.ts, named `Analytics` and its parts in the
// API document); type-only imports, so the dashboard's bundle does not carry them.
/** One bucket of the time series; `start` is the bucket's first instant in the asked zone, ISO 8601 with offset. */
export type AnalyticsPoint = z.output<typeof analyticsPointObject>;
/** One row of the grouped list. `label`: a readable name where the value is an id or a code (link title, space name). */
export type AnalyticsGroup = z.output<typeof analyticsGroupObject>;
/** One period: totals, series, and with `group_by` the top values and `others` (the rest summed). */
export type AnalyticsPeriod = z.output<typeof analyticsPeriodObject>;
export type AnalyticsBody = z.output<typeof analyticsObject>;
/** Clicks counted by another shortener before an import (`imported` of the stats answers): no dates, no details. */
export type ImportedClicks = z.output<typeof importedClicksObject>;

/** One Server-Sent Events message of `GET /api/v1/stats/live` (event `clicks`, one a second). */
export interface LiveClicksMessage {
  /** ISO time of the second's end. */
  at: string;
  /** Clicks of the account in that second. */
  clicks: number;
}
