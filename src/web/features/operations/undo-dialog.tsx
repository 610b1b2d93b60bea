// The undo confirmation: names the operation and says what the undo does; Cancel has the focus. A 409 with
// conflicts lists the links that changed since (or cannot come back) and offers "Undo anyway" (force=1); any
// other refusal (a name taken meanwhile, an import still running) is shown as is.
import { Code, Stack, Text } from '@mantine/core';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { plural } from '../../components/resource-list/format';
import { UndoError } from './operations.queries';
import type { Operation } from '../../../shared/bulk.schema';
import { conflictText, undoWhat } from './operation-text';

export function UndoDialog({
  op,
  onClose,
  onConfirm,
  pending,
  error,
}: {
  op: Operation | null;
  onClose: () => void;
  onConfirm: (force: boolean) => void;
  pending: boolean;
  error: unknown;
}) {
  const conflict = error instanceof UndoError && error.status === 409 && error.conflicts.length > 0 ? error : null;
  const message = error instanceof Error ? error.message : null;
  return (
    <ConfirmDialog
      opened={op !== null}
      title="Undo this operation?"
      confirmLabel={conflict ? 'Undo anyway' : 'Undo'}
      onConfirm={() => onConfirm(conflict !== null)}
      onClose={onClose}
      pending={pending}
      confirmDisabled={!conflict && !!message}
      error={message ? error : null}
      errorTitle={conflict ? 'Some links changed since' : 'Could not undo'}
      errorTestId="undo-error"
      errorText={
        <Stack gap={6}>
          <Text size="sm">{conflict && op ? conflictText(op, conflict.conflictsCount) : message}</Text>
          {conflict && (
            <Text size="sm" data-testid="undo-conflicts">
              {plural(conflict.conflictsCount, 'link')} in conflict (ids): <Code>{conflict.conflicts.join(', ')}</Code>
              {conflict.conflictsCount > conflict.conflicts.length ? ` and ${conflict.conflictsCount - conflict.conflicts.length} more` : ''}
            </Text>
          )}
        </Stack>
      }
    >
      {op && (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {op.summary}
          </Text>
          <Text size="sm">{undoWhat(op)}</Text>
        </Stack>
      )}
    </ConfirmDialog>
  );
}
