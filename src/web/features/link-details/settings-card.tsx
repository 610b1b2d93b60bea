// The link's settings at a glance: active period (in the viewer's zone, with its state), what happens
// after it, clicks limit, visit password (set or not: never the password), warning page, pixels,
// targeting, and who may see the public statistics page, with a link to it when someone can open it.
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { Link } from '../../../shared/link.schema';
import { Fact } from './fact';
import { PERIOD_LABEL, PRIVACY_LABEL, clicksLimitText, formatInZone, periodState, publicStatsUrl, targetingText } from './settings-view';

const PERIOD_COLOR = { always: 'gray', scheduled: 'blue', running: 'green', ended: 'orange' } as const;

export function SettingsCard({ link, tz }: { link: Link; tz: string }) {
  const period = periodState(link);
  const statsUrl = publicStatsUrl(link);
  const hasPeriod = period !== 'always';

  return (
    <Paper withBorder p="lg" data-testid="link-settings">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            Settings
          </Title>
          <Text size="xs" c="dimmed">
            Times in {tz}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="lg" verticalSpacing="md">
          <Fact label="Active period" testId="setting-period">
            <Stack gap={4}>
              <Badge variant="light" color={PERIOD_COLOR[period]} style={{ alignSelf: 'flex-start' }}>
                {PERIOD_LABEL[period]}
              </Badge>
              {hasPeriod && (
                <Text size="sm">
                  {link.active_period_start_at ? `From ${formatInZone(link.active_period_start_at, tz)}` : 'From creation'}
                  <br />
                  {link.active_period_end_at ? `Until ${formatInZone(link.active_period_end_at, tz)}` : 'No end'}
                </Text>
              )}
            </Stack>
          </Fact>
          <Fact label="Outside the period or past the limit" testId="setting-expiration">
            {link.expiration_url ? (
              <Anchor href={link.expiration_url} target="_blank" rel="noreferrer" size="sm">
                {link.expiration_url}
              </Anchor>
            ) : (
              'A page saying the link expired'
            )}
          </Fact>
          <Fact label="Clicks limit" testId="setting-limit">
            {clicksLimitText(link)}
          </Fact>
          <Fact label="Password to visit" testId="setting-password">
            {link.redirect_password ? 'Yes: visitors type a password first' : 'No'}
          </Fact>
          <Fact label="Warning page" testId="setting-warning">
            {link.sensitive_content ? 'Yes: visitors confirm first' : 'No'}
          </Fact>
          <Fact label={`Pixels (${link.pixels.length})`} testId="setting-pixels">
            {link.pixels.length ? link.pixels.map((p) => p.name).join(', ') : 'None'}
          </Fact>
          <Fact label="Targeting" testId="setting-targets">
            {targetingText(link)}
          </Fact>
          <Fact label="Public statistics" testId="setting-privacy">
            <Stack gap={4}>
              <span>{PRIVACY_LABEL[link.privacy]}</span>
              {statsUrl ? (
                <Anchor href={statsUrl} target="_blank" rel="noreferrer" size="sm" data-testid="public-stats-link" aria-label="Open the public statistics page in a new tab">
                  <Group gap={4} wrap="nowrap" component="span">
                    Open the public statistics page
                    <IconExternalLink size={14} aria-hidden />
                  </Group>
                </Anchor>
              ) : link.privacy !== 1 ? (
                <Text size="sm" c="dimmed">
                  Not shown while the link is disabled.
                </Text>
              ) : null}
            </Stack>
          </Fact>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
