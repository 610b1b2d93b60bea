// A card of top lists, one tab per dimension: each row is its value's clicks with a bar of its share (and the
// change against the previous period when compared); clicking a row filters the whole page by it. The clicks
// without a value ("Direct" for referrers) stand among the values and "Others" last, so that the shares add
// up to 100 %. Links are named by their short URL and title.
import { Group, Paper, ScrollArea, Skeleton, Stack, Tabs, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AnalyticsDimension } from '../../../shared/analytics.schema';
import { ErrorState } from '../../components/states';
import { CountryFlag } from '../../components/country-flag';
import { analyticsQueryOptions, groupQuery, type AnalyticsApiQuery } from './analytics.queries';
import { changeText } from './analytics-url';
import { rowText, rowsOf } from './dimension-rows';
import classes from './dimension-card.module.css';

export interface CardSpec {
  id: string;
  title: string;
  tabs: readonly (readonly [AnalyticsDimension, string])[];
}

export const CARDS: readonly CardSpec[] = [
  { id: 'locations', title: 'Locations', tabs: [['country', 'Countries'], ['continent', 'Continents'], ['language', 'Languages']] },
  { id: 'technology', title: 'Technology', tabs: [['browser', 'Browsers'], ['os', 'OS'], ['device', 'Devices']] },
  {
    id: 'sources',
    title: 'Traffic sources',
    tabs: [['referrer', 'Referrers'], ['utm_source', 'Source'], ['utm_medium', 'Medium'], ['utm_campaign', 'Campaign'], ['utm_term', 'Term'], ['utm_content', 'Content']],
  },
  { id: 'links', title: 'Links', tabs: [['link', 'Links'], ['target', 'Rules'], ['space', 'Spaces'], ['domain', 'Domains']] },
];

export interface DimensionCardProps {
  spec: CardSpec;
  tab: AnalyticsDimension;
  onTab: (d: AnalyticsDimension) => void;
  query: AnalyticsApiQuery;
  /** The value this dimension is filtered by, if any. */
  selected: string | undefined;
  onFilter: (d: AnalyticsDimension, value: string) => void;
}

export function DimensionCard({ spec, tab, onTab, query, selected, onFilter }: DimensionCardProps) {
  const q = useQuery(analyticsQueryOptions(groupQuery(query, tab)));
  const d = q.data?.data;
  const rows = d ? rowsOf(tab, d, d.previous?.groups) : [];
  // Of the rows' days (a list counts UTC days, the totals the asked zone's): the shares add up to 100 %.
  const total = rows.reduce((n, r) => n + r.count, 0);
  const unique = query.unique === 1;
  return (
    <Paper withBorder p="md" data-testid={`card-${spec.id}`}>
      <Stack gap="xs">
        <Title order={2} size="h5">
          {spec.title}
        </Title>
        <Tabs value={tab} onChange={(v) => v && onTab(v as AnalyticsDimension)} variant="pills" radius="sm">
          <ScrollArea type="never">
            <Tabs.List style={{ flexWrap: 'nowrap' }}>
              {spec.tabs.map(([dim, label]) => (
                <Tabs.Tab key={dim} value={dim} size="xs">
                  {label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </ScrollArea>
        </Tabs>
        {q.isError && !d ? (
          <ErrorState error={q.error} onRetry={() => void q.refetch()} title="Could not load the list" />
        ) : !d ? (
          <Skeleton h={180} aria-label="Loading the list" />
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed" py="md" ta="center">
            No clicks in this period.
          </Text>
        ) : (
          <ul className={classes.list} data-testid={`top-${tab}`} aria-label={`${spec.tabs.find(([t]) => t === tab)?.[1] ?? tab} by clicks`}>
            {rows.map((r) => {
              const share = total ? r.count / total : 0;
              const active = r.kind === 'value' && selected !== undefined && selected === r.value;
              const name = rowText(r);
              const content = (
                <>
                  <span className={classes.bar} style={{ width: `${Math.max(share * 100, 0.5)}%` }} aria-hidden />
                  <Group justify="space-between" wrap="nowrap" gap="xs" className={classes.content}>
                    <div className={classes.name} title={name}>
                      <Text size="sm" truncate="end" fw={active ? 700 : undefined} fs={r.kind === 'value' ? undefined : 'italic'}>
                        {tab === 'country' && r.kind === 'value' && <CountryFlag code={r.value} space />}
                      {r.label}
                      </Text>
                      {/* A link's title under its short URL: both stay in sight, however narrow the card. */}
                      {r.title && (
                        <Text size="xs" truncate="end" className={classes.dim} data-testid="row-title">
                          {r.title}
                        </Text>
                      )}
                    </div>
                    <Group gap={8} wrap="nowrap">
                      {r.previous !== undefined && (
                        <Text size="xs" className={classes.dim} data-testid="row-change" visibleFrom="xs" style={{ whiteSpace: 'nowrap' }}>
                          {changeText(r.count, r.previous)}
                        </Text>
                      )}
                      {unique && r.uniques !== undefined && (
                        <Text size="xs" className={classes.dim} visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                          {r.uniques.toLocaleString('en')} unique
                        </Text>
                      )}
                      <Text size="sm" fw={600} miw={32} ta="right">
                        {r.count.toLocaleString('en')}
                      </Text>
                      <Text size="xs" className={classes.dim} miw={40} ta="right">
                        {(share * 100).toFixed(share >= 0.1 || share === 0 ? 0 : 1)}%
                      </Text>
                    </Group>
                  </Group>
                </>
              );
              return (
                <li key={`${r.kind}:${r.value}`} data-value={r.value} data-kind={r.kind} data-clicks={r.count}>
                  {r.kind !== 'value' ? (
                    <div className={classes.row}>{content}</div>
                  ) : (
                    <UnstyledButton
                      className={classes.row}
                      aria-pressed={active}
                      aria-label={`${name}: ${r.count} clicks. Filter by it`}
                      onClick={() => onFilter(tab, r.value)}
                    >
                      {content}
                    </UnstyledButton>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </Stack>
    </Paper>
  );
}
