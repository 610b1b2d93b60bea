// Query options of the Analytics page and the link details' per-rule statistics: GET /api/v1/stats (the
// account) and GET /api/v1/stats/{link_id} with the analytics query (shared/analytics.schema.ts).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { AnalyticsBody, AnalyticsDimension, AnalyticsQuery } from '../../../shared/analytics.schema';

export type AnalyticsApiQuery = Partial<AnalyticsQuery> & { from: string; to: string; tz: string };

export const analyticsKeys = {
  all: ['analytics'] as const,
  query: (linkId: number | null, q: AnalyticsApiQuery) => [...analyticsKeys.all, linkId, q] as const,
};

/** The API's query string: values left empty or at "off" are not sent. */
export function apiParams(q: AnalyticsApiQuery): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined || v === null || v === '' || (k === 'unique' && v === 0)) continue;
    out[k] = v as string | number;
  }
  return out;
}

/** The series (no group_by) or one top list (group_by), of the account or of one link. */
export const analyticsQueryOptions = (q: AnalyticsApiQuery, linkId: number | null = null) =>
  queryOptions({
    queryKey: analyticsKeys.query(linkId, q),
    queryFn: () => api.getBody<AnalyticsBody>(linkId === null ? '/stats' : `/stats/${linkId}`, apiParams(q)),
    placeholderData: keepPreviousData,
  });

export const groupQuery = (q: AnalyticsApiQuery, dimension: AnalyticsDimension): AnalyticsApiQuery => ({ ...q, group_by: dimension });
