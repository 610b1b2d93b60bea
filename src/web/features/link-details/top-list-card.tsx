// One "top" list of the stats API (countries, browsers, devices, referrers): value, count and share.
import { Group, Paper, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../components/states';
import type { StatsName } from '../../../shared/enums';
import { topStatsQueryOptions } from './link-details.queries';
import { statsLabel, withShares } from './stats-view';

export function TopListCard({
  linkId,
  name,
  title,
  from,
  to,
  total,
}: {
  linkId: number;
  name: Exclude<StatsName, 'clicks'>;
  title: string;
  from: string;
  to: string;
  /** All clicks in the range: the base of the shares. */
  total: number;
}) {
  const q = useQuery(topStatsQueryOptions(linkId, name, from, to));
  const rows = withShares(q.data?.data ?? [], total);

  return (
    <Paper withBorder p="lg" h="100%" data-testid={`top-${name}`}>
      <Stack gap="sm">
        <Title order={2} size="h5">
          {title}
        </Title>
        {q.isError ? (
          <ErrorState error={q.error} onRetry={() => void q.refetch()} title={`Could not load ${title.toLowerCase()}`} />
        ) : q.isPending ? (
          <Stack gap="xs">
            <Skeleton h={18} />
            <Skeleton h={18} />
            <Skeleton h={18} />
          </Stack>
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {total > 0 ? 'Not known for these clicks.' : 'No data yet.'}
          </Text>
        ) : (
          <Stack gap={8} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {rows.map((r) => (
              <li key={r.value}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" truncate title={r.value}>
                    {statsLabel(name, r.value)}
                  </Text>
                  <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {r.count.toLocaleString('en')}
                    <Text span size="xs" c="dimmed" ml={6}>
                      {r.percent}%
                    </Text>
                  </Text>
                </Group>
                <Progress value={r.percent} size="sm" mt={4} aria-label={`${statsLabel(name, r.value)}: ${r.percent}%`} />
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
