// The audit log page (issue 27): every write in the workspace, newest first, with GET /audit-log's filters in the URL.
import { Button, Paper, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { AuditLogQuery } from '../../../shared/audit.schema';
import { PageHeader } from '../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { ListPagination } from '../../components/list-pagination';
import { ButtonLink } from '../../components/router-links';
import { patchListSearch } from '../../components/resource-list/list-url';
import { useNow } from '../../lib/use-now';
import { auditListQueryOptions } from './audit.queries';
import { auditFilterCount, withoutFilters } from './audit-url';
import { AuditFilters } from './audit-filters';
import { AuditList } from './audit-list';

const route = getRouteApi('/app/audit-log');

export function AuditPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  // The loader fetched it just now (or shows the last copy while it does).
  const list = useQuery({ ...auditListQueryOptions(search), refetchOnMount: false });
  const now = useNow(60_000);
  const go = (patch: Partial<AuditLogQuery>) => void navigate({ search: (prev) => patchListSearch(prev, patch) });
  const filtered = auditFilterCount(search) > 0;

  const rows = list.data?.data ?? [];
  return (
    <Stack gap="md">
      <PageHeader title="Audit log" description="Every change in this workspace: when, who, and through the dashboard or which API key." />
      <AuditFilters query={search} rows={rows} onChange={go} />
      {list.isPending ? (
        <LoadingState label="Loading the audit log…" />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} title="Could not load the audit log" />
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
            <EmptyState
              title="No changes yet"
              description="Every change to this workspace's links, domains, spaces, tags, pixels, webhooks and settings is recorded here, through the dashboard or the API."
              action={
                <ButtonLink to="/links" variant="light">
                  Go to links
                </ButtonLink>
              }
            />
          )}
        </Paper>
      ) : (
        <AuditList rows={rows} now={now} loading={list.isPlaceholderData} onFilter={go} />
      )}
      {list.data && list.data.meta.total > 0 && (
        <ListPagination meta={list.data.meta} noun="entries" onPage={(page) => go({ page })} onPerPage={(per_page) => go({ per_page: per_page as AuditLogQuery['per_page'] })} />
      )}
    </Stack>
  );
}
