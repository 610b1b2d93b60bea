// The links list: filters, sort, paging and selection, all but the selection in the URL. The selection
// belongs to the rows on screen: another page, filter, sort or page size starts with none selected, so a bulk
// action never reaches links the user cannot see.
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
import { toggleSort, withFilter } from './list-url';
import { clickSelection } from './bulk';
import { ExportMenu } from './export-menu';

const route = getRouteApi('/app/links');
// Loaded when rows are first selected: keeps menus and dialogs out of the list's first bundle.
const NONE: ReadonlySet<number> = new Set();
const BulkBar = lazy(() => import('./bulk-bar').then((m) => ({ default: m.BulkBar })));
const ConfirmDialog = lazy(() => import('../../components/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

export function LinksPage() {
  const query = route.useSearch();
  const navigate = route.useNavigate();
  const list = useQuery(linkQueries.list(query));
  // The selection is tagged with the query it was made on: another query empties it (React's "adjusting state
  // when a prop changes" during render), so coming back to the page does not bring it back either.
  const queryKey = JSON.stringify(query);
  // `all`: every link matching the filters is selected ("select all N matching"), beyond this page.
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlySet<number>; all?: boolean }>(() => ({ key: queryKey, ids: NONE }));
  if (selection.key !== queryKey) setSelection({ key: queryKey, ids: NONE });
  const selected = selection.key === queryKey ? selection.ids : NONE;
  const allMatching = selection.key === queryKey && !!selection.all;
  const [bulkUsed, setBulkUsed] = useState(false);
  const setSelected = useCallback(
    (change: (ids: ReadonlySet<number>) => ReadonlySet<number>) =>
      setSelection((s) => ({ key: queryKey, ids: change(s.key === queryKey ? s.ids : NONE) })),
    [queryKey],
  );

  const update = (patch: Partial<LinkListQuery>) => {
    void navigate({ search: (prev) => withFilter(prev, patch), replace: 'search' in patch });
  };

  // A row menu's Delete: a confirmation naming the link, then a step back when it emptied the last page.
  const deleteLink = linkQueries.useDelete();
  const deletion = useDeleteConfirm<{ id: number; name: string; shortUrl: string }>({
    mutation: deleteLink,
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

  const links = useMemo(() => list.data?.data ?? [], [list.data]);
  const aliases = useMemo(() => new Map(links.map((l) => [l.id, l.alias])), [links]);
  // Only rows on screen count (a row deleted meanwhile leaves the list and the selection), in the table's order.
  const selectedIds = useMemo(() => links.filter((l) => selected.has(l.id)).map((l) => l.id), [links, selected]);
  const filtered = !!(query.search || query.status || query.space_id !== undefined || query.domain_id || query.pixel_id || query.tag?.length);

  // A row's checkbox; with Shift, the rows from the last clicked one on this page to this one (clickSelection).
  const anchor = useRef<{ key: string; id: number } | null>(null);
  const toggle = useCallback(
    (id: number, range: boolean) => {
      setBulkUsed(true);
      const from = anchor.current?.key === queryKey ? anchor.current.id : null;
      anchor.current = { key: queryKey, id };
      const order = links.map((l) => l.id);
      setSelected((s) => clickSelection(order, s, id, from, range));
    },
    [setSelected, links, queryKey],
  );
  const toggleAll = (checked: boolean) => {
    setBulkUsed(true);
    setSelected((s) => {
      const n = new Set(s);
      for (const l of links) {
        if (checked) n.add(l.id);
        else n.delete(l.id);
      }
      return n;
    });
  };

  return (
    <>
      <PageHeader
        title="Links"
        description="Short links of your account."
        actions={
          <Group gap="xs">
            {list.isFetching && !list.isLoading && <Loader size="xs" role="status" aria-label="Refreshing" />}
            <ButtonLink to="/links/import" variant="default" leftSection={<IconUpload size={16} aria-hidden />}>
              Import
            </ButtonLink>
            <ExportMenu query={query} filtered={filtered} />
            <ButtonLink to="/links/new" leftSection={<IconPlus size={16} />}>
              New link
            </ButtonLink>
          </Group>
        }
      />
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
            description="Create your first short link; it will show up here with its clicks."
            action={
              <ButtonLink to="/links/new" leftSection={<IconPlus size={16} />}>
                New link
              </ButtonLink>
            }
          />
        )
      ) : (
        <LinksTable
          links={links}
          query={query}
          onSort={(column) => update(toggleSort(query, column))}
          selected={selected}
          onToggle={toggle}
          onToggleAll={toggleAll}
          onDelete={onDelete}
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
              stops working and its statistics are deleted. This cannot be undone.
            </Text>
          </ConfirmDialog>
        </Suspense>
      )}
      <ListPagination meta={list.data?.meta} noun="links" onPage={(page) => update({ page })} onPerPage={(per_page) => update({ per_page: per_page as LinkListQuery['per_page'] })} />
      {/* After the list: the bar floats at the bottom of the screen, and its spacer ends the page. */}
      {bulkUsed && (
        <Suspense fallback={null}>
          <BulkBar
            selected={selectedIds}
            aliases={aliases}
            query={query}
            total={list.data?.meta.total ?? 0}
            pageRows={links.length}
            allMatching={allMatching && selectedIds.length === links.length}
            onSelectAllMatching={() => setSelection((s) => ({ ...s, all: true }))}
            onClear={() => setSelection({ key: queryKey, ids: NONE })}
          />
        </Suspense>
      )}
    </>
  );
}
