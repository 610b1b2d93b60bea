import { z } from 'zod';
import { STATS_NAMES, type StatsName } from './enums';
import { pagingFields } from './list-query';
import { queryEnum } from './fields';
import { canonicalTimeZone } from './time-zone';
import type { statsClicksObject, statsDayObject, statsTotalsObject, statsValueObject } from './objects/stats.object';

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** An optional `Y-m-d` date of a query; '' is absent. */
export const dateField = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string({ error: 'must be a date like 2026-11-22.' })
    .refine((v) => DATE_RE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
      error: 'must be a date like 2026-11-22.',
    })
    .optional(),
).meta({ format: 'date', examples: ['2026-11-22'] });

/** Optional IANA zone (beyond the contract): the clicks chart's days are that zone's days. */
export const timeZoneField = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string({ error: 'must be a time zone like Europe/Berlin.' })
    .transform((v, ctx) => {
      const zone = canonicalTimeZone(v);
      if (zone) return zone;
      ctx.addIssue({ code: 'custom', message: 'must be a time zone like Europe/Berlin.' });
      return z.NEVER;
    })
    .optional(),
).meta({ description: 'The IANA time zone whose days are asked, such as `Europe/Berlin` (default UTC).' });

export const statsQuerySchema = z
  .object({
    name: queryEnum(STATS_NAMES, 'clicks'),
    from: dateField,
    to: dateField,
    tz: timeZoneField,
    ...pagingFields,
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be a date after or equal to from.' });
    if (q.from && q.to && Date.parse(q.to) - Date.parse(q.from) > 3660 * 86_400_000) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'must be at most ten years before to.' });
    }
  });

export type StatsQuery = z.output<typeof statsQuerySchema>;
export type { StatsName };

// The answers' types come from their schemas (objects/stats.object.ts, named in the API document); type-only
// imports, so the dashboard's bundle does not carry them.
/** One day's clicks (`StatsDay`). */
export type ClicksPerDay = z.output<typeof statsDayObject>;

/** A value of a top list and its clicks (`StatsValue`). */
export type StatsValue = z.output<typeof statsValueObject>;

/** The body of `name=clicks`: one row per day, and the zone whose days they are (UTC unless `tz`). */
export type ClicksPerDayBody = z.output<typeof statsClicksObject>;

/**
 * Beside a top list's page (beyond the contract): over the same days, all clicks, and those with a value
 * for this name. Clicks without one (no referrer: direct visits; no country: unknown) are the difference.
 */
export type StatsTotals = z.output<typeof statsTotalsObject>;
