// The members of the workspace: a table on wide screens, cards on a phone. Each shows the name (as text, "you" on
// your own), the role (a select for admins and owners, see members-role-select.tsx), when they joined, and Remove for
// whoever may remove them (not you: you leave below the list).
import { Badge, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconUserMinus } from '@tabler/icons-react';
import type { WorkspaceRole } from '../../../shared/workspace-roles';
import { CardsOrTable } from '../../components/cards-or-table';
import { formatDate } from '../../components/resource-list/format';
import { removalRefusal } from '../../../shared/member-rules';
import { MemberRoleSelect } from './members-role-select';
import type { Member } from '../../../shared/member.schema';

export interface MembersListProps {
  members: Member[];
  actor: WorkspaceRole;
  owners: number;
  canWrite: boolean;
  /** The member whose role is being changed. */
  changing: number | null;
  onRole: (member: Member, role: WorkspaceRole) => void;
  onRemove: (member: Member) => void;
}

function Name({ m }: { m: Member }) {
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="member-name">
        {m.name}
      </Text>
      {m.is_you && (
        <Badge size="xs" variant="outline" color="gray" style={{ flexShrink: 0 }}>
          you
        </Badge>
      )}
    </Group>
  );
}

function Joined({ m }: { m: Member }) {
  return (
    <Text size="sm" component="time" dateTime={m.joined_at} style={{ whiteSpace: 'nowrap' }}>
      {formatDate(m.joined_at)}
    </Text>
  );
}

export function MembersList({ members, actor, owners, canWrite, changing, onRole, onRemove }: MembersListProps) {
  const role = (m: Member) => (
    <MemberRoleSelect member={m} actor={actor} owners={owners} canChange={canWrite} pending={changing === m.user_id} onChange={(r) => onRole(m, r)} />
  );
  const remove = (m: Member) =>
    canWrite && !m.is_you && removalRefusal(actor, m, owners) === null ? (
      <Button size="xs" variant="subtle" color="red" leftSection={<IconUserMinus size={14} aria-hidden />} onClick={() => onRemove(m)} aria-label={`Remove ${m.name}`}>
        Remove
      </Button>
    ) : null;
  const attrs = (m: Member) => ({ 'data-testid': 'member-row', 'data-user-id': m.user_id, 'data-role': m.role });
  return (
    <CardsOrTable
      items={members}
      label="Members"
      keyOf={(m) => m.user_id}
      itemProps={attrs}
      minWidth={560}
      card={(m) => (
        <Stack gap="xs">
          <Name m={m} />
          {role(m)}
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              Joined <Joined m={m} />
            </Text>
            {remove(m)}
          </Group>
        </Stack>
      )}
      head={
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th w={260}>Role</Table.Th>
            <Table.Th w={130}>Joined</Table.Th>
            {canWrite && (
              <Table.Th w={120}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
      }
      rows={(m) => (
        <Table.Tr key={m.user_id} {...attrs(m)}>
          <Table.Td>
            <Name m={m} />
          </Table.Td>
          <Table.Td>{role(m)}</Table.Td>
          <Table.Td>
            <Joined m={m} />
          </Table.Td>
          {canWrite && <Table.Td ta="right">{remove(m)}</Table.Td>}
        </Table.Tr>
      )}
    />
  );
}
