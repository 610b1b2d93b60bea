// The spaces list: search, sort, page size and pages in the URL; colour, links count, edit and delete per row.
import { useState } from 'react';
import { ActionIcon, Badge, Group, Loader, Paper, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { notify } from '../../components/resource-list/notify';
import type { Space } from '../../../shared/space.schema';
import { spacesRoute } from '../../routes/spaces';
import { spacesListQueryOptions, useDeleteSpace } from './spaces.queries';
import { SpaceSwatch } from './space-color';
import { deleteSpaceWarning, spaceColorLabel } from './space-text';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { SearchBox, SortSelect } from '../../components/resource-list/list-controls';
import { ConfirmDialog } from '../../components/resource-list/confirm-dialog';
import { ListPagination } from '../../components/list-pagination';
import { PageHeader } from '../../components/page-header';
import { SortableTh } from '../../components/sortable-th';
import { AnchorLink, ActionIconLink, ButtonLink } from '../../components/router-links';
import { formatDate } from '../../components/resource-list/format';
import { ID_NAME_SORT_OPTIONS, pageAfterDelete, parseSortKey, patchListSearch, sortKey, toggleColumnSort } from '../../components/resource-list/list-url';

export function SpacesPage() {
  const search = spacesRoute.useSearch();
  const navigate = spacesRoute.useNavigate();
  const list = useQuery(spacesListQueryOptions(search));
  const [toDelete, setToDelete] = useState<Space | null>(null);
  const del = useDeleteSpace();

  const go = (patch: Partial<typeof search>) => void navigate({ search: (prev) => patchListSearch(prev, patch) });
  const sortBy = (column: 'id' | 'name') => go(toggleColumnSort(search, column, column === 'name' ? 'asc' : 'desc'));

  const confirmDelete = () => {
    if (!toDelete || !list.data) return;
    const meta = list.data.meta;
    del.mutate(toDelete.id, {
      onSuccess: () => {
        notify.success(`Deleted ${toDelete.name}.`);
        setToDelete(null);
        const page = pageAfterDelete(meta);
        if (page !== search.page) go({ page });
      },
    });
  };

  const rows = list.data?.data ?? [];

  return (
    <Stack gap={0}>
      <PageHeader
        title="Spaces"
        actions={
          <>
            {list.isFetching && !list.isPending && <Loader size="xs" aria-label="Refreshing" />}
            <ButtonLink to="/spaces/new" leftSection={<IconPlus size={16} aria-hidden />}>
          New space
        </ButtonLink>
          </>
        }
      />
      <Group gap="sm" mb="md" wrap="wrap">
        <SearchBox value={search.search} label="Search spaces" onSearch={(v) => go({ search: v })} />
        <SortSelect
          value={sortKey(search.sort_by, search.sort)}
          options={ID_NAME_SORT_OPTIONS}
          onChange={(v) => {
            const s = parseSortKey(v, ['id', 'name'] as const);
            if (s) go(s);
          }}
        />
      </Group>
      {list.isPending ? (
        <LoadingState label="Loading spaces…" />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} title="Could not load spaces" />
      ) : rows.length === 0 ? (
        <Paper withBorder p="lg">
          {search.search ? (
            <EmptyState title="No spaces match" description={`Nothing matches “${search.search}”.`} />
          ) : (
            <EmptyState
              title="No spaces yet"
              description="Spaces group links by campaign, client or team, each with its own colour."
              action={
                <ButtonLink to="/spaces/new" variant="light">
                  Create your first space
                </ButtonLink>
              }
            />
          )}
        </Paper>
      ) : (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={520}>
            <Table striped highlightOnHover verticalSpacing="sm" aria-label="Spaces" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <SortableTh column="name" sortBy={search.sort_by} sort={search.sort} onSort={(c) => sortBy(c as 'id' | 'name')}>
                    Name
                  </SortableTh>
                  <Table.Th>Links</Table.Th>
                  <SortableTh column="id" sortBy={search.sort_by} sort={search.sort} onSort={(c) => sortBy(c as 'id' | 'name')}>
                    Created
                  </SortableTh>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((s) => (
                  <Table.Tr key={s.id} data-testid="space-row">
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <SpaceSwatch color={s.color} />
                        <VisuallyHidden>{spaceColorLabel(s.color)}</VisuallyHidden>
                        <AnchorLink to="/spaces/$spaceId/edit" params={{ spaceId: s.id }} fw={600}>
                          {s.name}
                        </AnchorLink>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color="gray">
                        {s.links_count}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDate(s.created_at)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label="Edit">
                          <ActionIconLink to="/spaces/$spaceId/edit" params={{ spaceId: s.id }} variant="subtle" aria-label={`Edit ${s.name}`}>
                            <IconEdit size={18} />
                          </ActionIconLink>
                        </Tooltip>
                        <Tooltip label="Delete">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete ${s.name}`}
                            onClick={() => {
                              del.reset();
                              setToDelete(s);
                            }}
                          >
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {list.data && list.data.meta.total > 0 && (
        <ListPagination meta={list.data.meta} noun="spaces" onPage={(page) => go({ page })} onPerPage={(per_page) => go({ per_page: per_page as typeof search.per_page })} />
      )}
      <ConfirmDialog
        opened={toDelete !== null}
        title={toDelete ? `Delete ${toDelete.name}?` : 'Delete space?'}
        confirmLabel="Delete space"
        onClose={() => setToDelete(null)}
        onConfirm={confirmDelete}
        pending={del.isPending}
        error={del.error}
      >
        {toDelete ? deleteSpaceWarning(toDelete) : ''}
      </ConfirmDialog>
    </Stack>
  );
}
