// The body of a confirmation: what will happen, and why the last attempt failed (e.g. a 422).
import type { ReactNode } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import { ApiError } from '../../lib/api-client';

export function ConfirmMessage({ children, error }: { children: ReactNode; error: unknown }) {
  return (
    <Stack gap="sm">
      {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
      {error ? (
        <Alert color="red" variant="light" role="alert" title="That did not work">
          {error instanceof ApiError || error instanceof Error ? error.message : 'Unknown error.'}
        </Alert>
      ) : null}
    </Stack>
  );
}
