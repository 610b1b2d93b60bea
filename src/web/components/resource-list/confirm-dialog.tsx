// A confirmation dialog for destructive actions: says what will happen, waits for the request and shows
// why it failed (e.g. the last admin's 422). Named close button and a red with enough contrast (axe).
// Cancel, the safe choice, has the focus when it opens, so Enter (or a double Enter) never confirms by accident.
import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { ConfirmMessage } from './confirm-message';

export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  onConfirm,
  onClose,
  pending,
  error,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel?: string;
  /** The safe choice ("Cancel", "Stay on this page"). */
  cancelLabel?: string;
  onConfirm: () => void;
  onClose: () => void;
  pending?: boolean;
  error?: unknown;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <ConfirmMessage error={error}>{children}</ConfirmMessage>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {cancelLabel}
          </Button>
          <Button color="red.9" onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
