// The history of bulk operations (bulk PATCH/DELETE): when, what, how many links, and whether it can still
// be undone (24 hours); Undo asks first, and a conflict offers "Undo anyway".
import { useState } from 'react';
import { Badge, Button, Paper, Stack, Table, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { ListPagination } from '../../components/list-pagination';
import { ButtonLink } from '../../components/router-links';
import { notify } from '../../components/resource-list/notify';
import { plural } from '../../components/resource-list/format';
import { operationsListQueryOptions, useUndoOperation, type Operation } from './operations.queries';
import { describeChanges, describeSelection, undoState } from './operation-text';
import { UndoDialog } from './undo-dialog';
import { ActionsTh } from '../../components/resource-list/row-actions';

const route = getRouteApi('/app/operations');

function when(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function UndoStatus({ op }: { op: Operation }) {
  const state = undoState(op);
  if (state === 'undone') return <Badge color="gray" variant="light">Undone {when(op.undone_at)}</Badge>;
  if (state === 'expired') return <Text size="sm" c="dimmed">No longer undoable</Text>;
  return <Text size="sm">Until {when(op.undo_until)}</Text>;
}

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
          const skipped = r.skipped.length ? `; ${plural(r.skipped.length, 'link')} left as they are` : '';
          notify.success(`Undone: ${plural(r.restored, 'link')} ${r.type === 'delete' ? 'restored' : 'put back'}${skipped}.`);
        },
      },
    );
  };

  const rows = list.data?.data ?? [];
  return (
    <Stack gap="md">
      <PageHeader title="Operations" description="Bulk changes and deletions of links. Each can be undone for 24 hours." />
      {list.isPending ? (
        <LoadingState label="Loading operations…" />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} title="Could not load operations" />
      ) : rows.length === 0 && list.data.meta.total === 0 ? (
        <Paper withBorder p="lg">
          <EmptyState
            title="No bulk operations yet"
            description="Changing or deleting many links at once records an operation here, which you can undo for 24 hours."
            action={
              <ButtonLink to="/links" variant="light">
                Go to links
              </ButtonLink>
            }
          />
        </Paper>
      ) : (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={720}>
            <Table striped verticalSpacing="sm" aria-label="Operations" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>What</Table.Th>
                  <Table.Th>Links</Table.Th>
                  <Table.Th>Undo</Table.Th>
                  <ActionsTh />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((op) => (
                  <Table.Tr key={op.id} data-testid="operation-row" data-type={op.type}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm">{when(op.created_at)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={2}>
                        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {describeChanges(op)}
                        </Text>
                        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                          Chosen by {describeSelection(op.selection)}
                        </Text>
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{op.count.toLocaleString('en')}</Text>
                    </Table.Td>
                    <Table.Td>
                      <UndoStatus op={op} />
                    </Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>
                      {op.undoable && (
                        <Button size="xs" variant="light" leftSection={<IconArrowBackUp size={14} aria-hidden />} onClick={() => ask(op)} aria-label={`Undo operation ${op.id}`}>
                          Undo
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {list.data && list.data.meta.total > 0 && (
        <ListPagination meta={list.data.meta} noun="operations" onPage={(page) => go({ page })} onPerPage={(per_page) => go({ per_page: per_page as typeof search.per_page })} />
      )}
      <UndoDialog op={target} onClose={() => setTarget(null)} onConfirm={confirm} pending={undo.isPending} error={undo.error} />
    </Stack>
  );
}
