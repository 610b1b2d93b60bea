// Link details: short URL (copy, open), QR code, clicks per day (days in the viewer's time zone), top
// countries/browsers/operating systems/devices/languages/referrers, the link's settings, edit and delete; its
// History tab lists every change to it, with a Restore (link-history-card.tsx). Edit, delete and restore are for
// those who may change links in the workspace, the clicks' download for those who may export.
import { Suspense, lazy, useState } from 'react';
import { ActionIcon, Anchor, Button, Grid, Group, Paper, SimpleGrid, Skeleton, Stack, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { IconEdit, IconExternalLink, IconTrash } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { notify } from '../../components/resource-list/notify';
import { showUndoNotice } from '../operations/undo-notice';
import { linkQueries } from '../links/links.queries';
import { dateRange, shortDay } from './stats-view';
import { QrCard } from './qr-card';
import { Fact } from './fact';
import { SettingsCard } from './settings-card';
import { TopListCard } from './top-list-card';
import { StatusBadge } from '../../components/status-badge';
import { CopyButton } from '../../components/copy-button';
import { AnchorLink, ButtonLink } from '../../components/router-links';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { formatDate } from '../../components/resource-list/format';
import { SpaceSwatch } from '../spaces/space-color';
import { ClicksExportButton } from './clicks-export-button';
import { RuleStatsCard } from './rule-stats-card';
import { ImportedClicksNote } from '../analytics/imported-clicks-note';
import { importedOfLink } from '../analytics/imported-clicks';
import { Can } from '../../components/can';
import { UNDO_WINDOW_TEXT } from '../operations/undo-window';

const TOP_LISTS = [
  ['country', 'Top countries'],
  ['referrer', 'Referrers'],
  ['browser', 'Browsers'],
  ['operating_system', 'Operating systems'],
  ['device', 'Devices'],
  ['language', 'Languages'],
] as const;

const route = getRouteApi('/app/links/$linkId');

// The chart library (recharts) is the heavy part: it loads after the rest of the page.
const ClicksCard = lazy(() => import('./clicks-card').then((m) => ({ default: m.ClicksCard })));
const LinkHistoryCard = lazy(() => import('./link-history-card').then((m) => ({ default: m.LinkHistoryCard })));

export function LinkDetailsPage() {
  const { linkId } = route.useParams();
  const { days } = route.useSearch();
  const navigate = route.useNavigate();
  const { data: link } = useSuspenseQuery(linkQueries.detail(linkId));
  // "Today" is fixed when the page opens, so the query keys stay stable while it is open.
  const [today] = useState(() => new Date());
  // The viewer's zone: the chart's days and the settings' times are in it.
  const [tz] = useState(() => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  const range = dateRange(days, today, tz);
  const [confirming, setConfirming] = useState(false);
  const [tab, setTab] = useState('overview');
  const del = linkQueries.useDelete();

  const onDelete = () =>
    del.mutate(link.id, {
      onSuccess: (answer) => {
        if (answer.operation) showUndoNotice(answer.operation);
        else notify.success(`Deleted ${link.short_url}.`);
        void navigate({ to: '/links' });
      },
    });

  return (
    <Stack>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 320px' }}>
          <AnchorLink to="/links" size="sm">
            ← Links
          </AnchorLink>
          {/* The badge beside a short title, under a long one: never squeezed, never cut. */}
          <Group gap="xs">
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {link.title || link.alias}
            </Title>
            <StatusBadge link={link} />
          </Group>
          <Group gap={6} wrap="nowrap">
            <Anchor href={link.short_url} target="_blank" rel="noreferrer" fw={600} data-testid="short-url" style={{ overflowWrap: 'anywhere' }}>
              {link.short_url}
            </Anchor>
            <CopyButton value={link.short_url} label="Copy short URL" />
            <Tooltip label="Open in a new tab">
              <ActionIcon component="a" href={link.short_url} target="_blank" rel="noreferrer" variant="subtle" color="gray" size="sm" aria-label="Open the short URL in a new tab">
                <IconExternalLink size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {/* A no-break space: the arrow stays with the start of a long URL on a phone. */}
            {'→\u00a0'}
            {link.url}
          </Text>
        </Stack>
        <Group gap="xs">
          <Can scope="exports:read">
            <ClicksExportButton linkId={link.id} from={range.from} to={range.to} />
          </Can>
          <Can scope="links:write">
            <ButtonLink to="/links/$linkId/edit" params={{ linkId: link.id }} variant="light" leftSection={<IconEdit size={16} aria-hidden />}>
              Edit
            </ButtonLink>
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => {
                del.reset();
                setConfirming(true);
              }}
            >
              Delete
            </Button>
          </Can>
        </Group>
      </Group>

      <Tabs value={tab} onChange={(v) => setTab(v ?? 'overview')}>
        <Tabs.List>
          <Tabs.Tab value="overview">Overview</Tabs.Tab>
          <Tabs.Tab value="history">History</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          <Stack>
            <Grid gap="md">
              <Grid.Col span={{ base: 12, md: 8 }}>
                <Suspense fallback={<Skeleton h={340} radius="md" aria-label="Loading the chart" />}>
                  <ClicksCard linkId={link.id} from={range.from} to={range.to} tz={tz} days={days} onDays={(d) => void navigate({ search: { days: d }, replace: true })} />
                </Suspense>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <QrCard linkId={link.id} shortUrl={link.short_url} />
              </Grid.Col>
            </Grid>

            <Stack gap="xs">
              <Text size="xs" c="dimmed" data-testid="top-lists-days">
                Where the clicks came from, {shortDay(range.from)} to {shortDay(range.to)}, counted per UTC day
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
                {TOP_LISTS.map(([name, title]) => (
                  <TopListCard key={name} linkId={link.id} name={name} title={title} from={range.from} to={range.to} />
                ))}
              </SimpleGrid>
            </Stack>

            {link.targets_type && <RuleStatsCard link={link} from={range.from} to={range.to} tz={tz} />}

            <SettingsCard link={link} tz={tz} />

            <Paper withBorder p="lg">
              <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
                <Fact label="All-time clicks" testId="all-time-clicks">
                  {link.clicks.toLocaleString('en')}{link.clicks_limit ? ` of ${link.clicks_limit.toLocaleString('en')}` : ''}
                  <ImportedClicksNote imported={importedOfLink(link)} included testId="all-time-imported" />
                </Fact>
                <Fact label="Space">
                  {link.space ? (
                    <Group gap={6} wrap="nowrap">
                      <SpaceSwatch color={link.space.color} />
                      {link.space.name}
                    </Group>
                  ) : (
                    '—'
                  )}
                </Fact>
                <Fact label="Domain">{link.domain?.name ?? 'Default'}</Fact>
                <Fact label="Created">{formatDate(link.created_at)}</Fact>
              </SimpleGrid>
            </Paper>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          {/* Rendered only while open: its code and the revisions load when the tab is first chosen. */}
          {tab === 'history' && (
            <Suspense fallback={<Skeleton h={200} radius="md" aria-label="Loading the history" />}>
              <LinkHistoryCard link={link} tz={tz} />
            </Suspense>
          )}
        </Tabs.Panel>
      </Tabs>

      <ConfirmDialog
        opened={confirming}
        title="Delete this link?"
        confirmLabel="Delete link"
        onClose={() => setConfirming(false)}
        onConfirm={onDelete}
        pending={del.isPending}
        error={del.error}
      >
        {`${link.short_url} stops working and its statistics (${link.clicks.toLocaleString('en')} clicks) are deleted. ${UNDO_WINDOW_TEXT}`}
      </ConfirmDialog>
    </Stack>
  );
}
