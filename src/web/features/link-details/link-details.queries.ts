// Query options of the link details page: clicks per day and the top lists (with their totals) from
// GET /api/v1/stats/{id}.
// The link itself and its deletion come from ../links/links.queries.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { Paginated } from '../../../shared/list-query';
import type { ClicksPerDayBody, StatsTotals, StatsValue } from '../../../shared/stats.schema';
import type { StatsName } from '../../../shared/enums';
import type { AnalyticsBody } from '../../../shared/analytics.schema';

export const statsKeys = {
  all: ['stats'] as const,
  link: (id: number) => [...statsKeys.all, id] as const,
  clicks: (id: number, from: string, to: string, tz: string) => [...statsKeys.link(id), 'clicks', from, to, tz] as const,
  top: (id: number, name: StatsName, from: string, to: string) => [...statsKeys.link(id), name, from, to] as const,
  totals: (id: number, from: string, to: string, tz: string) => [...statsKeys.link(id), 'totals', from, to, tz] as const,
};

/** Clicks per day of the viewer's zone `tz` (the answer's time_zone says which zone the days are in). */
export const clicksPerDayQueryOptions = (id: number, from: string, to: string, tz: string) =>
  queryOptions({
    queryKey: statsKeys.clicks(id, from, to, tz),
    queryFn: () => api.getBody<ClicksPerDayBody>(`/stats/${id}`, { name: 'clicks', from, to, tz }),
    placeholderData: keepPreviousData,
  });

export const topStatsQueryOptions = (id: number, name: Exclude<StatsName, 'clicks'>, from: string, to: string, perPage = 10) =>
  queryOptions({
    queryKey: statsKeys.top(id, name, from, to),
    queryFn: () => api.getBody<Paginated<StatsValue> & { totals: StatsTotals }>(`/stats/${id}`, { name, from, to, per_page: perPage }),
    placeholderData: keepPreviousData,
  });

/** The range's totals with the QR scans apart (the analytics form of GET /stats/{id}, asked with an interval). */
export const qrSplitQueryOptions = (id: number, from: string, to: string, tz: string) =>
  queryOptions({
    queryKey: statsKeys.totals(id, from, to, tz),
    queryFn: async () => (await api.getBody<AnalyticsBody>(`/stats/${id}`, { interval: 'day', from, to, tz })).data.totals,
    placeholderData: keepPreviousData,
  });
