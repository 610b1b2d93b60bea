// A confirmation dialog: title, message, confirm (red when destructive) and cancel. Cancel, the safe choice,
// has the focus when it opens, so Enter (or a double Enter) never confirms by accident.
import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface ConfirmModalProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  destructive?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmModal({ opened, title, message, confirmLabel = 'Confirm', destructive = true, loading, onConfirm, onCancel }: ConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        {typeof message === 'string' ? <Text size="sm">{message}</Text> : message}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button color={destructive ? 'red' : undefined} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
