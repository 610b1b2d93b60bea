// The API keys of the current workspace: each acts in this workspace only, with its scopes. Admins and
// owners list them, create one (its own page) and revoke any; the page in the URL. Your sign-in key is on Account.
import { useState } from 'react';
import { Paper, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ListPagination } from '../../components/list-pagination';
import { AnchorLink, ButtonLink } from '../../components/router-links';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { notify } from '../../components/resource-list/notify';
import { patchListSearch } from '../../components/resource-list/list-url';
import { useNow } from '../../lib/use-now';
import { useCan } from '../../lib/current-workspace';
import type { ApiKeyListQuery, WorkspaceApiKey } from '../../../shared/api-key.schema';
import { WorkspaceSettingsFrame, type SettingsWorkspace } from '../workspaces/workspace-settings-frame';
import { apiKeyQueries } from './api-keys.queries';
import { ApiKeysList } from './api-keys-list';

const route = getRouteApi('/app/workspace/api-keys');

export function ApiKeysPage() {
  return <WorkspaceSettingsFrame>{(workspace) => <ApiKeys workspace={workspace} />}</WorkspaceSettingsFrame>;
}

function SignInKeyNote() {
  return (
    <Text size="sm" c="dimmed">
      Keys made here act in this workspace only, with the scopes chosen for each. Your own sign-in key, which can act in every workspace you belong to, is on
      the <AnchorLink to="/account" underline="always">Account</AnchorLink> page.
    </Text>
  );
}

function ApiKeys({ workspace }: { workspace: SettingsWorkspace }) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const queries = apiKeyQueries(workspace.id);
  const canRead = useCan('keys:read');
  const canWrite = useCan('keys:write');
  const list = useQuery({ ...queries.list(search), enabled: canRead });
  const revoke = queries.useRevoke();
  const [revoking, setRevoking] = useState<WorkspaceApiKey | null>(null);
  const now = useNow(60_000);
  const go = (patch: Partial<ApiKeyListQuery>) => void navigate({ search: (prev) => patchListSearch(prev, patch) });

  if (!canRead) {
    return (
      <Paper withBorder p="lg">
        <EmptyState title="Only admins and owners manage this workspace's API keys" description={<SignInKeyNote />} />
      </Paper>
    );
  }
  return (
    <Stack gap="md">
      <SignInKeyNote />
      {canWrite && (
        <div>
          <ButtonLink to="/workspace/api-keys/new" leftSection={<IconPlus size={16} aria-hidden />}>
            New API key
          </ButtonLink>
        </div>
      )}
      {list.isPending ? (
        <LoadingState label="Loading API keys…" />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} title="Could not load the API keys" />
      ) : list.data.meta.total === 0 ? (
        <Paper withBorder p="lg">
          <EmptyState title="No API keys yet" description="Make one for a script or an integration: give it only the scopes it needs, and an expiry date if it is temporary." />
        </Paper>
      ) : (
        <ApiKeysList
          rows={list.data.data}
          now={now}
          loading={list.isPlaceholderData}
          canRevoke={(k) => canWrite || k.user.id === workspace.personId}
          onRevoke={(k) => {
            revoke.reset();
            setRevoking(k);
          }}
        />
      )}
      {list.data && list.data.meta.total > 0 && (
        <ListPagination meta={list.data.meta} noun="keys" onPage={(page) => go({ page })} onPerPage={(per_page) => go({ per_page: per_page as ApiKeyListQuery['per_page'] })} />
      )}
      <ConfirmDialog
        opened={revoking !== null}
        title="Revoke this API key?"
        confirmLabel="Revoke key"
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking, {
            onSuccess: (_r, k) => {
              setRevoking(null);
              notify.success(`${k.name} was revoked.`);
            },
          })
        }
        onClose={() => setRevoking(null)}
        pending={revoke.isPending}
        error={revoking ? revoke.error : null}
        errorTitle="Could not revoke the key"
      >
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {revoking ? `${revoking.name}${revoking.prefix ? ` (${revoking.prefix}…)` : ''} stops working at once, wherever it is used. This cannot be undone.` : ''}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
