// An audit log as a page: its filters, its entries and its pages, for the query in the page's URL. The workspace's
// Audit log and the instance's log differ only in what is passed in (their list query, words and a Workspace column).
import type { ReactNode } from 'react';
import { Button, Paper, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AuditEntry, AuditLogQuery } from '../../../shared/audit.schema';
import type { Paginated } from '../../../shared/list-query';
import { PageHeader } from '../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { ListPagination } from '../../components/list-pagination';
import { useNow } from '../../lib/use-now';
import { auditFilterCount, withoutFilters } from './audit-url';
import { AuditFilters } from './audit-filters';
import { AuditList } from './audit-list';

export interface AuditLogViewProps<E extends AuditEntry> {
  search: AuditLogQuery;
  /** Changes the URL's query. */
  go: (patch: Partial<AuditLogQuery>) => void;
  /** The page of entries for `search` (its route's loader fetched it just now). */
  list: UseQueryResult<Paginated<E>>;
  title: string;
  description: string;
  /** Said when nothing was recorded yet. */
  emptyDescription: string;
  emptyAction?: ReactNode;
  withWorkspace?: boolean;
}

export function AuditLogView<E extends AuditEntry>({ search, go, list, title, description, emptyDescription, emptyAction, withWorkspace }: AuditLogViewProps<E>) {
  const now = useNow(60_000);
  const filtered = auditFilterCount(search) > 0;
  const lower = title.toLowerCase();
  const rows = list.data?.data ?? [];
  return (
    <Stack gap="md">
      <PageHeader title={title} description={description} />
      <AuditFilters query={search} rows={rows} onChange={go} />
      {list.isPending ? (
        <LoadingState label={`Loading the ${lower}…`} />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} title={`Could not load the ${lower}`} />
      ) : rows.length === 0 && list.data.meta.total === 0 ? (
        <Paper withBorder p="lg">
          {filtered ? (
            <EmptyState
              title="No changes match these filters"
              description="Try fewer filters or other days."
              action={
                <Button variant="light" onClick={() => go(withoutFilters())}>
                  Clear filters
                </Button>
              }
            />
          ) : (
            <EmptyState title="No changes yet" description={emptyDescription} action={emptyAction} />
          )}
        </Paper>
      ) : (
        <AuditList rows={rows} now={now} loading={list.isPlaceholderData} onFilter={go} withWorkspace={withWorkspace} />
      )}
      {list.data && list.data.meta.total > 0 && (
        <ListPagination meta={list.data.meta} noun="entries" onPage={(page) => go({ page })} onPerPage={(per_page) => go({ per_page: per_page as AuditLogQuery['per_page'] })} />
      )}
    </Stack>
  );
}
