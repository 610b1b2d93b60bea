// The time series: totals (with the previous period and the change in percent when compared), split into QR
// scans and direct clicks, and a bar per bucket, the previous period's bar beside it. Clicking a bar narrows
// the page to that bucket. Clicks imported from another shortener are noted under the total, never in it
// (they have no dates).
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { AnalyticsBody, AnalyticsInterval } from '../../../shared/analytics.schema';
import { ErrorState } from '../../components/states';
import { QR_LABELS, changePercent, changeText } from './analytics-url';
import { chartRows } from './series-view';
import { ImportedClicksNote } from './imported-clicks-note';
import classes from './series-card.module.css';

function Total({ label, hint, value, previous, testId }: { label: string; hint?: string; value: number; previous?: number; testId: string }) {
  const pct = previous === undefined ? 0 : changePercent(value, previous);
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} title={hint}>
        {label}
      </Text>
      <Group gap={8} align="baseline">
        <Text fw={700} size="xl" data-testid={testId}>
          {value.toLocaleString('en')}
        </Text>
        {previous !== undefined && (
          <Text size="sm" fw={600} className={pct === null || pct > 0 ? classes.up : pct < 0 ? classes.down : undefined} c={pct === 0 ? 'dimmed' : undefined} data-testid={`${testId}-change`}>
            {changeText(value, previous)}
          </Text>
        )}
      </Group>
      {previous !== undefined && (
        <Text size="xs" c="dimmed" data-testid={`${testId}-previous`}>
          {previous.toLocaleString('en')} the period before
        </Text>
      )}
    </div>
  );
}

export interface SeriesCardProps {
  body: AnalyticsBody | undefined;
  error: Error | null;
  onRetry: () => void;
  interval: AnalyticsInterval;
  unique: boolean;
  onBucket: (start: string) => void;
}

export function SeriesCard({ body, error, onRetry, interval, unique, onBucket }: SeriesCardProps) {
  if (error && !body) return <ErrorState error={error} onRetry={onRetry} title="Could not load the clicks" />;
  if (!body) return <Skeleton h={340} radius="md" aria-label="Loading the clicks" />;
  const d = body.data;
  const prev = d.previous;
  const rows = chartRows(d, interval, prev, unique);
  const series = [
    { name: 'Clicks', color: 'indigo.6' },
    ...(unique ? [{ name: 'Visitors', label: 'Unique visitors', color: 'teal.6' }] : []),
    ...(prev ? [{ name: 'Previous', label: 'Previous period', color: 'gray.5' }] : []),
  ];
  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={2} size="h4">
              Clicks per {interval}
            </Title>
            <Text size="xs" c="dimmed" data-testid="analytics-zone">
              {d.from} to {d.to}, in {d.time_zone}
              {prev ? ` · compared with ${prev.from} to ${prev.to}` : ''}
            </Text>
          </div>
          <Group gap="xl">
            <Stack gap={2}>
              <Total label="Clicks" value={d.totals.clicks} previous={prev?.totals.clicks} testId="analytics-total" />
              <ImportedClicksNote imported={d.imported} testId="analytics-imported" />
            </Stack>
            {unique && <Total label="Unique visitors" value={d.totals.uniques ?? 0} previous={prev ? (prev.totals.uniques ?? 0) : undefined} testId="analytics-uniques" />}
            <Total label={QR_LABELS.qr} value={d.totals.qr_scans} previous={prev?.totals.qr_scans} testId="analytics-qr" />
            <Total
              label={QR_LABELS.direct}
              hint={QR_LABELS.directHint}
              value={d.totals.clicks - d.totals.qr_scans}
              previous={prev ? prev.totals.clicks - prev.totals.qr_scans : undefined}
              testId="analytics-direct"
            />
          </Group>
        </Group>
        {d.totals.clicks === 0 && !prev?.totals.clicks ? (
          <Text c="dimmed" size="sm" py="xl" ta="center" data-testid="analytics-empty">
            No clicks in this period{d.group_by ? '' : ' with these filters'}.
          </Text>
        ) : (
          <div role="img" aria-label={`Clicks per ${interval} from ${d.from} to ${d.to}: ${d.totals.clicks} in total${prev ? `, ${prev.totals.clicks} the period before` : ''}`} data-testid="analytics-chart">
            <BarChart
              h={260}
              data={rows}
              dataKey="bucket"
              series={series}
              withLegend={series.length > 1}
              tickLine="none"
              gridAxis="y"
              yAxisProps={{ allowDecimals: false, width: 40 }}
              barProps={{ cursor: interval === 'hour' ? undefined : 'pointer', onClick: (_data: unknown, index: number) => rows[index] && onBucket(rows[index].start) }}
            />
          </div>
        )}
      </Stack>
    </Paper>
  );
}
