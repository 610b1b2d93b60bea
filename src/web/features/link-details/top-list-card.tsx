// One "top" list of the stats API (countries, browsers, operating systems, devices, languages, referrers):
// the top values, the clicks without a value ("Direct" for referrers) and "Others", from the
// answer's totals, each with its share of all clicks of those days.
import { Group, Paper, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../components/states';
import { CountryFlag } from '../../components/country-flag';
import type { StatsName } from '../../../shared/enums';
import { topStatsQueryOptions } from './link-details.queries';
import { topRows } from './stats-view';

export function TopListCard({
  linkId,
  name,
  title,
  from,
  to,
}: {
  linkId: number;
  name: Exclude<StatsName, 'clicks'>;
  title: string;
  from: string;
  to: string;
}) {
  const q = useQuery(topStatsQueryOptions(linkId, name, from, to));
  const totals = q.data?.totals;
  const rows = topRows(name, q.data?.data ?? [], totals);
  const clicks = totals?.clicks ?? 0;
  // Nothing known at all (local visitors have no country): said in words, not as one "Unknown" bar.
  const noneKnown = name !== 'referrer' && clicks > 0 && totals?.with_value === 0;

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
        ) : rows.length === 0 || noneKnown ? (
          <Text size="sm" c="dimmed">
            {clicks > 0 ? 'Not known for these clicks.' : 'No data yet.'}
          </Text>
        ) : (
          <Stack gap={8} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {rows.map((r) => (
              <li key={r.key} data-kind={r.kind} data-count={r.count}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" truncate title={r.label} fs={r.kind === 'value' ? undefined : 'italic'}>
                    {name === 'country' && r.kind === 'value' && <CountryFlag code={r.key.slice(2) /* `v:DE` (topRows) */} space />}
                    {r.label}
                  </Text>
                  <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {r.count.toLocaleString('en')}
                    <Text span size="xs" c="dimmed" ml={6}>
                      {r.percent}%
                    </Text>
                  </Text>
                </Group>
                <Progress
                  value={r.percent}
                  size="sm"
                  mt={4}
                  color={r.kind === 'value' ? undefined : 'gray.6'}
                  aria-label={`${r.label}: ${r.count.toLocaleString('en')} clicks, ${r.percent}%`}
                />
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
