// The signed-in shell: header (with the workspace switcher), navigation, theme toggle and sign out. Every page but
// sign-in lives under it. It holds the current workspace: the address's `ws` (shared/workspace-search.ts),
// kept on every link by its search middleware, handed to the API client before any page loads
// (lib/current-workspace.ts). Its pages remount on a switch, and show the person only what their role there allows.
import { Suspense, useEffect, useRef } from 'react';
import { AppShell, Box, Burger, Group, NavLink, ScrollArea, Text, ActionIcon } from '@mantine/core';
import { useDisclosure, useWindowEvent } from '@mantine/hooks';
import {
  IconLink,
  IconWorldWww,
  IconFolders,
  IconTags,
  IconTargetArrow,
  IconHistory,
  IconListDetails,
  IconWebhook,
  IconChartBar,
  IconUserCircle,
  IconUsers,
  IconUsersGroup,
  IconLogout,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, createRoute, redirect, retainSearchParams, useNavigate, useRouterState } from '@tanstack/react-router';
import { rootRoute } from './root';
import { auth } from '../lib/api-client';
import { accountQueryOptions } from '../lib/session.queries';
import { LoadingState, ErrorState } from '../components/states';
import { KeyboardShortcuts } from '../components/keyboard-shortcuts';
import { QuickCreate } from '../features/links/quick-create';
import { MAIN_ID, SkipLink } from '../components/skip-link';
import { ServerDownBanner } from '../components/server-down-banner';
import { UndoNotices, clearUndoNotices } from '../features/operations/undo-notice';
import { DeferredTooltip } from '../components/deferred-tooltip';
import { ThemeToggle } from '../components/theme-toggle';
import { Can } from '../components/can';
import { WorkspaceSwitcher } from '../features/workspaces/workspace-switcher';
import { WorkspaceGate } from '../features/workspaces/workspace-switcher-gate';
import { canIn, enterWorkspace, loadAccountIn, sectionOf, useWorkspaceId } from '../lib/current-workspace';
import { WORKSPACE_PARAM, workspaceSearchSchema, type WorkspaceSearch } from '../../shared/workspace-search';
import type { ApiScope } from '../../shared/api-scopes';

/** The sections; `scope`: what the person's role in the workspace needs to read it (else the item is not shown). */
const NAV = [
  { to: '/links', label: 'Links', icon: IconLink, scope: 'links:read' },
  { to: '/analytics', label: 'Analytics', icon: IconChartBar, scope: 'analytics:read' },
  { to: '/domains', label: 'Domains', icon: IconWorldWww, scope: 'domains:read' },
  { to: '/spaces', label: 'Spaces', icon: IconFolders, scope: 'spaces:read' },
  { to: '/tags', label: 'Tags', icon: IconTags, scope: 'tags:read' },
  { to: '/pixels', label: 'Pixels', icon: IconTargetArrow, scope: 'pixels:read' },
  { to: '/operations', label: 'Operations', icon: IconHistory, scope: 'links:read' },
  { to: '/audit-log', label: 'Audit log', icon: IconListDetails, scope: 'audit:read' },
  { to: '/webhooks', label: 'Webhooks', icon: IconWebhook, scope: 'webhooks:read' },
  // Every role: members and viewers see their role there and may leave.
  { to: '/workspace', label: 'Workspace', icon: IconUsersGroup },
  { to: '/account', label: 'Account', icon: IconUserCircle },
] as const satisfies readonly { to: string; label: string; icon: typeof IconLink; scope?: ApiScope }[];
const USERS = { to: '/users', label: 'Users', icon: IconUsers } as const;
const INSTANCE_LOG = { to: '/instance-log', label: 'Instance log', icon: IconListDetails } as const;
/** Where a switch of workspace may land: each section's list. */
const SECTIONS = [...NAV, USERS, INSTANCE_LOG].map((item) => item.to);

function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure();
  const burger = useRef<HTMLButtonElement>(null);
  // Escape closes the phone menu, and the focus goes back to its button (unless a dialog or a dropdown had it).
  useWindowEvent('keydown', (e) => {
    if (!opened || e.key !== 'Escape' || e.defaultPrevented) return;
    close();
    burger.current?.focus();
  });
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const account = useQuery(accountQueryOptions());
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isAdmin = account.data?.role === 'admin';
  const workspaceId = useWorkspaceId();
  const section = sectionOf(pathname, SECTIONS);
  // Another workspace: the undo notices were the last one's (their Undo stays on its Operations page).
  useEffect(() => clearUndoNotices(), [workspaceId]);

  const signOut = () => {
    auth.signOut();
    queryClient.clear();
    // Deliberate, and the key is already gone: an editor's unsaved-changes guard does not hold it up.
    void navigate({ to: '/sign-in', search: {}, ignoreBlocker: true });
  };

  // Sections the role cannot read are not offered (shown while the account is not known: the error says why).
  const readable = NAV.filter((item) => !('scope' in item) || !account.data || canIn(account.data, item.scope));
  const items = isAdmin ? [...readable, USERS, INSTANCE_LOG] : readable;

  return (
    <>
      <SkipLink />
      <AppShell header={{ height: 56 }} navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md" transitionDuration={0}>
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger ref={burger} opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" aria-expanded={opened} aria-controls="main-navigation" />
              <Text fw={700} size="lg" component={Link} to="/links" c="inherit" td="none">
                Linkdeck
              </Text>
              <Box visibleFrom="sm" miw={0} maw={{ base: 240, lg: 320 }}>
                <WorkspaceSwitcher section={section} />
              </Box>
            </Group>
            <Group gap="xs" wrap="nowrap">
              {account.data && (
                <Text size="sm" c="dimmed" visibleFrom="xs" data-testid="signed-in-as">
                  {account.data.name} · {account.data.role}
                </Text>
              )}
              <Can scope="links:write">
                <QuickCreate />
              </Can>
              <KeyboardShortcuts />
              <ThemeToggle />
              <DeferredTooltip label="Sign out">
                <ActionIcon variant="default" size="lg" aria-label="Sign out" onClick={signOut}>
                  <IconLogout size={18} />
                </ActionIcon>
              </DeferredTooltip>
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="xs" aria-label="Main" id="main-navigation">
          <Box hiddenFrom="sm" mb="xs">
            <WorkspaceSwitcher section={section} onSwitched={close} fullWidth />
          </Box>
          <ScrollArea>
            {items.map((item) => (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={item.label}
                leftSection={<item.icon size={18} aria-hidden />}
                active={pathname === item.to || pathname.startsWith(`${item.to}/`)}
                onClick={close}
              />
            ))}
          </ScrollArea>
        </AppShell.Navbar>
        <AppShell.Main id={MAIN_ID} tabIndex={-1} style={{ outline: 'none' }}>
          <ServerDownBanner />
          <UndoNotices />
          {account.isError && <ErrorState error={account.error} onRetry={() => void account.refetch()} title="Could not load your account" />}
          <WorkspaceGate>
            <Suspense fallback={<LoadingState />}>
              {/* Another workspace, other rows: its pages start afresh (selection, streams, forms). */}
              <Outlet key={workspaceId ?? 'personal'} />
            </Suspense>
          </WorkspaceGate>
        </AppShell.Main>
      </AppShell>
    </>
  );
}

export const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  validateSearch: workspaceSearchSchema,
  // Every link and navigation keeps the workspace, unless it names another one (the switcher's).
  search: { middlewares: [retainSearchParams<WorkspaceSearch>([WORKSPACE_PARAM])] },
  beforeLoad: ({ location, search, preload, context }) => {
    if (!auth.get()) {
      throw redirect({ to: '/sign-in', search: { redirect: location.href } });
    }
    // Before any page's loader, so that its requests name the workspace (a preload does not switch).
    if (!preload) enterWorkspace(search[WORKSPACE_PARAM], context.queryClient);
  },
  // The person's role and scopes in the workspace, loaded alongside the page's data (again after a switch), so
  // that a page shows from its first render only the buttons the role may use.
  loaderDeps: ({ search }) => ({ ws: search[WORKSPACE_PARAM] }),
  loader: ({ context }) => loadAccountIn(context.queryClient),
  component: AppLayout,
  pendingComponent: () => <LoadingState />,
  errorComponent: ({ error, reset }) => <ErrorState error={error} onRetry={reset} />,
});
