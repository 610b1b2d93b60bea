// The pixels list: search, type filter, sort, page size and pages in the URL; edit and delete per row.
import { useState } from 'react';
import { ActionIcon, Badge, Code, Group, Loader, Paper, Select, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { notify } from '../../components/resource-list/notify';
import type { Pixel } from '../../../shared/pixel.schema';
import type { PixelType } from '../../../shared/enums';
import { pixelsRoute } from '../../routes/pixels';
import { pixelsListQueryOptions, useDeletePixel } from './pixels.queries';
import { PIXEL_TYPE_OPTIONS, pixelTypeLabel } from './pixel-text';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { SearchBox, SortSelect } from '../../components/resource-list/list-controls';
import { ConfirmDialog } from '../../components/resource-list/confirm-dialog';
import { ListPagination } from '../../components/list-pagination';
import { PageHeader } from '../../components/page-header';
import { SortableTh } from '../../components/sortable-th';
import { AnchorLink, ActionIconLink, ButtonLink } from '../../components/router-links';
import { formatDate } from '../../components/resource-list/format';
import { ID_NAME_SORT_OPTIONS, pageAfterDelete, parseSortKey, patchListSearch, sortKey, toggleColumnSort } from '../../components/resource-list/list-url';

export function PixelsPage() {
  const search = pixelsRoute.useSearch();
  const navigate = pixelsRoute.useNavigate();
  const list = useQuery(pixelsListQueryOptions(search));
  const [toDelete, setToDelete] = useState<Pixel | null>(null);
  const del = useDeletePixel();

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
  const filtered = Boolean(search.search || search.type);

  return (
    <Stack gap={0}>
      <PageHeader
        title="Pixels"
        actions={
          <>
            {list.isFetching && !list.isPending && <Loader size="xs" aria-label="Refreshing" />}
            <ButtonLink to="/pixels/new" leftSection={<IconPlus size={16} aria-hidden />}>
          New pixel
        </ButtonLink>
          </>
        }
      />
      <Group gap="sm" mb="md" wrap="wrap">
        <SearchBox value={search.search} label="Search pixels" onSearch={(v) => go({ search: v })} />
        <Select
          aria-label="Pixel type"
          placeholder="All types"
          data={PIXEL_TYPE_OPTIONS}
          value={search.type ?? null}
          clearable
          onChange={(v) => go({ type: (v ?? undefined) as PixelType | undefined })}
          w={230}
        />
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
        <LoadingState label="Loading pixels…" />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} title="Could not load pixels" />
      ) : rows.length === 0 ? (
        <Paper withBorder p="lg">
          {filtered ? (
            <EmptyState title="No pixels match" description="Try another search or type." />
          ) : (
            <EmptyState
              title="No pixels yet"
              description="Pixels load a vendor's tracking tag (Meta, Google, TikTok, ...) before a visitor is redirected."
              action={
                <ButtonLink to="/pixels/new" variant="light">
                  Add your first pixel
                </ButtonLink>
              }
            />
          )}
        </Paper>
      ) : (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={620}>
            <Table striped highlightOnHover verticalSpacing="sm" aria-label="Pixels" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <SortableTh column="name" sortBy={search.sort_by} sort={search.sort} onSort={(c) => sortBy(c as 'id' | 'name')}>
                    Name
                  </SortableTh>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>ID</Table.Th>
                  <SortableTh column="id" sortBy={search.sort_by} sort={search.sort} onSort={(c) => sortBy(c as 'id' | 'name')}>
                    Created
                  </SortableTh>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((p) => (
                  <Table.Tr key={p.id} data-testid="pixel-row">
                    <Table.Td>
                      <AnchorLink to="/pixels/$pixelId/edit" params={{ pixelId: p.id }} fw={600}>
                        {p.name}
                      </AnchorLink>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light">{pixelTypeLabel(p.type)}</Badge>
                    </Table.Td>
                    <Table.Td>
                      <Code>{p.value}</Code>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDate(p.created_at)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label="Edit">
                          <ActionIconLink to="/pixels/$pixelId/edit" params={{ pixelId: p.id }} variant="subtle" aria-label={`Edit ${p.name}`}>
                            <IconEdit size={18} />
                          </ActionIconLink>
                        </Tooltip>
                        <Tooltip label="Delete">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete ${p.name}`}
                            onClick={() => {
                              del.reset();
                              setToDelete(p);
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
        <ListPagination meta={list.data.meta} noun="pixels" onPage={(page) => go({ page })} onPerPage={(per_page) => go({ per_page: per_page as typeof search.per_page })} />
      )}
      <ConfirmDialog
        opened={toDelete !== null}
        title={toDelete ? `Delete ${toDelete.name}?` : 'Delete pixel?'}
        confirmLabel="Delete pixel"
        onClose={() => setToDelete(null)}
        onConfirm={confirmDelete}
        pending={del.isPending}
        error={del.error}
      >
        The pixel is removed from every link that uses it. This cannot be undone.
      </ConfirmDialog>
    </Stack>
  );
}
