// Query options of the link details page: clicks per day and the top lists from GET /api/v1/stats/{id}.
// The link itself and its deletion come from ../links/links.queries.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { ClicksPerDay, StatsValue } from '../../../shared/stats.schema';
import type { StatsName } from '../../../shared/enums';

export const statsKeys = {
  all: ['stats'] as const,
  link: (id: number) => [...statsKeys.all, id] as const,
  clicks: (id: number, from: string, to: string) => [...statsKeys.link(id), 'clicks', from, to] as const,
  top: (id: number, name: StatsName, from: string, to: string) => [...statsKeys.link(id), name, from, to] as const,
};

export const clicksPerDayQueryOptions = (id: number, from: string, to: string) =>
  queryOptions({
    queryKey: statsKeys.clicks(id, from, to),
    queryFn: () => api.get<ClicksPerDay[]>(`/stats/${id}`, { name: 'clicks', from, to }),
    placeholderData: keepPreviousData,
  });

export const topStatsQueryOptions = (id: number, name: Exclude<StatsName, 'clicks'>, from: string, to: string, perPage = 10) =>
  queryOptions({
    queryKey: statsKeys.top(id, name, from, to),
    queryFn: () => api.list<StatsValue>(`/stats/${id}`, { name, from, to, per_page: perPage }),
    placeholderData: keepPreviousData,
  });
