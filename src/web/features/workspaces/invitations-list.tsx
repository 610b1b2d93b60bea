// The workspace's invitations, newest first: their state (pending, accepted, revoked, expired), the role they give,
// who made them and when, when they end, who joined with one; Revoke on a pending one for whoever may. A table on
// wide screens, cards on a phone. Names are text.
import { Badge, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { CardsOrTable } from '../../components/cards-or-table';
import { DeferredTooltip } from '../../components/deferred-tooltip';
import { formatDate, formatDateTime } from '../../components/resource-list/format';
import { RoleBadge } from './members-role-select';
import { INVITATION_STATUS_WORDS, expiryWords } from './invitations-text';
import type { Invitation } from '../../../shared/invitation.schema';

export interface InvitationsListProps {
  rows: Invitation[];
  now: number;
  loading: boolean;
  canRevoke: boolean;
  onRevoke: (invitation: Invitation) => void;
}

function Status({ i }: { i: Invitation }) {
  const { label, color } = INVITATION_STATUS_WORDS[i.status];
  return (
    <Badge variant="light" color={color} data-testid="invitation-status" style={{ flexShrink: 0 }}>
      {label}
    </Badge>
  );
}

function Made({ i, prefix = '' }: { i: Invitation; prefix?: string }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="invitation-created-by">
      {prefix}
      {i.created_by?.name ?? (prefix ? 'a former member' : 'A former member')}
      <Text span size="sm" c="dimmed">
        {' · '}
        {formatDate(i.created_at)}
      </Text>
    </Text>
  );
}

function Ends({ i, now }: { i: Invitation; now: number }) {
  // An accepted or revoked invitation no longer ends: its date is only history.
  const words = i.status === 'pending' || i.status === 'expired' ? expiryWords(i.expires_at, now) : '—';
  return (
    <DeferredTooltip label={formatDateTime(i.expires_at)} describes>
      <Text size="sm" component="time" dateTime={i.expires_at}>
        {words}
      </Text>
    </DeferredTooltip>
  );
}

function Joined({ i }: { i: Invitation }) {
  if (!i.accepted_by) return <Text size="sm">—</Text>;
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="invitation-accepted-by">
      {i.accepted_by.name}
    </Text>
  );
}

export function InvitationsList({ rows, now, loading, canRevoke, onRevoke }: InvitationsListProps) {
  const revoke = (i: Invitation) =>
    canRevoke && i.status === 'pending' ? (
      <Button size="xs" variant="subtle" color="red" leftSection={<IconBan size={14} aria-hidden />} onClick={() => onRevoke(i)} aria-label={`Revoke invitation #${i.id}`}>
        Revoke
      </Button>
    ) : null;
  const attrs = (i: Invitation) => ({ 'data-testid': 'invitation-row', 'data-status': i.status, 'data-id': i.id });
  return (
    <CardsOrTable
      items={rows}
      label="Invitations"
      loading={loading}
      keyOf={(i) => i.id}
      itemProps={attrs}
      minWidth={720}
      card={(i) => (
        <Stack gap={6}>
          <Group gap="xs" justify="space-between">
            <Group gap="xs">
              <Status i={i} />
              <RoleBadge role={i.role} />
            </Group>
            {revoke(i)}
          </Group>
          <Made i={i} prefix="Made by " />
          {(i.status === 'pending' || i.status === 'expired') && <Ends i={i} now={now} />}
          {i.accepted_by && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              Joined: {i.accepted_by.name}
            </Text>
          )}
        </Stack>
      )}
      head={
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={110}>State</Table.Th>
            <Table.Th w={110}>Role</Table.Th>
            <Table.Th>Made by</Table.Th>
            <Table.Th w={170}>Ends</Table.Th>
            <Table.Th>Joined</Table.Th>
            {canRevoke && (
              <Table.Th w={110}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
      }
      rows={(i) => (
        <Table.Tr key={i.id} {...attrs(i)}>
          <Table.Td>
            <Status i={i} />
          </Table.Td>
          <Table.Td>
            <RoleBadge role={i.role} />
          </Table.Td>
          <Table.Td>
            <Made i={i} />
          </Table.Td>
          <Table.Td>
            <Ends i={i} now={now} />
          </Table.Td>
          <Table.Td>
            <Joined i={i} />
          </Table.Td>
          {canRevoke && <Table.Td ta="right">{revoke(i)}</Table.Td>}
        </Table.Tr>
      )}
    />
  );
}
