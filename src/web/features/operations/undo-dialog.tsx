// The undo confirmation: says what comes back; Cancel has the focus. A 409 with conflicts lists the links that
// changed since (or cannot come back) and offers "Undo anyway" (force=1); any other refusal is shown as is.
import { Code, Stack, Text } from '@mantine/core';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { plural } from '../../components/resource-list/format';
import { UndoError } from './operations.queries';
import type { Operation } from '../../../shared/bulk.schema';

/** What a conflict means and what "Undo anyway" does, for this kind of operation. */
function conflictText(op: Operation, n: number): string {
  return op.type === 'delete'
    ? `${plural(n, 'deleted link')} cannot come back (the alias was taken meanwhile, or the domain is gone). Nothing was undone. Undo anyway brings back the others.`
    : `${plural(n, 'link')} changed after this operation or ${n === 1 ? 'is' : 'are'} gone. Nothing was undone. Undo anyway overwrites those later changes (links that are gone stay gone).`;
}

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
  const n = op ? plural(op.count, 'link') : '';
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
      {op?.type === 'delete'
        ? `The ${n} this operation deleted come back, with their clicks and statistics.`
        : `The ${n} this operation changed get their previous values back.`}
    </ConfirmDialog>
  );
}
