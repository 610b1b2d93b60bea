// The sign-in form: API key, "remember on this device", a clear message for a wrong key.
import { useState, type FormEvent } from 'react';
import { Button, Center, Checkbox, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter, useSearch } from '@tanstack/react-router';
import { ApiError, api, auth } from '../../lib/api-client';
import { safeRedirect } from '../../lib/redirect';
import { ThemeToggle } from '../../components/theme-toggle';

export function SignInPage() {
  const search = useSearch({ from: '/sign-in' });
  const router = useRouter();
  const queryClient = useQueryClient();
  const [key, setKey] = useState('');
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = key.trim();
    if (!value) {
      setError('Enter your API key.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const account = await api.account(value);
      auth.set(value, remember);
      queryClient.clear();
      queryClient.setQueryData(['account'], account);
      await router.navigate({ href: safeRedirect(search.redirect) });
    } catch (err) {
      setError(
        err instanceof ApiError && err.status === 401
          ? 'This API key is not valid. Check it and try again.'
          : `Could not sign in: ${err instanceof Error ? err.message : 'unknown error'}`,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420} component="main">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Group justify="space-between">
              <Title order={1} size="h2">
                Sign in to Linkdeck
              </Title>
              <ThemeToggle />
            </Group>
            <Text c="dimmed" size="sm">
              Use the API key of your Linkdeck account. Your administrator gives it to you; you can rotate it on the Account page.
            </Text>
            <PasswordInput
              label="API key"
              autoComplete="current-password"
              value={key}
              onChange={(e) => setKey(e.currentTarget.value)}
              error={error}
              autoFocus
              data-autofocus
            />
            <Checkbox
              label="Remember me on this device"
              description="Off: you stay signed in across this browser's tabs until you close it. On: until you sign out, even after a restart."
              checked={remember}
              onChange={(e) => setRemember(e.currentTarget.checked)}
            />
            <Button type="submit" loading={busy} fullWidth>
              Sign in
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
