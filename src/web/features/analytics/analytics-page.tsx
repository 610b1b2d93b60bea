// The Analytics page: the account's clicks over a period (presets or any range, an interval,
// the previous period beside, unique visitors), top lists for every dimension, filters by clicking a bar or
// a row (chips), a live counter and a CSV of what is shown. The whole state is the URL (routes/analytics.tsx).
import { useState } from 'react';
import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { AnalyticsBody, AnalyticsDimension, AnalyticsQuery } from '../../../shared/analytics.schema';
import { PageHeader } from '../../components/page-header';
import { saveBlob } from '../../lib/download';
import { analyticsQueryOptions, groupQuery, type AnalyticsApiQuery } from './analytics.queries';
import { activeFilters, effectiveRange, filterKeyOf, filterPatch, withPatch, zoomInto, type FilterKey } from './analytics-url';
import { analyticsCsv, analyticsFileName, type ShownList } from './analytics-csv';
import { AnalyticsControls } from './analytics-controls';
import { FilterChips } from './filter-chips';
import { SeriesCard } from './series-card';
import { CARDS, DimensionCard } from './dimension-card';
import { LiveCounter } from './live-counter';

const route = getRouteApi('/app/analytics');

const FIRST_TABS = Object.fromEntries(CARDS.map((c) => [c.id, c.tabs[0]![0]])) as Record<string, AnalyticsDimension>;

export function AnalyticsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const queryClient = useQueryClient();
  // "Now" and the zone are fixed while the page is open, so the query keys stay stable.
  const [now] = useState(() => Date.now());
  const [viewerTz] = useState(() => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  const tz = search.tz ?? viewerTz;
  const range = effectiveRange(search, now, tz);
  const [tabs, setTabs] = useState(FIRST_TABS);

  const { group_by: _groupBy, ...rest } = search;
  const query: AnalyticsApiQuery = { ...rest, ...range, tz };
  const series = useQuery(analyticsQueryOptions(query));
  const filters = activeFilters(search);

  const update = (patch: Partial<AnalyticsQuery>) => void navigate({ search: (prev) => withPatch(prev, patch) });
  const onFilter = (d: AnalyticsDimension, value: string) => {
    const key = filterKeyOf(d);
    // The row of the value already filtered by: clicking it again lifts the filter.
    update(String(search[key] ?? '') === value ? { [key]: undefined } : filterPatch(d, value));
  };
  const onBucket = (start: string) => {
    const zoom = zoomInto(start, search.interval, range.to);
    if (zoom) update(zoom);
  };

  const exportCsv = () => {
    const lists: ShownList[] = [];
    for (const c of CARDS) {
      const dimension = tabs[c.id]!;
      const body = queryClient.getQueryData<AnalyticsBody>(analyticsQueryOptions(groupQuery(query, dimension)).queryKey);
      if (body) lists.push({ dimension, body });
    }
    saveBlob(new Blob([analyticsCsv(series.data, lists)], { type: 'text/csv;charset=utf-8' }), analyticsFileName(range.from, range.to));
  };

  return (
    <Stack gap="md">
      <PageHeader
        title="Analytics"
        description="Clicks on all your links: when, from where, on what, and which links and rules served them."
        actions={
          <>
            <LiveCounter />
            <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={exportCsv} disabled={!series.data}>
              Export CSV
            </Button>
          </>
        }
      />
      <AnalyticsControls
        from={range.from}
        to={range.to}
        interval={search.interval}
        compare={search.compare === 'previous'}
        unique={search.unique === 1}
        now={now}
        tz={tz}
        onChange={update}
      />
      <FilterChips
        filters={filters}
        onRemove={(key: FilterKey) => update({ [key]: undefined })}
        onClear={() => update(Object.fromEntries(filters.map((f) => [f.key, undefined])))}
      />
      <SeriesCard body={series.data} error={series.error} onRetry={() => void series.refetch()} interval={search.interval} unique={search.unique === 1} onBucket={onBucket} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {CARDS.map((c) => (
          <DimensionCard
            key={c.id}
            spec={c}
            tab={tabs[c.id]!}
            onTab={(d) => setTabs((t) => ({ ...t, [c.id]: d }))}
            query={query}
            selected={(() => {
              const v = search[filterKeyOf(tabs[c.id]!)];
              return v === undefined ? undefined : String(v);
            })()}
            onFilter={onFilter}
          />
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Counted in {tz}. The live counter counts the visits this server answered.
      </Text>
    </Stack>
  );
}
