// The spaces list: search, sort, page size and pages in the URL; colour, links count, edit and delete per row (for
// those who may change spaces in the workspace).
import { Badge, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { Space } from '../../../shared/space.schema';
import { spaceQueries } from './spaces.queries';
import { SpaceSwatch } from './space-color';
import { deleteSpaceWarning, spaceColorLabel } from './space-text';
import { IdNameListToolbar } from '../../components/resource-list/list-controls';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ResourceListHeader, ResourceTable } from '../../components/resource-list/resource-table';
import { RowActions } from '../../components/resource-list/row-actions';
import { useDeleteConfirm } from '../../components/resource-list/use-delete-confirm';
import { SortableTh } from '../../components/sortable-th';
import { AnchorLink, ButtonLink } from '../../components/router-links';
import { formatDate } from '../../components/resource-list/format';
import { idNameColumnSort, patchListSearch } from '../../components/resource-list/list-url';
import { useCan } from '../../lib/current-workspace';

const route = getRouteApi('/app/spaces');

export function SpacesPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const list = useQuery(spaceQueries.list(search));
  const go = (patch: Partial<typeof search>) => void navigate({ search: (prev) => patchListSearch(prev, patch) });
  const sorting = idNameColumnSort(search, go);
  const del = spaceQueries.useDelete();
  const editable = useCan('spaces:write');
  const deletion = useDeleteConfirm<Space>({ mutation: del, noun: 'space', meta: list.data?.meta, page: search.page, onPage: (page) => go({ page }) });

  return (
    <Stack gap={0}>
      <ResourceListHeader title="Spaces" list={list} create={{ to: '/spaces/new' }} createLabel="New space" createScope="spaces:write" />
      <IdNameListToolbar query={search} searchLabel="Search spaces" onChange={go} />
      <ResourceTable
        list={list}
        label="Spaces"
        noun="spaces"
        minWidth={520}
        empty={{
          filtered: Boolean(search.search),
          matchHint: `Nothing matches “${search.search}”.`,
          title: 'No spaces yet',
          description: 'Spaces group links by campaign, client or team, each with its own colour.',
          action: editable && (
            <ButtonLink to="/spaces/new" variant="light">
              Create your first space
            </ButtonLink>
          ),
        }}
        head={
          <>
            <SortableTh column="name" {...sorting}>
              Name
            </SortableTh>
            <Table.Th>Links</Table.Th>
            <SortableTh column="id" {...sorting}>
              Created
            </SortableTh>
          </>
        }
        row={(s) => (
          <Table.Tr key={s.id} data-testid="space-row">
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <SpaceSwatch color={s.color} />
                <VisuallyHidden>{spaceColorLabel(s.color)}</VisuallyHidden>
                {editable ? (
                  <AnchorLink to="/spaces/$spaceId/edit" params={{ spaceId: s.id }} fw={600}>
                    {s.name}
                  </AnchorLink>
                ) : (
                  <Text fw={600}>{s.name}</Text>
                )}
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
            {editable ? <RowActions name={s.name} edit={{ to: '/spaces/$spaceId/edit', params: { spaceId: s.id } }} onDelete={() => deletion.ask(s)} /> : <Table.Td />}
          </Table.Tr>
        )}
        onPage={(page) => go({ page })}
        onPerPage={(per_page) => go({ per_page: per_page as typeof search.per_page })}
      />
      <ConfirmDialog {...deletion.dialog}>{deletion.target ? deleteSpaceWarning(deletion.target) : ''}</ConfirmDialog>
    </Stack>
  );
}
