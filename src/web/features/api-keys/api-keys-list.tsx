// The workspace's API keys: name, the key's first characters, its scopes as badges, when it expires, when it was
// last used, whose it is, and Revoke for whoever may. A table on wide screens, cards on a phone. Names are text.
import { Badge, Button, Code, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { CardsOrTable } from '../../components/cards-or-table';
import { DeferredTooltip } from '../../components/deferred-tooltip';
import { formatDateTime, formatRelative } from '../../components/resource-list/format';
import { expiryWords } from '../workspaces/invitations-text';
import { inScopeOrder } from './api-key-scopes';
import type { WorkspaceApiKey } from '../../../shared/api-key.schema';

export interface ApiKeysListProps {
  rows: WorkspaceApiKey[];
  now: number;
  loading: boolean;
  /** Whether you may revoke this key. */
  canRevoke: (key: WorkspaceApiKey) => boolean;
  onRevoke: (key: WorkspaceApiKey) => void;
}

function Scopes({ k }: { k: WorkspaceApiKey }) {
  return (
    <Group gap={4} wrap="wrap" data-testid="key-scopes" aria-label="Scopes">
      {inScopeOrder(k.scopes).map((s) => (
        <Badge key={s} size="sm" variant="light" color={s.endsWith(':read') ? 'gray' : 'indigo'} tt="none" ff="monospace">
          {s}
        </Badge>
      ))}
    </Group>
  );
}

function When({ iso, words }: { iso: string | null; words: string }) {
  if (!iso) return <Text size="sm">{words}</Text>;
  return (
    <DeferredTooltip label={formatDateTime(iso)} describes>
      <Text size="sm" component="time" dateTime={iso}>
        {words}
      </Text>
    </DeferredTooltip>
  );
}

const Expires = ({ k, now }: { k: WorkspaceApiKey; now: number }) => <When iso={k.expires_at} words={expiryWords(k.expires_at, now)} />;
const LastUsed = ({ k, now }: { k: WorkspaceApiKey; now: number }) => (
  <When iso={k.last_used_at} words={k.last_used_at ? `Used ${formatRelative(k.last_used_at, now)}` : 'Never used'} />
);

function Name({ k }: { k: WorkspaceApiKey }) {
  return (
    <Stack gap={2}>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="key-name">
        {k.name}
      </Text>
      {k.prefix && (
        <Code style={{ alignSelf: 'flex-start' }} data-testid="key-prefix">
          {k.prefix}…
        </Code>
      )}
    </Stack>
  );
}

export function ApiKeysList({ rows, now, loading, canRevoke, onRevoke }: ApiKeysListProps) {
  const revoke = (k: WorkspaceApiKey) =>
    canRevoke(k) ? (
      <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={() => onRevoke(k)} aria-label={`Revoke ${k.name}`}>
        Revoke
      </Button>
    ) : null;
  const owner = (k: WorkspaceApiKey) => (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="key-owner">
      {k.user.name}
    </Text>
  );
  const attrs = (k: WorkspaceApiKey) => ({ 'data-testid': 'key-row', 'data-id': k.id });
  return (
    <CardsOrTable
      items={rows}
      label="API keys"
      loading={loading}
      keyOf={(k) => k.id}
      itemProps={attrs}
      minWidth={860}
      card={(k) => (
        <Stack gap="xs">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Name k={k} />
            {revoke(k)}
          </Group>
          <Scopes k={k} />
          <Group gap="xs" wrap="wrap">
            <Expires k={k} now={now} />
            <Text size="sm" c="dimmed" aria-hidden>
              ·
            </Text>
            <LastUsed k={k} now={now} />
          </Group>
          <Group gap={4}>
            <Text size="sm" c="dimmed">
              Owner:
            </Text>
            {owner(k)}
          </Group>
        </Stack>
      )}
      head={
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="20%">Name</Table.Th>
            <Table.Th>Scopes</Table.Th>
            <Table.Th w={150}>Expires</Table.Th>
            <Table.Th w={140}>Last used</Table.Th>
            <Table.Th w="14%">Owner</Table.Th>
            <Table.Th w={110}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
      }
      rows={(k) => (
        <Table.Tr key={k.id} {...attrs(k)}>
          <Table.Td>
            <Name k={k} />
          </Table.Td>
          <Table.Td>
            <Scopes k={k} />
          </Table.Td>
          <Table.Td>
            <Expires k={k} now={now} />
          </Table.Td>
          <Table.Td>
            <LastUsed k={k} now={now} />
          </Table.Td>
          <Table.Td>{owner(k)}</Table.Td>
          <Table.Td ta="right">{revoke(k)}</Table.Td>
        </Table.Tr>
      )}
    />
  );
}
