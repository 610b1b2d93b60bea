// The domains list: search, sort (select or column headers), page size and pages, all in the URL.
import { useState } from 'react';
import { ActionIcon, Badge, Group, Loader, Paper, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { notify } from '../../components/resource-list/notify';
import type { Domain } from '../../../shared/domain.schema';
import { domainsRoute } from '../../routes/domains';
import { AnchorLink, ActionIconLink, ButtonLink } from '../../components/router-links';
import { domainsListQueryOptions, useDeleteDomain } from './domains.queries';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { SearchBox, SortSelect } from '../../components/resource-list/list-controls';
import { ConfirmDialog } from '../../components/resource-list/confirm-dialog';
import { ListPagination } from '../../components/list-pagination';
import { PageHeader } from '../../components/page-header';
import { SortableTh } from '../../components/sortable-th';
import { ID_NAME_SORT_OPTIONS, pageAfterDelete, parseSortKey, patchListSearch, sortKey, toggleColumnSort } from '../../components/resource-list/list-url';
import { deleteDomainWarning } from './domain-text';
import { formatDate } from '../../components/resource-list/format';

export function DomainsPage() {
  const search = domainsRoute.useSearch();
  const navigate = domainsRoute.useNavigate();
  const list = useQuery(domainsListQueryOptions(search));
  const [toDelete, setToDelete] = useState<Domain | null>(null);
  const del = useDeleteDomain();

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
  const filtered = Boolean(search.search);

  return (
    <Stack gap={0}>
      <PageHeader
        title="Domains"
        actions={
          <>
            {list.isFetching && !list.isPending && <Loader size="xs" aria-label="Refreshing" />}
            <ButtonLink to="/domains/new" leftSection={<IconPlus size={16} aria-hidden />}>
          Add domain
        </ButtonLink>
          </>
        }
      />
      <Group gap="sm" mb="md" wrap="wrap">
        <SearchBox value={search.search} label="Search domains" onSearch={(v) => go({ search: v })} />
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
        <LoadingState label="Loading domains…" />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} title="Could not load domains" />
      ) : rows.length === 0 ? (
        <Paper withBorder p="lg">
          {filtered ? (
            <EmptyState title="No domains match" description={`Nothing matches “${search.search}”.`} />
          ) : (
            <EmptyState
              title="No domains yet"
              description="Add a domain you own to make short links on it. Point its DNS to this server first."
              action={
                <ButtonLink to="/domains/new" variant="light">
                  Add your first domain
                </ButtonLink>
              }
            />
          )}
        </Paper>
      ) : (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover verticalSpacing="sm" aria-label="Domains" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <SortableTh column="name" sortBy={search.sort_by} sort={search.sort} onSort={(c) => sortBy(c as 'id' | 'name')}>
                    Name
                  </SortableTh>
                  <Table.Th>Homepage</Table.Th>
                  <Table.Th>404 page</Table.Th>
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
                {rows.map((d) => (
                  <Table.Tr key={d.id} data-testid="domain-row">
                    <Table.Td>
                      <AnchorLink to="/domains/$domainId/edit" params={{ domainId: d.id }} fw={600}>
                        {d.name}
                      </AnchorLink>
                      <Text size="xs" c="dimmed">
                        {d.url}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <UrlCell url={d.homepage_url} />
                    </Table.Td>
                    <Table.Td>
                      <UrlCell url={d.not_found_url} />
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color="gray">
                        {d.links_count}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDate(d.created_at)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label="Edit">
                          <ActionIconLink to="/domains/$domainId/edit" params={{ domainId: d.id }} variant="subtle" aria-label={`Edit ${d.name}`}>
                            <IconEdit size={18} />
                          </ActionIconLink>
                        </Tooltip>
                        <Tooltip label="Delete">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete ${d.name}`}
                            onClick={() => {
                              del.reset();
                              setToDelete(d);
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
        <ListPagination meta={list.data.meta} noun="domains" onPage={(page) => go({ page })} onPerPage={(per_page) => go({ per_page: per_page as typeof search.per_page })} />
      )}
      <ConfirmDialog
        opened={toDelete !== null}
        title={toDelete ? `Delete ${toDelete.name}?` : 'Delete domain?'}
        confirmLabel="Delete domain"
        onClose={() => setToDelete(null)}
        onConfirm={confirmDelete}
        pending={del.isPending}
        error={del.error}
      >
        {toDelete ? deleteDomainWarning(toDelete) : ''}
      </ConfirmDialog>
    </Stack>
  );
}

function UrlCell({ url }: { url: string | null }) {
  if (!url) return <Text size="sm" c="dimmed">—</Text>;
  return (
    <Text size="sm" lineClamp={1} maw={220} title={url}>
      {url}
    </Text>
  );
}
