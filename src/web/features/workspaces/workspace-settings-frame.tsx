// The "Workspace" settings area of the workspace the dashboard acts in: its name and your role there, and
// a sub-navigation between its pages (members, invitations, API keys), each shown only to a role that may read it.
// The pages get the workspace (GET /account's, lib/current-workspace.ts) from here once it is known.
import type { ReactNode } from 'react';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { WORKSPACE_ROLE_LABELS } from '../../../shared/workspace-roles';
import { accountQueryOptions } from '../../lib/session.queries';
import { useCan, type AccountInWorkspace, type AccountWorkspace } from '../../lib/current-workspace';
import { ButtonLink } from '../../components/router-links';
import { ErrorState, LoadingState } from '../../components/states';

/** The current workspace, and the person's own id (their personal workspace has it). */
export interface SettingsWorkspace extends AccountWorkspace {
  personId: number;
}

/** The current workspace once GET /account has answered (with `workspace`: a server of before workspaces has none). */
export function useSettingsWorkspace(): { workspace: SettingsWorkspace | undefined; pending: boolean; error: unknown } {
  const account = useQuery({ ...accountQueryOptions(), select: (a: AccountInWorkspace) => (a.workspace ? { ...a.workspace, personId: a.id } : undefined) });
  return { workspace: account.data, pending: account.isPending, error: account.error };
}

const PAGES = [
  { to: '/workspace/members', label: 'Members', scope: null },
  { to: '/workspace/invitations', label: 'Invitations', scope: 'members:read' },
  { to: '/workspace/api-keys', label: 'API keys', scope: 'keys:read' },
] as const;

function SettingsNav() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const allowed = { 'members:read': useCan('members:read'), 'keys:read': useCan('keys:read') };
  const pages = PAGES.filter((p) => p.scope === null || allowed[p.scope]);
  return (
    <Group component="nav" aria-label="Workspace settings" gap={4} wrap="wrap" data-testid="workspace-settings-nav">
      {pages.map((p) => {
        const active = pathname === p.to || pathname.startsWith(`${p.to}/`);
        return (
          <ButtonLink key={p.to} to={p.to} size="sm" variant={active ? 'light' : 'subtle'} color={active ? undefined : 'gray'} aria-current={active ? 'page' : undefined}>
            {p.label}
          </ButtonLink>
        );
      })}
    </Group>
  );
}

/** The area's header and sub-navigation, then the page, given the workspace (a loading or error state until then). */
export function WorkspaceSettingsFrame({ children }: { children: (workspace: SettingsWorkspace) => ReactNode }) {
  const { workspace, pending, error } = useSettingsWorkspace();
  if (pending) return <LoadingState label="Loading the workspace…" />;
  if (!workspace) return <ErrorState error={error ?? new Error('The server did not say which workspace this is.')} title="Could not load the workspace" />;
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Workspace
        </Title>
        <Group gap="xs" wrap="wrap">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="settings-workspace-name">
            {workspace.name}
          </Text>
          <Badge variant="light" color="gray">
            {workspace.personal ? 'Personal' : 'Team'}
          </Badge>
          <Text size="sm" c="dimmed" data-testid="settings-my-role">
            Your role: {WORKSPACE_ROLE_LABELS[workspace.role]}
          </Text>
        </Group>
      </Stack>
      <SettingsNav />
      {children(workspace)}
    </Stack>
  );
}
