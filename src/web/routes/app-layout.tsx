// The signed-in shell: header, navigation, theme toggle and sign out. Every page but sign-in lives under it.
import { Suspense, useRef } from 'react';
import { AppShell, Burger, Group, NavLink, ScrollArea, Text, ActionIcon } from '@mantine/core';
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
  IconLogout,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, createRoute, redirect, useNavigate, useRouterState } from '@tanstack/react-router';
import { rootRoute } from './root';
import { auth } from '../lib/api-client';
import { accountQueryOptions } from '../lib/session.queries';
import { LoadingState, ErrorState } from '../components/states';
import { KeyboardShortcuts } from '../components/keyboard-shortcuts';
import { QuickCreate } from '../features/links/quick-create';
import { MAIN_ID, SkipLink } from '../components/skip-link';
import { ServerDownBanner } from '../components/server-down-banner';
import { DeferredTooltip } from '../components/deferred-tooltip';
import { ThemeToggle } from '../components/theme-toggle';

const NAV = [
  { to: '/links', label: 'Links', icon: IconLink },
  { to: '/analytics', label: 'Analytics', icon: IconChartBar },
  { to: '/domains', label: 'Domains', icon: IconWorldWww },
  { to: '/spaces', label: 'Spaces', icon: IconFolders },
  { to: '/tags', label: 'Tags', icon: IconTags },
  { to: '/pixels', label: 'Pixels', icon: IconTargetArrow },
  { to: '/operations', label: 'Operations', icon: IconHistory },
  { to: '/audit-log', label: 'Audit log', icon: IconListDetails },
  { to: '/webhooks', label: 'Webhooks', icon: IconWebhook },
  { to: '/account', label: 'Account', icon: IconUserCircle },
] as const;

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

  const signOut = () => {
    auth.signOut();
    queryClient.clear();
    // Deliberate, and the key is already gone: an editor's unsaved-changes guard does not hold it up.
    void navigate({ to: '/sign-in', search: {}, ignoreBlocker: true });
  };

  const items = isAdmin ? [...NAV, { to: '/users', label: 'Users', icon: IconUsers } as const] : NAV;

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
            </Group>
            <Group gap="xs" wrap="nowrap">
              {account.data && (
                <Text size="sm" c="dimmed" visibleFrom="xs" data-testid="signed-in-as">
                  {account.data.name} · {account.data.role}
                </Text>
              )}
              <QuickCreate />
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
          {account.isError && <ErrorState error={account.error} onRetry={() => void account.refetch()} title="Could not load your account" />}
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </AppShell.Main>
      </AppShell>
    </>
  );
}

export const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: ({ location }) => {
    if (!auth.get()) {
      throw redirect({ to: '/sign-in', search: { redirect: location.href } });
    }
  },
  component: AppLayout,
  pendingComponent: () => <LoadingState />,
  errorComponent: ({ error, reset }) => <ErrorState error={error} onRetry={reset} />,
});
