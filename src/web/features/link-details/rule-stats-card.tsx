// Per-rule statistics on a link's details page (links with targets): which rule served how many of the
// period's clicks; for a rotation, each variant's planned share beside the observed one.
import { Group, Paper, Progress, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Link } from '../../../shared/link.schema';
import { ErrorState } from '../../components/states';
import { analyticsQueryOptions } from '../analytics/analytics.queries';
import { ruleShares } from './rule-shares';
import { shortDay } from './stats-view';

const pct = (x: number) => `${(x * 100).toFixed(x > 0 && x < 0.1 ? 1 : 0)}%`;

export function RuleStatsCard({ link, from, to, tz }: { link: Link; from: string; to: string; tz: string }) {
  const q = useQuery(analyticsQueryOptions({ from, to, tz, group_by: 'target', limit: 100 }, link.id));
  if (!link.targets_type) return null;
  const rotation = link.targets_type === 'rotations';
  const d = q.data?.data;
  const rows = d ? ruleShares(link.targets_type, link.targets, link.url, d.groups ?? [], d.totals.clicks) : [];
  return (
    <Paper withBorder p="lg" data-testid="rule-stats">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            {rotation ? 'Rotation: planned and observed' : 'Clicks per rule'}
          </Title>
          <Text size="xs" c="dimmed">
            {rotation ? 'Each variant\'s share of the clicks against its weight' : 'Which targeting rule served each click'}, {shortDay(from)} to {shortDay(to)}
            {d ? ` · ${d.totals.clicks.toLocaleString('en')} clicks` : ''}
          </Text>
        </div>
        {q.isError && !d ? (
          <ErrorState error={q.error} onRetry={() => void q.refetch()} title="Could not load the rules' clicks" />
        ) : !d ? (
          <Skeleton h={120} aria-label="Loading the rules' clicks" />
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{rotation ? 'Variant' : 'Rule'}</Table.Th>
                  <Table.Th ta="right">Clicks</Table.Th>
                  {rotation && <Table.Th ta="right">Planned</Table.Th>}
                  <Table.Th w="35%">{rotation ? 'Observed' : 'Share'}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.value} data-value={r.value} data-clicks={r.clicks}>
                    <Table.Td maw={360}>
                      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {r.label}
                      </Text>
                      {r.destination && (
                        <Text size="xs" c="dimmed" truncate="end" title={r.destination}>
                          → {r.destination}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{r.clicks.toLocaleString('en')}</Table.Td>
                    {rotation && (
                      <Table.Td ta="right" data-testid="planned">
                        {r.planned === undefined ? '—' : pct(r.planned)}
                      </Table.Td>
                    )}
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Progress value={r.share * 100} flex={1} aria-label={`${r.label}: ${pct(r.share)} of the clicks`} />
                        <Text size="xs" w={44} ta="right" data-testid="observed">
                          {pct(r.share)}
                        </Text>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
