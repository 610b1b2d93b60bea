// The links list: filters, sort, paging and selection, all but the selection in the URL.
import { Suspense, lazy, useCallback, useMemo, useState } from 'react';
import { Button, Group, Loader } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { ButtonLink } from '../../components/router-links';
import type { LinkListQuery } from '../../../shared/link.schema';
import { PageHeader } from '../../components/page-header';
import { ListPagination } from '../../components/list-pagination';
import { EmptyState, ErrorState } from '../../components/states';
import { LinksFilters } from './links-filters';
import { LinksTable, LinksTableSkeleton } from './links-table';
import { linksListQueryOptions } from './links.queries';
import { toggleSort, withFilter } from './list-url';

const route = getRouteApi('/app/links');
// Loaded when rows are first selected: keeps menus and dialogs out of the list's first bundle.
const BulkBar = lazy(() => import('./bulk-bar').then((m) => ({ default: m.BulkBar })));

export function LinksPage() {
  const query = route.useSearch();
  const navigate = route.useNavigate();
  const list = useQuery(linksListQueryOptions(query));
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [bulkUsed, setBulkUsed] = useState(false);

  const update = (patch: Partial<LinkListQuery>) => {
    void navigate({ search: (prev) => withFilter(prev, patch), replace: 'search' in patch });
  };

  const links = useMemo(() => list.data?.data ?? [], [list.data]);
  const aliases = useMemo(() => new Map(links.map((l) => [l.id, l.alias])), [links]);
  const filtered = !!(query.search || query.status || query.space_id !== undefined || query.domain_id || query.pixel_id);

  const toggle = useCallback((id: number) => {
    setBulkUsed(true);
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  }, []);
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
            {list.isFetching && !list.isLoading && <Loader size="xs" aria-label="Refreshing" />}
            <ButtonLink to="/links/new" leftSection={<IconPlus size={16} />}>
              New link
            </ButtonLink>
          </Group>
        }
      />
      <LinksFilters query={query} onChange={update} />
      {bulkUsed && (
        <Suspense fallback={null}>
          <BulkBar selected={[...selected]} aliases={aliases} onDone={(failed) => setSelected(new Set(failed))} />
        </Suspense>
      )}
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
          loading={list.isPlaceholderData}
        />
      )}
      {list.isError && list.data && <ErrorState error={list.error} onRetry={() => void list.refetch()} title="Could not refresh links" />}
      <ListPagination meta={list.data?.meta} noun="links" onPage={(page) => update({ page })} onPerPage={(per_page) => update({ per_page: per_page as LinkListQuery['per_page'] })} />
    </>
  );
}
