// The audit log's entries: a table on wide screens, cards on a phone (one or the other). Each says when (how long
// ago; the exact time on hover and to screen readers), who, through what (the dashboard or an API key) and the change
// in words, with what it acted on (linked while it exists). A person, a key and an object are also filters: choosing
// one shows only their entries. Everything is text (names and summaries are what the account typed).
import { ActionIcon, Anchor, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconFilter, IconKey, IconLayoutDashboard } from '@tabler/icons-react';
import type { AuditEntry, AuditLogQuery } from '../../../shared/audit.schema';
import { AUDIT_OBJECT_WORDS } from '../../../shared/objects/audit.object';
import { CardsOrTable } from '../../components/cards-or-table';
import { DeferredTooltip } from '../../components/deferred-tooltip';
import { formatDateTime, formatRelative } from '../../components/resource-list/format';
import { AuditObjectLink } from './audit-object-link';
import { keyLabel } from './audit-text';

type OnFilter = (patch: Partial<AuditLogQuery>) => void;

function When({ e, now }: { e: AuditEntry; now: number }) {
  return (
    <DeferredTooltip label={formatDateTime(e.at)} describes>
      <Text size="sm" component="time" dateTime={e.at} style={{ whiteSpace: 'nowrap' }} data-testid="audit-when">
        {formatRelative(e.at, now)}
      </Text>
    </DeferredTooltip>
  );
}

function Who({ e, onFilter }: { e: AuditEntry; onFilter: OnFilter }) {
  if (e.actor_user_id === null) {
    return (
      <Text size="sm" data-testid="audit-who">
        {e.actor_name}{' '}
        <Text span size="xs" c="dimmed">
          (deleted user)
        </Text>
      </Text>
    );
  }
  const id = e.actor_user_id;
  return (
    <Anchor component="button" type="button" size="sm" fw={500} ta="start" style={{ overflowWrap: 'anywhere' }} data-testid="audit-who" onClick={() => onFilter({ actor_user_id: id })}>
      <VisuallyHidden>Show only changes by </VisuallyHidden>
      {e.actor_name}
    </Anchor>
  );
}

function Through({ e, onFilter }: { e: AuditEntry; onFilter: OnFilter }) {
  if (e.via === 'dashboard') {
    return (
      <Group gap={6} wrap="nowrap" data-testid="audit-through">
        <IconLayoutDashboard size={16} aria-hidden style={{ flexShrink: 0 }} />
        <Text size="sm">Dashboard</Text>
      </Group>
    );
  }
  const id = e.key_id;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="audit-through">
      <IconKey size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        API key{' '}
        {id === null ? (
          keyLabel(e)
        ) : (
          <Anchor component="button" type="button" size="sm" ta="start" onClick={() => onFilter({ via: 'api', key_id: id })}>
            <VisuallyHidden>Show only changes with the key </VisuallyHidden>
            {keyLabel(e)}
          </Anchor>
        )}
      </Text>
    </Group>
  );
}

function What({ e, onFilter }: { e: AuditEntry; onFilter: OnFilter }) {
  const id = e.object_id;
  return (
    <Stack gap={4}>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="audit-summary">
        {e.summary}
      </Text>
      <Group gap={8} wrap="wrap" align="center">
        {id !== null && <AuditObjectLink object={e.object} id={id} />}
        {id !== null && (
          <DeferredTooltip label={`All changes to this ${AUDIT_OBJECT_WORDS[e.object]}`}>
            <ActionIcon size="sm" variant="subtle" color="gray" aria-label={`All changes to ${AUDIT_OBJECT_WORDS[e.object]} #${id}`} onClick={() => onFilter({ object: e.object, object_id: id })}>
              <IconFilter size={14} aria-hidden />
            </ActionIcon>
          </DeferredTooltip>
        )}
        <Text size="xs" c="dimmed" ff="monospace" data-testid="audit-action">
          {e.action}
        </Text>
      </Group>
    </Stack>
  );
}

function Workspace({ e }: { e: AuditEntry & { workspace_id?: number | null } }) {
  return (
    <Text size="sm" c={e.workspace_id == null ? 'dimmed' : undefined} data-testid="audit-workspace">
      {e.workspace_id == null ? 'Instance' : `Workspace #${e.workspace_id}`}
    </Text>
  );
}

export interface AuditListProps {
  rows: (AuditEntry & { workspace_id?: number | null })[];
  /** The instance log: a Workspace column (and line on a phone). */
  withWorkspace?: boolean;
  now: number;
  loading: boolean;
  onFilter: OnFilter;
}

export function AuditList({ rows, now, loading, onFilter, withWorkspace = false }: AuditListProps) {
  const attrs = (e: AuditEntry) => ({ 'data-testid': 'audit-entry', 'data-action': e.action, 'data-via': e.via });
  return (
    <CardsOrTable
      items={rows}
      label="Audit log"
      loading={loading}
      keyOf={(e) => e.id}
      itemProps={attrs}
      minWidth={720}
      card={(e) => (
        <Stack gap={6}>
          <What e={e} onFilter={onFilter} />
          <Group gap={6} wrap="wrap" align="center">
            <When e={e} now={now} />
            <Text size="sm" c="dimmed" aria-hidden>
              ·
            </Text>
            <Who e={e} onFilter={onFilter} />
          </Group>
          <Through e={e} onFilter={onFilter} />
          {withWorkspace && <Workspace e={e} />}
        </Stack>
      )}
      head={
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={120}>When</Table.Th>
            <Table.Th w="20%">Who</Table.Th>
            <Table.Th w="20%">Through</Table.Th>
            {withWorkspace && <Table.Th w={130}>Workspace</Table.Th>}
            <Table.Th>What</Table.Th>
          </Table.Tr>
        </Table.Thead>
      }
      rows={(e) => (
        <Table.Tr key={e.id} {...attrs(e)}>
          <Table.Td>
            <When e={e} now={now} />
          </Table.Td>
          <Table.Td>
            <Who e={e} onFilter={onFilter} />
          </Table.Td>
          <Table.Td>
            <Through e={e} onFilter={onFilter} />
          </Table.Td>
          {withWorkspace && (
            <Table.Td>
              <Workspace e={e} />
            </Table.Td>
          )}
          <Table.Td>
            <What e={e} onFilter={onFilter} />
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
