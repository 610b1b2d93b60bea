// Targeting preview for QA: pick a visitor and see the destination and why (same code as the redirect);
// for rotations, the expected split.
import { useState } from 'react';
import { Alert, Anchor, Badge, Card, Group, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';
import { continentOf } from '../../../shared/geo-data';
import { CONTINENTS } from '../../../shared/enums';
import { BROWSER_OPTIONS, COUNTRY_OPTIONS, DEVICE_OPTIONS, LANGUAGE_OPTIONS, OS_OPTIONS, TARGETS_TYPE_LABELS, filterKeyOptions, formatShare, keyLabel } from './target-keys';
import { previewTargeting, type PreviewLink, type VisitorPick } from './preview-logic';
import type { ComboboxItem, OptionsFilter } from '@mantine/core';

const filter: OptionsFilter = ({ options, search }) => filterKeyOptions(options as ComboboxItem[], search);

export function TargetingPreview({ link }: { link: PreviewLink }) {
  const [pick, setPick] = useState<VisitorPick>({ country: null, language: null, os: null, browser: null, device: null });
  const set = (k: keyof VisitorPick) => (v: string | null) => setPick((p) => ({ ...p, [k]: v }));
  const result = previewTargeting(link, pick);
  const continent = continentOf(pick.country);

  return (
    <Card withBorder padding="md" data-testid="targeting-preview">
      <Stack gap="sm">
        <Group gap="xs">
          <IconRoute size={18} aria-hidden />
          <Title order={2} size="h4">
            Targeting preview
          </Title>
          <Badge variant="light">{link.targets_type ? TARGETS_TYPE_LABELS[link.targets_type] : 'No targeting'}</Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Pick a visitor to see where the saved link sends them. This uses the same matching code as the redirect.
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <Select label="Country" placeholder="Unknown" data={COUNTRY_OPTIONS} value={pick.country} onChange={set('country')} searchable clearable filter={filter} />
          <Select label="Language" placeholder="Unknown" data={LANGUAGE_OPTIONS} value={pick.language} onChange={set('language')} searchable clearable filter={filter} />
          <Select label="Operating system" placeholder="Unknown" data={OS_OPTIONS} value={pick.os} onChange={set('os')} clearable />
          <Select label="Browser" placeholder="Unknown" data={BROWSER_OPTIONS} value={pick.browser} onChange={set('browser')} searchable clearable />
          <Select label="Device" placeholder="Unknown" data={DEVICE_OPTIONS} value={pick.device} onChange={set('device')} clearable />
        </SimpleGrid>
        {continent && (
          <Text size="xs" c="dimmed">
            Continent from the country: {CONTINENTS[continent]} ({continent})
          </Text>
        )}
        {result.rotation ? (
          <Stack gap="xs" data-testid="preview-rotation">
            <Text size="sm">Rotations split visits by weight (smooth round-robin), whoever the visitor is:</Text>
            <Table.ScrollContainer minWidth={420}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Rule</Table.Th>
                    <Table.Th>Destination</Table.Th>
                    <Table.Th>Weight</Table.Th>
                    <Table.Th>Expected share</Table.Th>
                    <Table.Th>Of the next {result.rotation.sequence.length} visits</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.rotation.rows.map((r) => (
                    <Table.Tr key={r.index}>
                      <Table.Td>{r.index + 1}</Table.Td>
                      <Table.Td style={{ wordBreak: 'break-all' }}>{r.destination}</Table.Td>
                      <Table.Td>{keyLabel('rotations', link.targets[r.index]?.key ?? '')}</Table.Td>
                      <Table.Td>{formatShare(r.share)}</Table.Td>
                      <Table.Td>{r.visits}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        ) : (
          <Alert variant="light" color={result.match.index >= 0 ? 'teal' : 'gray'} title="This visitor goes to" data-testid="preview-result" role="status">
            <Stack gap={4}>
              <Anchor href={result.match.destination} target="_blank" rel="noreferrer" c="inherit" fw={600} underline="always" style={{ wordBreak: 'break-all' }} data-testid="preview-destination">
                {result.match.destination}
              </Anchor>
              <Text size="sm" data-testid="preview-reason">
                {result.match.reason}
                {result.match.index >= 0 && link.targets_type ? ` (${keyLabel(link.targets_type, link.targets[result.match.index]?.key ?? '')})` : ''}
              </Text>
            </Stack>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
