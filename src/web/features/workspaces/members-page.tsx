// The members of the current workspace: who they are, their role (changed inline by admins and owners;
// lowering your own asks first), removing a member (asks first) and leaving. Whoever may not read the members (members
// and viewers) is told so and may still leave. Everything a person typed (names) is shown as text.
import { useState } from 'react';
import { List, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { WORKSPACE_ROLES, WORKSPACE_ROLE_DESCRIPTIONS, WORKSPACE_ROLE_LABELS, type WorkspaceRole } from '../../../shared/workspace-roles';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ButtonLink } from '../../components/router-links';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { notify } from '../../components/resource-list/notify';
import { useCan } from '../../lib/current-workspace';
import type { Member } from '../../../shared/member.schema';
import { WorkspaceSettingsFrame, type SettingsWorkspace } from './workspace-settings-frame';
import { memberQueries } from './members.queries';
import { lowersOwnRole, ownerCount, sortMembers } from './members-rules';
import { MembersList } from './members-list';
import { MembersLeaveCard } from './members-leave-card';

export function MembersPage() {
  return <WorkspaceSettingsFrame>{(workspace) => <Members workspace={workspace} />}</WorkspaceSettingsFrame>;
}

const roleWords = (role: WorkspaceRole) => WORKSPACE_ROLE_LABELS[role].toLowerCase();

/** What each role may do, folded under the list's intro. */
function RolesHelp() {
  return (
    <details>
      <summary style={{ cursor: 'pointer', fontSize: 'var(--mantine-font-size-sm)' }}>What each role may do</summary>
      <List size="sm" mt="xs" spacing={4}>
        {WORKSPACE_ROLES.map((r) => (
          <List.Item key={r}>
            <Text span size="sm" fw={600}>
              {WORKSPACE_ROLE_LABELS[r]}:
            </Text>{' '}
            {WORKSPACE_ROLE_DESCRIPTIONS[r]}
          </List.Item>
        ))}
      </List>
    </details>
  );
}

function Members({ workspace }: { workspace: SettingsWorkspace }) {
  const queries = memberQueries(workspace.id);
  const canRead = useCan('members:read');
  const canWrite = useCan('members:write');
  const list = useQuery({ ...queries.list(), enabled: canRead });
  const changeRole = queries.useChangeRole();
  const remove = queries.useRemove();
  const navigate = useNavigate();
  /** Your own role, lowered, while that waits for a confirmation. */
  const [lowering, setLowering] = useState<{ member: Member; role: WorkspaceRole } | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);

  const members = sortMembers(list.data ?? []);
  const owners = list.data ? ownerCount(list.data) : undefined;

  const sendRole = (member: Member, role: WorkspaceRole) =>
    changeRole.mutate(
      { member, role },
      {
        onSuccess: () => {
          setLowering(null);
          notify.success(member.is_you ? `You are now ${roleWords(role)} here.` : `${member.name} is now ${roleWords(role)}.`);
        },
        onError: (e) => {
          if (!member.is_you) notify.failure(`Could not change the role of ${member.name}`, e.message);
        },
      },
    );
  const onRole = (member: Member, role: WorkspaceRole) => {
    changeRole.reset();
    if (lowersOwnRole(member, role)) setLowering({ member, role });
    else sendRole(member, role);
  };

  // You, as the rules see you; without members:read (a viewer) from the account: your personal workspace has your id.
  const me: Member = members.find((m) => m.is_you) ?? {
    user_id: workspace.personId,
    name: '',
    role: workspace.role,
    joined_at: '',
    is_you: true,
    personal: workspace.id === workspace.personId,
  };
  const leave = () =>
    // Leaving needs no members:write: you remove yourself. Then your personal workspace opens (no `ws`).
    remove.mutate(me, {
      onSuccess: () => {
        notify.success(`You left ${workspace.name}.`);
        void navigate({ to: '/links', search: { ws: undefined } });
      },
    });

  return (
    <Stack gap="md">
      {canRead ? (
        <Stack gap="sm">
          <RolesHelp />
          {canWrite && (
            <div>
              <ButtonLink to="/workspace/invitations" variant="light">
                Invite people
              </ButtonLink>
            </div>
          )}
          {list.isPending ? (
            <LoadingState label="Loading members…" />
          ) : list.isError ? (
            <ErrorState error={list.error} onRetry={() => void list.refetch()} title="Could not load the members" />
          ) : (
            <MembersList
              members={members}
              actor={workspace.role}
              owners={owners ?? 0}
              canWrite={canWrite}
              changing={changeRole.isPending ? (changeRole.variables?.member.user_id ?? null) : null}
              onRole={onRole}
              onRemove={(m) => {
                remove.reset();
                setRemoving(m);
              }}
            />
          )}
        </Stack>
      ) : (
        <Paper withBorder p="lg">
          <EmptyState title="Only admins and owners see the members" description={`Your role here is ${roleWords(workspace.role)}. ${WORKSPACE_ROLE_DESCRIPTIONS[workspace.role]}`} />
        </Paper>
      )}
      <MembersLeaveCard
        workspaceName={workspace.name}
        me={me}
        owners={owners}
        loading={canRead && list.isPending}
        pending={remove.isPending && remove.variables?.is_you === true}
        error={remove.variables?.is_you ? remove.error : null}
        onOpen={() => remove.reset()}
        onLeave={leave}
      />
      <ConfirmDialog
        opened={removing !== null}
        title="Remove this member?"
        confirmLabel="Remove member"
        onConfirm={() =>
          removing &&
          remove.mutate(removing, {
            onSuccess: (_r, m) => {
              setRemoving(null);
              notify.success(`${m.name} was removed.`);
            },
          })
        }
        onClose={() => setRemoving(null)}
        pending={remove.isPending}
        error={removing ? remove.error : null}
        errorTitle="Could not remove the member"
      >
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {removing?.name} loses access to {workspace.name} at once, with the API keys they made for it. They can come back only with a new invitation.
        </Text>
      </ConfirmDialog>
      <ConfirmDialog
        opened={lowering !== null}
        title="Lower your own role?"
        confirmLabel={lowering ? `Make me ${roleWords(lowering.role)}` : 'Confirm'}
        onConfirm={() => lowering && sendRole(lowering.member, lowering.role)}
        onClose={() => setLowering(null)}
        pending={changeRole.isPending}
        error={lowering ? changeRole.error : null}
        errorTitle="Could not change your role"
      >
        {lowering
          ? `As ${roleWords(lowering.role)}: ${WORKSPACE_ROLE_DESCRIPTIONS[lowering.role]} You cannot undo this yourself; an owner or admin can give your role back.`
          : ''}
      </ConfirmDialog>
    </Stack>
  );
}
