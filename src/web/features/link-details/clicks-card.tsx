// Clicks per day over the chosen range (Mantine AreaChart), with the total and the busiest day. The days
// are the viewer's (the API's tz), and the card names the zone they are in. Clicks imported from another
// shortener are noted under the total, apart (they have no dates).
import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { Group, Paper, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../components/states';
import { ImportedClicksNote } from '../analytics/imported-clicks-note';
import { clicksPerDayQueryOptions, qrSplitQueryOptions } from './link-details.queries';
import { RANGE_DAYS, peakDay, shortDay, totalClicks, type RangeDays } from './stats-view';

export function ClicksCard({
  linkId,
  from,
  to,
  tz,
  days,
  onDays,
}: {
  linkId: number;
  from: string;
  to: string;
  /** The viewer's IANA time zone. */
  tz: string;
  days: RangeDays;
  onDays: (d: RangeDays) => void;
}) {
  const q = useQuery(clicksPerDayQueryOptions(linkId, from, to, tz));
  // The QR card says scans are counted apart: the split of the same days.
  const split = useQuery(qrSplitQueryOptions(linkId, from, to, tz)).data;
  const rows = q.data?.data ?? [];
  const zone = q.data?.time_zone ?? tz;
  const total = totalClicks(rows);
  const peak = peakDay(rows);
  const data = rows.map((r) => ({ day: shortDay(r.date), Clicks: r.count }));

  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Title order={2} size="h4">
              Clicks per day
            </Title>
            <Text size="xs" c="dimmed" data-testid="clicks-zone">
              Days in {zone}
              {zone !== tz ? ' (clicks this old are kept per UTC day)' : ''}
            </Text>
          </div>
          <SegmentedControl
            size="xs"
            aria-label="Date range"
            value={String(days)}
            onChange={(v) => onDays(Number(v) as RangeDays)}
            data={RANGE_DAYS.map((d) => ({ value: String(d), label: `${d} days` }))}
          />
        </Group>
        {q.isError ? (
          <ErrorState error={q.error} onRetry={() => void q.refetch()} title="Could not load clicks" />
        ) : q.isPending ? (
          <Skeleton h={240} aria-label="Loading clicks" />
        ) : (
          <>
            <Group gap="xl">
              <div>
                <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                  Total
                </Text>
                <Text fw={700} size="xl" data-testid="clicks-total">
                  {total.toLocaleString('en')}
                </Text>
                <ImportedClicksNote imported={q.data?.imported} testId="clicks-imported" />
              </div>
              {split && (
                <div data-testid="clicks-split">
                  <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                    QR scans · Direct
                  </Text>
                  <Text fw={600} data-testid="clicks-qr">
                    {split.qr_scans.toLocaleString('en')} · {(split.clicks - split.qr_scans).toLocaleString('en')}
                  </Text>
                </div>
              )}
              <div>
                <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                  Busiest day
                </Text>
                <Text fw={600} data-testid="clicks-peak">{peak ? `${shortDay(peak.date)} (${peak.count.toLocaleString('en')})` : '—'}</Text>
              </div>
            </Group>
            {total === 0 ? (
              <Text c="dimmed" size="sm" py="xl" ta="center" data-testid="clicks-empty">
                No clicks between {shortDay(from)} and {shortDay(to)}. Share the short URL and they will show up here.
              </Text>
            ) : (
              <div role="img" aria-label={`Clicks per day from ${from} to ${to} (days in ${zone}): ${total} in total`} data-testid="clicks-chart">
                <AreaChart
                  h={240}
                  data={data}
                  dataKey="day"
                  series={[{ name: 'Clicks', color: 'indigo.6' }]}
                  curveType="monotone"
                  withDots={rows.length <= 14}
                  tickLine="none"
                  gridAxis="y"
                  yAxisProps={{ allowDecimals: false, width: 40 }}
                />
              </div>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
