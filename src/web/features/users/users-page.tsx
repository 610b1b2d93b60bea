// The users list (admins only): search, sort and pages in the URL; change a role inline (your own admin role
// only after a confirmation; the last admin's not at all, said before anything opens); edit; delete with confirmation.
import { useState } from 'react';
import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { notify } from '../../components/resource-list/notify';
import type { User } from '../../../shared/user.schema';
import type { UserRole } from '../../../shared/enums';
import { accountQueryOptions } from '../../lib/session.queries';
import { userQueries } from './users.queries';
import { AdminOnly } from './admin-only';
import { BackupStatus } from './backup-status';
import { SelfDemoteDialog, isSelfDemotion } from './self-demote-dialog';
import { RoleSelect, isLastAdmin } from './role-select';
import { IdNameListToolbar } from '../../components/resource-list/list-controls';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ResourceListHeader, ResourceTable } from '../../components/resource-list/resource-table';
import { RowActions } from '../../components/resource-list/row-actions';
import { useDeleteConfirm } from '../../components/resource-list/use-delete-confirm';
import { SortableTh } from '../../components/sortable-th';
import { formatDate } from '../../components/resource-list/format';
import { idNameColumnSort, patchListSearch } from '../../components/resource-list/list-url';

const route = getRouteApi('/app/users');


export function UsersPage() {
  return (
    <AdminOnly>
      <UsersList />
    </AdminOnly>
  );
}

function UsersList() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const list = useQuery(userQueries.list(search));
  const me = useQuery(accountQueryOptions());
  // Every user (the pickers' list, refreshed after any write here): how many admins there are, whatever the page shows.
  const everyone = useQuery(userQueries.lookup());
  const admins = everyone.data?.filter((u) => u.role === 'admin').length;
  const go = (patch: Partial<typeof search>) => void navigate({ search: (prev) => patchListSearch(prev, patch) });
  const sorting = idNameColumnSort(search, go);
  const del = userQueries.useDelete();
  const deletion = useDeleteConfirm<User>({ mutation: del, noun: 'user', meta: list.data?.meta, page: search.page, onPage: (page) => go({ page }) });
  const update = userQueries.useUpdate();
  /** Your own row, while the demotion waits for a confirmation. */
  const [demotingSelf, setDemotingSelf] = useState<User | null>(null);
  const announce = (u: User) => notify.success(`${u.name} is now ${u.role === 'admin' ? 'an admin' : 'a user'}.`);

  const changeRole = (user: User, role: UserRole) => {
    if (role === user.role) return;
    if (isSelfDemotion(me.data?.id, user, role)) {
      update.reset();
      setDemotingSelf(user);
      return;
    }
    update.mutate(
      { id: user.id, body: { role } },
      {
        onSuccess: announce,
        onError: (e) => notify.failure(`Could not change ${user.name}'s role`, e.message),
      },
    );
  };

  const demoteSelf = () => {
    if (!demotingSelf) return;
    update.mutate(
      { id: demotingSelf.id, body: { role: 'user' } },
      {
        onSuccess: (u) => {
          setDemotingSelf(null);
          announce(u);
        },
      },
    );
  };

  return (
    <Stack gap={0}>
      <ResourceListHeader title="Users" list={list} create={{ to: '/users/new' }} createLabel="New user" />
      <BackupStatus />
      <IdNameListToolbar query={search} searchLabel="Search users" onChange={go} />
      <ResourceTable
        list={list}
        label="Users"
        noun="users"
        minWidth={520}
        empty={{ filtered: Boolean(search.search), matchHint: `Nothing matches “${search.search}”.`, title: 'No users' }}
        head={
          <>
            <SortableTh column="name" {...sorting}>
              Name
            </SortableTh>
            <Table.Th>Role</Table.Th>
            <SortableTh column="id" {...sorting}>
              Created
            </SortableTh>
          </>
        }
        row={(u) => (
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
              <RoleSelect
                user={u}
                lastAdmin={isLastAdmin(u, admins)}
                onChange={(role) => changeRole(u, role)}
                pending={update.isPending && update.variables?.id === u.id}
              />
            </Table.Td>
            <Table.Td>
              <Text size="sm">{formatDate(u.created_at)}</Text>
            </Table.Td>
            <RowActions name={u.name} edit={{ to: '/users/$userId/edit', params: { userId: u.id } }} onDelete={() => deletion.ask(u)} />
          </Table.Tr>
        )}
        onPage={(page) => go({ page })}
        onPerPage={(per_page) => go({ per_page: per_page as typeof search.per_page })}
      />
      <ConfirmDialog {...deletion.dialog}>
        {deletion.target && me.data?.id === deletion.target.id
          ? 'This is your own account. Its domains, links, spaces and pixels are deleted with it, and you are signed out.'
          : 'Their domains, links, spaces and pixels are deleted with them, and their API key stops working. This cannot be undone.'}
      </ConfirmDialog>
      <SelfDemoteDialog
        opened={demotingSelf !== null}
        onConfirm={demoteSelf}
        onClose={() => setDemotingSelf(null)}
        pending={update.isPending}
        error={demotingSelf ? update.error : null}
      />
    </Stack>
  );
}
