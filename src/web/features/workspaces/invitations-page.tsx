// The invitations of the current workspace: creating one (admins and owners; its link shown once), and the
// list of every invitation with its state, a page at a time (the page in the URL), with Revoke on pending ones.
import { useState } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ListPagination } from '../../components/list-pagination';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { notify } from '../../components/resource-list/notify';
import { formatDateTime } from '../../components/resource-list/format';
import { patchListSearch } from '../../components/resource-list/list-url';
import { useNow } from '../../lib/use-now';
import { WORKSPACE_ROLE_LABELS } from '../../../shared/workspace-roles';
import { useCan } from '../../lib/current-workspace';
import type { Invitation, InvitationListQuery } from '../../../shared/invitation.schema';
import { WorkspaceSettingsFrame, type SettingsWorkspace } from './workspace-settings-frame';
import { invitationQueries } from './invitations.queries';
import { InvitationsCreate } from './invitations-create';
import { InvitationsList } from './invitations-list';

const route = getRouteApi('/app/workspace/invitations');

export function InvitationsPage() {
  return <WorkspaceSettingsFrame>{(workspace) => <Invitations workspace={workspace} />}</WorkspaceSettingsFrame>;
}

function Invitations({ workspace }: { workspace: SettingsWorkspace }) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const queries = invitationQueries(workspace.id);
  const canRead = useCan('members:read');
  const canWrite = useCan('members:write');
  const list = useQuery({ ...queries.list(search), enabled: canRead });
  const revoke = queries.useRevoke();
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const now = useNow(60_000);
  const go = (patch: Partial<InvitationListQuery>) => void navigate({ search: (prev) => patchListSearch(prev, patch) });

  if (!canRead) {
    return (
      <Paper withBorder p="lg">
        <EmptyState title="Only admins and owners see the invitations" description="Ask one of them to invite the people you work with." />
      </Paper>
    );
  }
  const rows = list.data?.data ?? [];
  return (
    <Stack gap="md">
      {canWrite && <InvitationsCreate workspaceId={workspace.id} actor={workspace.role} />}
      <Title order={2} size="h4">
        Invitations
      </Title>
      {list.isPending ? (
        <LoadingState label="Loading invitations…" />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} title="Could not load the invitations" />
      ) : list.data.meta.total === 0 ? (
        <Paper withBorder p="lg">
          <EmptyState title="No invitations yet" description="Invitations you create are listed here, with their state, until you revoke them or long after they are used." />
        </Paper>
      ) : (
        <InvitationsList
          rows={rows}
          now={now}
          loading={list.isPlaceholderData}
          canRevoke={canWrite}
          onRevoke={(i) => {
            revoke.reset();
            setRevoking(i);
          }}
        />
      )}
      {list.data && list.data.meta.total > 0 && (
        <ListPagination meta={list.data.meta} noun="invitations" onPage={(page) => go({ page })} onPerPage={(per_page) => go({ per_page: per_page as InvitationListQuery['per_page'] })} />
      )}
      <ConfirmDialog
        opened={revoking !== null}
        title="Revoke this invitation?"
        confirmLabel="Revoke invitation"
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking, {
            onSuccess: () => {
              setRevoking(null);
              notify.success('The invitation was revoked: its link no longer works.');
            },
          })
        }
        onClose={() => setRevoking(null)}
        pending={revoke.isPending}
        error={revoking ? revoke.error : null}
        errorTitle="Could not revoke the invitation"
      >
        <Text size="sm">
          {revoking
            ? `Its link stops working at once: nobody can join as ${WORKSPACE_ROLE_LABELS[revoking.role].toLowerCase()} with it (it was valid until ${formatDateTime(revoking.expires_at)}).`
            : ''}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
