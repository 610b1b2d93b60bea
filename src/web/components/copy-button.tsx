// Copies a value to the clipboard and says so (light enough to sit in every row of a 100-row table).
import { ActionIcon, CopyButton as MantineCopyButton } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

export function CopyButton({ value, label = 'Copy' }: { value: string; label?: string }) {
  return (
    <MantineCopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <ActionIcon
          variant="subtle"
          color={copied ? 'teal' : 'gray'}
          onClick={copy}
          aria-label={copied ? 'Copied' : `${label}: ${value}`}
          title={copied ? 'Copied' : label}
          size="sm"
        >
          {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
        </ActionIcon>
      )}
    </MantineCopyButton>
  );
}
