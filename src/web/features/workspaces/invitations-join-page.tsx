// The page an invitation link opens (/invitations/{token}), inside the signed-in dashboard (signed out, the
// sign-in page comes first and then this one). It names the workspace, the role and until when the invitation is
// valid, and who you are signed in as; "Join workspace" accepts it and opens the workspace. A used, revoked or
// expired invitation, one for a workspace you are already in, and an unknown link each say so.
import type { ReactNode } from 'react';
import { Alert, Badge, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMailOpened } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { WORKSPACE_ROLE_DESCRIPTIONS, WORKSPACE_ROLE_LABELS } from '../../../shared/workspace-roles';
import { ApiError } from '../../lib/api-client';
import { accountQueryOptions } from '../../lib/session.queries';
import { myWorkspacesQueryOptions } from '../../lib/current-workspace';
import { workspaceParam } from '../../../shared/workspace-search';
import { ButtonLink } from '../../components/router-links';
import { ErrorState, LoadingState } from '../../components/states';
import { notify } from '../../components/resource-list/notify';
import { formatDateTime } from '../../components/resource-list/format';
import { useNow } from '../../lib/use-now';
import { ROLE_COLORS } from './members-role-select';
import { expiryWords, joinState } from './invitations-text';
import type { InvitationPreview } from '../../../shared/invitation.schema';
import { invitationByTokenQueryOptions, useAcceptInvitation } from './invitations.queries';

const route = getRouteApi('/app/invitations/$token');

function Frame({ children }: { children: ReactNode }) {
  return (
    <Center py="xl">
      <Paper withBorder p="xl" maw={560} w="100%">
        {children}
      </Paper>
    </Center>
  );
}

export function InvitationsJoinPage() {
  const { token } = route.useParams();
  const invitation = useQuery(invitationByTokenQueryOptions(token));
  if (invitation.isPending) return <LoadingState label="Loading the invitation…" />;
  if (invitation.isError) {
    if (invitation.error instanceof ApiError && invitation.error.status === 404) {
      return (
        <Frame>
          <Stack gap="sm" align="flex-start">
            <Title order={1} size="h3">
              This invitation link does not work
            </Title>
            <Text>No invitation has this link. Check that it was copied whole, or ask for a new one.</Text>
            <ButtonLink to="/links" variant="default">
              Go to your links
            </ButtonLink>
          </Stack>
        </Frame>
      );
    }
    return <ErrorState error={invitation.error} onRetry={() => void invitation.refetch()} title="Could not load the invitation" />;
  }
  return <Invitation token={token} invitation={invitation.data} />;
}

function Invitation({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const account = useQuery(accountQueryOptions());
  const mine = useQuery(myWorkspacesQueryOptions());
  const accept = useAcceptInvitation(token);
  const navigate = useNavigate();
  const now = useNow(60_000);
  const { workspace, role } = invitation;
  const state = joinState(invitation.status, mine.data?.some((w) => w.id === workspace.id) ?? false);

  const join = () =>
    accept.mutate(undefined, {
      onSuccess: (joined) => {
        notify.success(`You joined ${joined.workspace.name} as ${WORKSPACE_ROLE_LABELS[joined.role].toLowerCase()}.`);
        // The joined workspace opens (the switcher's address parameter names it).
        void navigate({ to: '/links', search: { ws: account.data ? workspaceParam(joined.workspace.id, account.data.id) : joined.workspace.id } });
      },
    });

  return (
    <Frame>
      <Stack gap="md">
        <Group gap="xs" c="dimmed">
          <IconMailOpened size={18} aria-hidden />
          <Text size="sm">Invitation to a workspace</Text>
        </Group>
        <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }} data-testid="invitation-workspace">
          {workspace.name}
        </Title>
        <Stack gap={4}>
          <Group gap="xs">
            <Text size="sm">Role:</Text>
            <Badge variant="light" color={ROLE_COLORS[role]} data-testid="invitation-role">
              {WORKSPACE_ROLE_LABELS[role]}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {WORKSPACE_ROLE_DESCRIPTIONS[role]}
          </Text>
          <Text size="sm" data-testid="invitation-expiry">
            {expiryWords(invitation.expires_at, now)} ({formatDateTime(invitation.expires_at)})
          </Text>
        </Stack>
        {state.kind === 'join' ? (
          <Stack gap="sm">
            {account.data && (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                You join as <strong>{account.data.name}</strong>, the account you are signed in with.
              </Text>
            )}
            {accept.error && (
              <Alert color="red" variant="light" role="alert" title="Could not join">
                {accept.error.message}
              </Alert>
            )}
            <Group>
              <Button onClick={join} loading={accept.isPending} disabled={mine.isPending}>
                Join workspace
              </Button>
              <ButtonLink to="/links" variant="default">
                Not now
              </ButtonLink>
            </Group>
          </Stack>
        ) : (
          <Alert color={state.kind === 'member' ? 'blue' : 'orange'} variant="light" title={state.title} data-testid="invitation-state">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{state.text}</Text>
              {state.kind === 'member' ? (
                <ButtonLink to="/links" search={{ ws: account.data ? workspaceParam(workspace.id, account.data.id) : workspace.id }} size="xs" variant="default">
                  Open this workspace
                </ButtonLink>
              ) : (
                <ButtonLink to="/links" search={{ ws: undefined }} size="xs" variant="default">
                  Go to your links
                </ButtonLink>
              )}
            </Stack>
          </Alert>
        )}
      </Stack>
    </Frame>
  );
}
