// Who I am, and rotating my API key (the new key is shown once; this browser switches to it at once).
import { useState, type ReactNode } from 'react';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { notify } from '../../components/resource-list/notify';
import { useRotateKey } from './account.queries';
import { accountQueryOptions } from '../../lib/session.queries';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { OneTimeSecret } from '../../components/resource-list/one-time-secret';
import { ErrorState, LoadingState } from '../../components/states';
import { formatDate } from '../../components/resource-list/format';
import { UtmTemplatesCard } from '../utm/utm-templates-card';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

export function AccountPage() {
  const account = useQuery(accountQueryOptions());
  const rotate = useRotateKey();
  const [confirming, setConfirming] = useState(false);
  const [newKey, setNewKey] = useState<string | null>(null);

  const onRotate = () =>
    rotate.mutate(undefined, {
      onSuccess: (key) => {
        setConfirming(false);
        setNewKey(key);
        notify.success('Your API key was replaced. This browser now uses the new one.');
      },
    });

  return (
    <Stack maw={720}>
      <Title order={1} size="h2">
        Account
      </Title>
      {account.isPending ? (
        <LoadingState label="Loading your account…" />
      ) : account.isError ? (
        <ErrorState error={account.error} onRetry={() => void account.refetch()} title="Could not load your account" />
      ) : (
        <Paper withBorder p="lg">
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }} spacing="lg">
            <Field label="Name">
              <Text fw={600} data-testid="account-name">
                {account.data.name}
              </Text>
            </Field>
            <Field label="Role">
              <Badge variant="light" color={account.data.role === 'admin' ? 'grape' : 'gray'} data-testid="account-role">
                {account.data.role}
              </Badge>
            </Field>
            <Field label="Account id">
              <Text>{account.data.id}</Text>
            </Field>
            <Field label="Member since">
              <Text>{formatDate(account.data.created_at)}</Text>
            </Field>
          </SimpleGrid>
        </Paper>
      )}
      <Paper withBorder p="lg">
        <Stack>
          <Title order={2} size="h4">
            API key
          </Title>
          <Text size="sm" c="dimmed">
            Your key signs in to this dashboard and authorises API calls. Rotate it if it may have leaked: the current key stops
            working at once, everywhere it is used. This browser switches to the new key by itself.
          </Text>
          {newKey && <OneTimeSecret value={newKey} title="Your new API key" />}
          <Group>
            <Button
              color="orange"
              variant="light"
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={() => {
                rotate.reset();
                setConfirming(true);
              }}
            >
              Rotate my key
            </Button>
          </Group>
        </Stack>
      </Paper>
      <UtmTemplatesCard />
      <ConfirmDialog
        opened={confirming}
        title="Rotate your API key?"
        confirmLabel="Rotate key"
        onClose={() => setConfirming(false)}
        onConfirm={onRotate}
        pending={rotate.isPending}
        error={rotate.error}
      >
        The current key stops working immediately. Scripts and other browsers that use it will need the new key, which is shown only once.
      </ConfirmDialog>
    </Stack>
  );
}
