// The pixels list: search, type filter, sort, page size and pages in the URL; edit and delete per row (for those who
// may change pixels in the workspace).
import { Badge, Code, Select, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { Pixel } from '../../../shared/pixel.schema';
import type { PixelType } from '../../../shared/enums';
import { pixelQueries } from './pixels.queries';
import { PIXEL_TYPE_OPTIONS, pixelTypeLabel } from './pixel-text';
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
import { UNDO_WINDOW_TEXT } from '../operations/undo-window';

const route = getRouteApi('/app/pixels');

export function PixelsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const list = useQuery(pixelQueries.list(search));
  const go = (patch: Partial<typeof search>) => void navigate({ search: (prev) => patchListSearch(prev, patch) });
  const sorting = idNameColumnSort(search, go);
  const del = pixelQueries.useDelete();
  const editable = useCan('pixels:write');
  const deletion = useDeleteConfirm<Pixel>({ mutation: del, noun: 'pixel', meta: list.data?.meta, page: search.page, onPage: (page) => go({ page }) });

  return (
    <Stack gap={0}>
      <ResourceListHeader title="Pixels" list={list} create={{ to: '/pixels/new' }} createLabel="New pixel" createScope="pixels:write" />
      <IdNameListToolbar query={search} searchLabel="Search pixels" onChange={go}>
        <Select
          aria-label="Pixel type"
          placeholder="All types"
          data={PIXEL_TYPE_OPTIONS}
          value={search.type ?? null}
          clearable
          onChange={(v) => go({ type: (v ?? undefined) as PixelType | undefined })}
          w={230}
        />
      </IdNameListToolbar>
      <ResourceTable
        list={list}
        label="Pixels"
        noun="pixels"
        minWidth={620}
        empty={{
          filtered: Boolean(search.search || search.type),
          matchHint: 'Try another search or type.',
          title: 'No pixels yet',
          description: "Pixels load a vendor's tracking tag (Meta, Google, TikTok, ...) before a visitor is redirected.",
          action: editable && (
            <ButtonLink to="/pixels/new" variant="light">
              Add your first pixel
            </ButtonLink>
          ),
        }}
        head={
          <>
            <SortableTh column="name" {...sorting}>
              Name
            </SortableTh>
            <Table.Th>Type</Table.Th>
            <Table.Th>ID</Table.Th>
            <SortableTh column="id" {...sorting}>
              Created
            </SortableTh>
          </>
        }
        row={(p) => (
          <Table.Tr key={p.id} data-testid="pixel-row">
            <Table.Td>
              {editable ? (
                <AnchorLink to="/pixels/$pixelId/edit" params={{ pixelId: p.id }} fw={600}>
                  {p.name}
                </AnchorLink>
              ) : (
                <Text fw={600}>{p.name}</Text>
              )}
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
            {editable ? <RowActions name={p.name} edit={{ to: '/pixels/$pixelId/edit', params: { pixelId: p.id } }} onDelete={() => deletion.ask(p)} /> : <Table.Td />}
          </Table.Tr>
        )}
        onPage={(page) => go({ page })}
        onPerPage={(per_page) => go({ per_page: per_page as typeof search.per_page })}
      />
      <ConfirmDialog {...deletion.dialog}>The pixel is removed from every link that uses it. {UNDO_WINDOW_TEXT}</ConfirmDialog>
    </Stack>
  );
}
