// Designed empty, loading and error states, shared by every page.
import type { ReactNode } from 'react';
import { Alert, Button, Center, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconInbox, IconMapQuestion } from '@tabler/icons-react';
import { ApiError } from '../lib/api-client';

export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" />
        <Text c="dimmed">{label}</Text>
      </Group>
    </Center>
  );
}

export function EmptyState({ title, description, action }: { title: string; description?: ReactNode; action?: ReactNode }) {
  return (
    <Center py="xl">
      <Stack align="center" gap="xs" maw={420} ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
          <IconInbox size={26} />
        </ThemeIcon>
        <Title order={3} size="h4">
          {title}
        </Title>
        {description && <Text c="dimmed">{description}</Text>}
        {action}
      </Stack>
    </Center>
  );
}

/** What went wrong, in words, with a retry button when one is given. */
export function ErrorState({ error, onRetry, title = 'Something went wrong' }: { error: unknown; onRetry?: () => void; title?: string }) {
  const message = error instanceof ApiError || error instanceof Error ? error.message : 'Unknown error.';
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertTriangle aria-hidden />} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

export function NotFoundState({ what = 'page' }: { what?: string }) {
  return (
    <Center py="xl">
      <Stack align="center" gap="xs">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          <IconMapQuestion size={26} />
        </ThemeIcon>
        <Title order={2} size="h4">
          This {what} does not exist
        </Title>
        <Text c="dimmed">It may have been deleted, or the address is wrong.</Text>
      </Stack>
    </Center>
  );
}
