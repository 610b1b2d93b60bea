import { z } from 'zod';
import { STATS_NAMES, type StatsName } from './enums';
import { pagingFields } from './list-query';
import { queryEnum } from './fields';

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

const dateField = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string({ error: 'must be a date like 2026-11-22.' })
    .refine((v) => DATE_RE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
      error: 'must be a date like 2026-11-22.',
    })
    .optional(),
);

export const statsQuerySchema = z
  .object({
    name: queryEnum(STATS_NAMES, 'clicks'),
    from: dateField,
    to: dateField,
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

export interface ClicksPerDay {
  date: string;
  count: number;
}

export interface StatsValue {
  value: string;
  count: number;
}
