// Shown while the server cannot be reached (no answer, or 502/503/504): the page keeps its last data, React
// Query keeps retrying, and the banner goes by itself once any request gets an answer again.
import { useEffect, useSyncExternalStore } from 'react';
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { connection } from '../lib/connection';

/** How often the banner asks the page's queries again, for when nothing is retrying (a failed save). */
const PROBE_MS = 5000;

export function ServerDownBanner() {
  const reachable = useSyncExternalStore(connection.subscribe, connection.reachable);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (reachable) return;
    // The shell's account query is always on screen, so this always has something to ask; queries still
    // retrying on their own are left to it (cancelRefetch: false).
    const timer = setInterval(() => void queryClient.refetchQueries({ type: 'active' }, { cancelRefetch: false }), PROBE_MS);
    return () => clearInterval(timer);
  }, [reachable, queryClient]);

  if (reachable) return null;
  return (
    <Alert
      data-testid="server-down-banner"
      color="orange"
      variant="light"
      py={8}
      mb="md"
      icon={<IconPlugConnectedX size={20} aria-hidden />}
      styles={{
        root: { position: 'sticky', top: 'var(--app-shell-header-height, 56px)', zIndex: 150, border: '1px solid var(--mantine-color-orange-outline)' },
        message: { color: 'var(--mantine-color-text)' },
      }}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <Text fw={600} size="sm">
            Cannot reach the server, retrying
          </Text>
          <Loader size={14} color="orange" aria-hidden />
        </Group>
        <Text size="sm" style={{ flex: '1 1 240px' }}>
          You are seeing the last data loaded; it refreshes by itself when the server is back.
        </Text>
        <Button size="compact-sm" variant="default" onClick={() => void queryClient.refetchQueries({ type: 'active' })}>
          Retry now
        </Button>
      </Group>
    </Alert>
  );
}
