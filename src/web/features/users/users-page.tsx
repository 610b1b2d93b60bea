// The users list (admins only): search, sort and pages in the URL; change a role inline; delete with confirmation.
import { useState } from 'react';
import { ActionIcon, Badge, Group, Loader, Paper, Select, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { notify } from '../../components/resource-list/notify';
import type { User } from '../../../shared/user.schema';
import type { UserRole } from '../../../shared/enums';
import { usersRoute } from '../../routes/users';
import { accountQueryOptions } from '../../lib/session.queries';
import { usersListQueryOptions, useDeleteUser, useUpdateUser } from './users.queries';
import { AdminOnly } from './admin-only';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { SearchBox, SortSelect } from '../../components/resource-list/list-controls';
import { ConfirmDialog } from '../../components/resource-list/confirm-dialog';
import { ListPagination } from '../../components/list-pagination';
import { PageHeader } from '../../components/page-header';
import { SortableTh } from '../../components/sortable-th';
import { ButtonLink } from '../../components/router-links';
import { formatDate } from '../../components/resource-list/format';
import { ID_NAME_SORT_OPTIONS, pageAfterDelete, parseSortKey, patchListSearch, sortKey, toggleColumnSort } from '../../components/resource-list/list-url';

const ROLE_OPTIONS = [
  { value: 'user', label: 'User' },
  { value: 'admin', label: 'Admin' },
];

export function UsersPage() {
  return (
    <AdminOnly>
      <UsersList />
    </AdminOnly>
  );
}

function UsersList() {
  const search = usersRoute.useSearch();
  const navigate = usersRoute.useNavigate();
  const list = useQuery(usersListQueryOptions(search));
  const me = useQuery(accountQueryOptions());
  const [toDelete, setToDelete] = useState<User | null>(null);
  const del = useDeleteUser();
  const update = useUpdateUser();

  const go = (patch: Partial<typeof search>) => void navigate({ search: (prev) => patchListSearch(prev, patch) });
  const sortBy = (column: 'id' | 'name') => go(toggleColumnSort(search, column, column === 'name' ? 'asc' : 'desc'));

  const changeRole = (user: User, role: UserRole) => {
    if (role === user.role) return;
    update.mutate(
      { id: user.id, body: { role } },
      {
        onSuccess: (u) => notify.success(`${u.name} is now ${u.role === 'admin' ? 'an admin' : 'a user'}.`),
        onError: (e) => notify.failure(`Could not change ${user.name}'s role`, e.message),
      },
    );
  };

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
        title="Users"
        actions={
          <>
            {list.isFetching && !list.isPending && <Loader size="xs" aria-label="Refreshing" />}
            <ButtonLink to="/users/new" leftSection={<IconPlus size={16} aria-hidden />}>
          New user
        </ButtonLink>
          </>
        }
      />
      <Group gap="sm" mb="md" wrap="wrap">
        <SearchBox value={search.search} label="Search users" onSearch={(v) => go({ search: v })} />
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
        <LoadingState label="Loading users…" />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} title="Could not load users" />
      ) : rows.length === 0 ? (
        <Paper withBorder p="lg">
          <EmptyState title={search.search ? 'No users match' : 'No users'} description={search.search ? `Nothing matches “${search.search}”.` : undefined} />
        </Paper>
      ) : (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={520}>
            <Table striped highlightOnHover verticalSpacing="sm" aria-label="Users" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <SortableTh column="name" sortBy={search.sort_by} sort={search.sort} onSort={(c) => sortBy(c as 'id' | 'name')}>
                    Name
                  </SortableTh>
                  <Table.Th>Role</Table.Th>
                  <SortableTh column="id" sortBy={search.sort_by} sort={search.sort} onSort={(c) => sortBy(c as 'id' | 'name')}>
                    Created
                  </SortableTh>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((u) => (
                  <Table.Tr key={u.id} data-testid="user-row">
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Text fw={600}>{u.name}</Text>
                        {me.data?.id === u.id && (
                          <Badge size="xs" variant="outline">
                            you
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={`Role of ${u.name}`}
                        data={ROLE_OPTIONS}
                        value={u.role}
                        allowDeselect={false}
                        onChange={(v) => v && changeRole(u, v as UserRole)}
                        disabled={update.isPending && update.variables?.id === u.id}
                        w={120}
                        size="xs"
                      />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDate(u.created_at)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group justify="flex-end">
                        <Tooltip label="Delete">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete ${u.name}`}
                            onClick={() => {
                              del.reset();
                              setToDelete(u);
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
        <ListPagination meta={list.data.meta} noun="users" onPage={(page) => go({ page })} onPerPage={(per_page) => go({ per_page: per_page as typeof search.per_page })} />
      )}
      <ConfirmDialog
        opened={toDelete !== null}
        title={toDelete ? `Delete ${toDelete.name}?` : 'Delete user?'}
        confirmLabel="Delete user"
        onClose={() => setToDelete(null)}
        onConfirm={confirmDelete}
        pending={del.isPending}
        error={del.error}
      >
        {toDelete && me.data?.id === toDelete.id
          ? 'This is your own account. Its domains, links, spaces and pixels are deleted with it, and you are signed out.'
          : 'Their domains, links, spaces and pixels are deleted with them, and their API key stops working. This cannot be undone.'}
      </ConfirmDialog>
    </Stack>
  );
}
