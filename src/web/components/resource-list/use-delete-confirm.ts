// Deleting a row of a resource list after a confirmation: which row is asked about, the request, a toast (with
// an Undo when the delete recorded an operation: features/operations/undo-notice.tsx), and a step back to the
// previous page when the delete emptied the last one. Feeds a <ConfirmDialog> (components/confirm-dialog.tsx).
import { useState } from 'react';
import type { Paginated } from '../../../shared/list-query';
import { pageAfterDelete } from './list-url';
import { notify } from './notify';
import type { Operation } from '../../../shared/bulk.schema';
import { showUndoNotice } from '../../features/operations/undo-notice';

interface Named {
  id: number;
  name: string;
}

/** A delete's answer: the operation it recorded, when it can be undone. */
export interface DeleteAnswer {
  operation?: Operation;
}

/** The parts of a react-query delete mutation (variables: the id) that a confirmation needs. */
export interface DeleteMutation {
  mutate: (id: number, options: { onSuccess: (answer: DeleteAnswer) => void }) => void;
  reset: () => void;
  isPending: boolean;
  error: unknown;
}

export function useDeleteConfirm<T extends Named>({
  mutation,
  noun,
  meta,
  page,
  onPage,
}: {
  mutation: DeleteMutation;
  /** One row, e.g. "domain": "Delete domain?" and the "Delete domain" button. */
  noun: string;
  /** The list's current meta (undefined while it loads). */
  meta: Paginated<unknown>['meta'] | undefined;
  /** The page in the URL. */
  page: number;
  onPage: (page: number) => void;
}) {
  const [target, setTarget] = useState<T | null>(null);

  const ask = (item: T) => {
    mutation.reset();
    setTarget(item);
  };

  const confirm = () => {
    if (!target || !meta) return;
    mutation.mutate(target.id, {
      onSuccess: (answer) => {
        if (answer.operation) showUndoNotice(answer.operation);
        else notify.success(`Deleted ${target.name}.`);
        setTarget(null);
        const next = pageAfterDelete(meta);
        if (next !== page) onPage(next);
      },
    });
  };

  return {
    /** The row asked about, or null when the dialog is closed. */
    target,
    ask,
    /** Props of the <ConfirmDialog> (all but its message). */
    dialog: {
      opened: target !== null,
      title: target ? `Delete ${target.name}?` : `Delete ${noun}?`,
      confirmLabel: `Delete ${noun}`,
      onClose: () => setTarget(null),
      onConfirm: confirm,
      pending: mutation.isPending,
      error: mutation.error,
    },
  };
}
