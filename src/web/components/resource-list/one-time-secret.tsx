// An API key that is shown exactly once: monospace, selectable, with a copy button and a warning.
import { ActionIcon, Alert, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';

export function OneTimeSecret({ value, title = 'New API key' }: { value: string; title?: string }) {
  return (
    <Alert color="yellow" variant="light" title={title} icon={<IconKey aria-hidden />} data-testid="one-time-secret">
      <Stack gap="xs">
        <Text size="sm">Copy it now: Linkdeck stores only a hash and cannot show it again.</Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <Code block style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="secret-value">
            {value}
          </Code>
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy'}>
                <ActionIcon variant="light" color={copied ? 'teal' : 'gray'} size="lg" onClick={copy} aria-label={copied ? 'Copied' : 'Copy key'}>
                  {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}
