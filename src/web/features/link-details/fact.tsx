// A labelled value of the details page (facts and settings).
import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';

export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text component="div" size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}
