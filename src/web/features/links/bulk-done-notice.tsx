// The notification after a bulk action: what was done, and an Undo that reverts the operation at once. An undo
// refused because links changed since says how many, and offers "Undo anyway" (force), as the Operations page does.
import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp } from '@tabler/icons-react';
import { plural } from '../../components/resource-list/format';
import { UndoError, useUndoOperation } from '../operations/operations.queries';
import type { Operation } from '../../../shared/bulk.schema';

export function BulkDoneNotice({ op, notificationId, missing }: { op: Operation | null; notificationId: string; missing: number }) {
  const undo = useUndoOperation();
  const [problem, setProblem] = useState<{ message: string; conflict: boolean } | null>(null);
  const run = (force: boolean) => {
    if (!op) return;
    setProblem(null);
    undo.mutate(
      { id: op.id, force },
      {
        onSuccess: (r) =>
          notifications.update({
            id: notificationId,
            color: 'green',
            title: 'Undone',
            message: `${plural(r.restored, 'link')} ${op.type === 'delete' ? 'brought back' : 'restored'}${r.skipped.length ? `; ${plural(r.skipped.length, 'link')} left as they were` : ''}.`,
            autoClose: 6000,
            loading: false,
          }),
        onError: (err) => {
          const conflict = err instanceof UndoError && err.status === 409 && err.conflictsCount > 0;
          setProblem({
            conflict,
            message: conflict ? `${plural((err as UndoError).conflictsCount, 'link')} changed since; nothing was undone.` : err.message,
          });
        },
      },
    );
  };
  return (
    <Stack gap={6}>
      {missing > 0 && <Text size="sm">{plural(missing, 'selected link')} no longer existed.</Text>}
      {op ? (
        <>
          <Text size="sm">Undo within 24 hours, here or on the Operations page.</Text>
          {problem && (
            <Text size="sm" c="red" role="alert" data-testid="bulk-undo-problem">
              {problem.message}
            </Text>
          )}
          <Group gap="xs">
            <Button size="compact-sm" variant="light" leftSection={<IconArrowBackUp size={14} />} loading={undo.isPending} onClick={() => run(false)}>
              Undo
            </Button>
            {problem?.conflict && (
              <Button size="compact-sm" color="red.9" variant="light" loading={undo.isPending} onClick={() => run(true)}>
                Undo anyway
              </Button>
            )}
          </Group>
        </>
      ) : (
        <Text size="sm">Nothing changed.</Text>
      )}
    </Stack>
  );
}
