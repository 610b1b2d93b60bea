// The history of operations (bulk changes and deletes, the delete of one link, space, pixel, tag, domain or
// webhook, imports): when, what in words, how many links, and whether it can still be undone (24 hours); Undo
// asks first, and a conflict offers "Undo anyway".
import { useState } from 'react';
import { Paper, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { ListPagination } from '../../components/list-pagination';
import { ButtonLink } from '../../components/router-links';
import { notify } from '../../components/resource-list/notify';
import { operationsListQueryOptions, useUndoOperation } from './operations.queries';
import type { Operation } from '../../../shared/bulk.schema';
import { UndoDialog } from './undo-dialog';
import { undoneText } from './operation-text';
import { OperationsList } from './operations-list';

const route = getRouteApi('/app/operations');

export function OperationsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const list = useQuery(operationsListQueryOptions(search));
  const undo = useUndoOperation();
  const [target, setTarget] = useState<Operation | null>(null);
  const go = (patch: Partial<typeof search>) => void navigate({ search: (prev) => ({ ...prev, page: 1, ...patch }) });

  const ask = (op: Operation) => {
    undo.reset();
    setTarget(op);
  };
  const confirm = (force: boolean) => {
    if (!target) return;
    undo.mutate(
      { id: target.id, force },
      {
        onSuccess: (r) => {
          setTarget(null);
          notify.success(`Undone: ${undoneText(r, r)}`);
        },
      },
    );
  };

  const rows = list.data?.data ?? [];
  return (
    <Stack gap="md">
      <PageHeader title="Operations" description="Bulk changes, deletions and imports. Each can be undone for 24 hours." />
      {list.isPending ? (
        <LoadingState label="Loading operations…" />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} title="Could not load operations" />
      ) : rows.length === 0 && list.data.meta.total === 0 ? (
        <Paper withBorder p="lg">
          <EmptyState
            title="No operations yet"
            description="Changing or deleting links in bulk, deleting a link, space, pixel, tag, domain or webhook, and importing links record an operation here, which you can undo for 24 hours."
            action={
              <ButtonLink to="/links" variant="light">
                Go to links
              </ButtonLink>
            }
          />
        </Paper>
      ) : (
        <OperationsList rows={rows} onUndo={ask} loading={list.isPlaceholderData} />
      )}
      {list.data && list.data.meta.total > 0 && (
        <ListPagination meta={list.data.meta} noun="operations" onPage={(page) => go({ page })} onPerPage={(per_page) => go({ per_page: per_page as typeof search.per_page })} />
      )}
      <UndoDialog op={target} onClose={() => setTarget(null)} onConfirm={confirm} pending={undo.isPending} error={undo.error} />
    </Stack>
  );
}
