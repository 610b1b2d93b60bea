// The notification after a recorded delete (a link, space, pixel, tag, domain or webhook, issue 26): what was
// deleted, in words, and an Undo that stays while the operation can be undone (the notification closes itself
// when its 24 hours are over, or when closed). An undo refused because links changed since offers "Undo anyway"
// (force); any other refusal (a name taken meanwhile) is said as the server says it.
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp } from '@tabler/icons-react';
import { UndoError, useUndoOperation } from './operations.queries';
import { conflictText, undoneText } from './operation-text';
import type { Operation } from '../../../shared/bulk.schema';

const closeButtonProps = { 'aria-label': 'Close notification' };

/** Longest wait a browser timer takes (about 24.8 days); an undo window is 24 hours. */
const MAX_TIMER_MS = 2 ** 31 - 1;

function UndoNotice({ op, notificationId, notes }: { op: Operation; notificationId: string; notes: ReactNode }) {
  const undo = useUndoOperation();
  const [problem, setProblem] = useState<{ message: string; conflict: boolean } | null>(null);
  // The Undo is offered while the operation can be undone; then the notification goes.
  useEffect(() => {
    const left = Date.parse(op.undo_until) - Date.now();
    const timer = setTimeout(() => notifications.hide(notificationId), Math.max(0, Math.min(left, MAX_TIMER_MS)));
    return () => clearTimeout(timer);
  }, [op.undo_until, notificationId]);
  const run = (force: boolean) => {
    setProblem(null);
    undo.mutate(
      { id: op.id, force },
      {
        onSuccess: (r) =>
          notifications.update({ id: notificationId, color: 'green', title: 'Undone', message: undoneText(op, r), autoClose: 6000, loading: false, closeButtonProps }),
        onError: (err) => {
          const conflict = err instanceof UndoError && err.status === 409 && err.conflictsCount > 0;
          setProblem({ conflict, message: conflict ? conflictText(op, (err as UndoError).conflictsCount) : err.message });
        },
      },
    );
  };
  return (
    <Stack gap={6}>
      {notes}
      <Text size="sm">Undo within 24 hours, here or on the Operations page.</Text>
      {problem && (
        <Text size="sm" c="red.9" role="alert" data-testid="undo-problem">
          {problem.message}
        </Text>
      )}
      <Group gap="xs">
        <Button size="compact-sm" variant="light" leftSection={<IconArrowBackUp size={14} aria-hidden />} loading={undo.isPending} onClick={() => run(false)}>
          Undo
        </Button>
        {problem?.conflict && (
          <Button size="compact-sm" color="red.9" variant="light" loading={undo.isPending} onClick={() => run(true)}>
            Undo anyway
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/**
 * Shows what an operation did (its summary, or `title`) with an Undo, while the operation can be undone: after a
 * delete, a bulk action (`notes`: what it left aside) or anything else recorded.
 */
export function showUndoNotice(op: Operation, { title, notes }: { title?: string; notes?: ReactNode } = {}): void {
  const id = `operation-${op.id}`;
  notifications.show({
    id,
    color: 'teal',
    title: title ?? op.summary,
    message: <UndoNotice op={op} notificationId={id} notes={notes} />,
    autoClose: false,
    closeButtonProps,
  });
}
