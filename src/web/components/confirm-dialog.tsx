// The dashboard's one confirmation dialog: what will happen, Cancel and the confirm button (red.9, enough contrast
// for axe, when the action destroys or discards), the request's progress, and why the last attempt failed (e.g. the
// last admin's 422). Cancel, the safe choice, has the focus when it opens, so Enter (or a double Enter) never
// confirms by accident. The close button is named.
import type { ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** What will happen: a sentence, or any content. */
  children: ReactNode;
  confirmLabel?: string;
  /** The safe choice ("Cancel", "Stay on this page"). */
  cancelLabel?: string;
  /** The action destroys or discards something (the default): the confirm button is red. */
  destructive?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** The request is under way (the confirm button spins). */
  pending?: boolean;
  /** Nothing to confirm yet or any more (e.g. a refusal that a retry cannot change). */
  confirmDisabled?: boolean;
  /** Why the last attempt failed; `errorTitle` heads it. */
  error?: unknown;
  errorTitle?: string;
  /** The error in words, when its message is not enough (e.g. which links are in conflict). */
  errorText?: ReactNode;
  /** Test id of the error's alert. */
  errorTestId?: string;
}

export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  destructive = true,
  onConfirm,
  onClose,
  pending,
  confirmDisabled,
  error,
  errorTitle = 'That did not work',
  errorText,
  errorTestId,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Stack gap="sm">
          {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
          {error ? (
            <Alert color="red" variant="light" role="alert" title={errorTitle} data-testid={errorTestId}>
              {errorText ?? (error instanceof Error ? error.message : 'Unknown error.')}
            </Alert>
          ) : null}
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {cancelLabel}
          </Button>
          <Button color={destructive ? 'red.9' : undefined} onClick={onConfirm} loading={pending} disabled={confirmDisabled}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
