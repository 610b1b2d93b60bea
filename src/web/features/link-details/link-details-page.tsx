// Link details: short URL (copy, open), QR code, clicks per day, top countries/browsers/devices/referrers,
// edit and delete (with confirmation).
import { Suspense, lazy, useState, type ReactNode } from 'react';
import { ActionIcon, Anchor, Badge, Button, Grid, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconEdit, IconExternalLink, IconTrash } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { notify } from '../../components/resource-list/notify';
import { linkDetailsRoute } from '../../routes/link-details';
import { linkQueryOptions, useDeleteLink } from '../links/links.queries';
import { clicksPerDayQueryOptions } from './link-details.queries';
import { dateRange, totalClicks } from './stats-view';
import { QrCard } from './qr-card';
import { TopListCard } from './top-list-card';
import { StatusBadge } from '../../components/status-badge';
import { CopyButton } from '../../components/copy-button';
import { AnchorLink, ButtonLink } from '../../components/router-links';
import { ConfirmDialog } from '../../components/resource-list/confirm-dialog';
import { formatDate } from '../../components/resource-list/format';
import { SpaceSwatch } from '../spaces/space-color';

// The chart library (recharts) is the heavy part: it loads after the rest of the page.
const ClicksCard = lazy(() => import('./clicks-card').then((m) => ({ default: m.ClicksCard })));

export function LinkDetailsPage() {
  const { linkId } = linkDetailsRoute.useParams();
  const { days } = linkDetailsRoute.useSearch();
  const navigate = linkDetailsRoute.useNavigate();
  const { data: link } = useSuspenseQuery(linkQueryOptions(linkId));
  // "Today" is fixed when the page opens, so the query keys stay stable while it is open.
  const [today] = useState(() => new Date());
  const range = dateRange(days, today);
  const clicks = useQuery(clicksPerDayQueryOptions(link.id, range.from, range.to));
  const total = totalClicks(clicks.data ?? []);
  const [confirming, setConfirming] = useState(false);
  const del = useDeleteLink();

  const onDelete = () =>
    del.mutate(link.id, {
      onSuccess: () => {
        notify.success(`Deleted ${link.short_url}.`);
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
            → {link.url}
          </Text>
        </Stack>
        <Group gap="xs">
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
        </Group>
      </Group>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Suspense fallback={<Skeleton h={340} radius="md" aria-label="Loading the chart" />}>
            <ClicksCard linkId={link.id} from={range.from} to={range.to} days={days} onDays={(d) => void navigate({ search: { days: d }, replace: true })} />
          </Suspense>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <QrCard shortUrl={link.short_url} />
        </Grid.Col>
      </Grid>

      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        <TopListCard linkId={link.id} name="country" title="Top countries" from={range.from} to={range.to} total={total} />
        <TopListCard linkId={link.id} name="browser" title="Browsers" from={range.from} to={range.to} total={total} />
        <TopListCard linkId={link.id} name="device" title="Devices" from={range.from} to={range.to} total={total} />
        <TopListCard linkId={link.id} name="referrer" title="Referrers" from={range.from} to={range.to} total={total} />
      </SimpleGrid>

      <Paper withBorder p="lg">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <Fact label="All-time clicks">{link.clicks.toLocaleString('en')}{link.clicks_limit ? ` of ${link.clicks_limit.toLocaleString('en')}` : ''}</Fact>
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
        {(link.targets.length > 0 || link.pixels.length > 0) && (
          <Group gap="xs" mt="md">
            {link.targets_type && link.targets.length > 0 && (
              <Badge variant="light">
                {link.targets.length} {link.targets_type} target{link.targets.length === 1 ? '' : 's'}
              </Badge>
            )}
            {link.pixels.map((p) => (
              <Badge key={p.id} variant="outline" color="gray">
                {p.name}
              </Badge>
            ))}
          </Group>
        )}
      </Paper>

      <ConfirmDialog
        opened={confirming}
        title="Delete this link?"
        confirmLabel="Delete link"
        onClose={() => setConfirming(false)}
        onConfirm={onDelete}
        pending={del.isPending}
        error={del.error}
      >
        {`${link.short_url} stops working and its statistics (${link.clicks.toLocaleString('en')} clicks) are deleted. This cannot be undone.`}
      </ConfirmDialog>
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text component="div" size="sm" fw={500}>
        {children}
      </Text>
    </Stack>
  );
}
