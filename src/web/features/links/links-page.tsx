// The links list: filters, sort, paging and selection, all but the selection in the URL. The selection belongs
// to the list (use-link-selection.ts): it is kept across its pages, and another filter, sort or page size starts
// with none selected, the bulk bar saying so; the bar says what a bulk action reaches ("12 selected on 3 pages").
// What the person's role allows: without links:write no selection, create, edit or delete; import and
// export each need their own scope.
import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Group, Loader, Text } from '@mantine/core';
import { IconPlus, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { ButtonLink } from '../../components/router-links';
import type { Link, LinkListQuery } from '../../../shared/link.schema';
import { PageHeader } from '../../components/page-header';
import { ListPagination } from '../../components/list-pagination';
import { EmptyState, ErrorState } from '../../components/states';
import { LinksFilters } from './links-filters';
import { LinksTable, LinksTableSkeleton } from './links-table';
import { useDeleteConfirm } from '../../components/resource-list/use-delete-confirm';
import { linkQueries } from './links.queries';
import { filterCount, toggleSort, withFilter } from './list-url';
import { useLinkSelection } from './use-link-selection';
import { ExportMenu } from './export-menu';
import { SavedViews } from '../views/saved-views';
import { Can } from '../../components/can';
import { useCan } from '../../lib/current-workspace';
import { UNDO_WINDOW_TEXT } from '../operations/undo-window';

const route = getRouteApi('/app/links');
// Loaded when rows are first selected: keeps menus and dialogs out of the list's first bundle.
const BulkBar = lazy(() => import('./bulk-bar').then((m) => ({ default: m.BulkBar })));
const ConfirmDialog = lazy(() => import('../../components/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

export function LinksPage() {
  const query = route.useSearch();
  const navigate = route.useNavigate();
  const list = useQuery(linkQueries.list(query));
  const links = useMemo(() => list.data?.data ?? [], [list.data]);
  const selection = useLinkSelection(query, links, list.data?.meta.total ?? 0);
  const [bulkUsed, setBulkUsed] = useState(false);
  const editable = useCan('links:write');

  const update = (patch: Partial<LinkListQuery>) => {
    void navigate({ search: (prev) => withFilter(prev, patch), replace: 'search' in patch });
  };

  // A row menu's Delete: a confirmation naming the link, then a step back when it emptied the last page.
  const deleteLink = linkQueries.useDelete();
  const deletion = useDeleteConfirm<{ id: number; name: string; shortUrl: string }>({
    // A deleted link leaves the selection too.
    mutation: {
      ...deleteLink,
      mutate: (id, o) =>
        deleteLink.mutate(id, {
          onSuccess: (answer) => {
            selection.drop(id);
            o.onSuccess(answer);
          },
        }),
    },
    noun: 'link',
    meta: list.data?.meta,
    page: query.page,
    onPage: (page) => update({ page }),
  });
  const [deleteUsed, setDeleteUsed] = useState(false);
  const ask = useRef(deletion.ask);
  useEffect(() => {
    ask.current = deletion.ask;
  });
  const onDelete = useCallback((link: Link) => {
    setDeleteUsed(true);
    ask.current({ id: link.id, name: link.alias, shortUrl: link.short_url });
  }, []);

  const filtered = !!query.search || filterCount(query) > 0;

  // A row's checkbox (a stable function: rows are memoised); with Shift, a range on this page (clickSelection).
  const { toggle: toggleRow } = selection;
  const toggle = useCallback(
    (id: number, range: boolean) => {
      setBulkUsed(true);
      toggleRow(id, range);
    },
    [toggleRow],
  );
  const toggleAll = (checked: boolean) => {
    setBulkUsed(true);
    selection.toggleAll(checked);
  };

  return (
    <>
      <PageHeader
        title="Links"
        description="Short links of this workspace."
        actions={
          <Group gap="xs">
            {list.isFetching && !list.isLoading && <Loader size="xs" role="status" aria-label="Refreshing" />}
            <Can scope="imports:write">
              <ButtonLink to="/links/import" variant="default" leftSection={<IconUpload size={16} aria-hidden />}>
                Import
              </ButtonLink>
            </Can>
            <Can scope="exports:read">
              <ExportMenu query={query} filtered={filtered} />
            </Can>
            <Can scope="links:write">
              <ButtonLink to="/links/new" leftSection={<IconPlus size={16} />}>
                New link
              </ButtonLink>
            </Can>
          </Group>
        }
      />
      <SavedViews query={query} />
      <LinksFilters query={query} onChange={update} />
      {list.isError && !list.data ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} title="Could not load links" />
      ) : !list.data ? (
        <LinksTableSkeleton />
      ) : links.length === 0 && list.data.meta.total > 0 ? null /* past the end: the pagination says so */ : links.length === 0 ? (
        filtered ? (
          <EmptyState
            title="No links match these filters"
            description="Try another search or clear the filters."
            action={
              <Button variant="light" onClick={() => void navigate({ search: {} })}>
                Clear filters
              </Button>
            }
          />
        ) : (
          <EmptyState
            title="No links yet"
            description={editable ? 'Create your first short link; it will show up here with its clicks.' : 'Links made in this workspace show up here with their clicks.'}
            action={
              editable && (
                <ButtonLink to="/links/new" leftSection={<IconPlus size={16} />}>
                  New link
                </ButtonLink>
              )
            }
          />
        )
      ) : (
        <LinksTable
          links={links}
          query={query}
          onSort={(column) => update(toggleSort(query, column))}
          selected={selection.ticked}
          onToggle={toggle}
          onToggleAll={toggleAll}
          onDelete={onDelete}
          editable={editable}
          loading={list.isPlaceholderData}
        />
      )}
      {list.isError && list.data && <ErrorState error={list.error} onRetry={() => void list.refetch()} title="Could not refresh links" />}
      {deleteUsed && (
        <Suspense fallback={null}>
          <ConfirmDialog {...deletion.dialog}>
            <Text size="sm">
              <Text span fw={600}>
                {deletion.target?.shortUrl}
              </Text>{' '}
              stops working and its statistics are deleted. {UNDO_WINDOW_TEXT}
            </Text>
          </ConfirmDialog>
        </Suspense>
      )}
      <ListPagination meta={list.data?.meta} noun="links" onPage={(page) => update({ page })} onPerPage={(per_page) => update({ per_page: per_page as LinkListQuery['per_page'] })} />
      {/* After the list: the bar floats at the bottom of the screen, and its spacer ends the page. */}
      {bulkUsed && (
        <Suspense fallback={null}>
          <BulkBar
            selected={selection.ids}
            aliases={selection.aliases}
            label={selection.label}
            query={query}
            total={list.data?.meta.total ?? 0}
            allMatching={selection.selection.all}
            onSelectAllMatching={selection.selectAllMatching}
            onClear={selection.clear}
            cleared={selection.cleared}
            onDismissCleared={selection.dismissCleared}
          />
        </Suspense>
      )}
    </>
  );
}
