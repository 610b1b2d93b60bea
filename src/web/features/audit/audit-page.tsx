// The audit log page: every write in the workspace, newest first, with GET /audit-log's filters in the URL.
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { AuditLogQuery } from '../../../shared/audit.schema';
import { ButtonLink } from '../../components/router-links';
import { patchListSearch } from '../../components/resource-list/list-url';
import { auditListQueryOptions } from './audit.queries';
import { AuditLogView } from './audit-log-view';

const route = getRouteApi('/app/audit-log');

export function AuditPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  // The loader fetched it just now (or shows the last copy while it does).
  const list = useQuery({ ...auditListQueryOptions(search), refetchOnMount: false });
  const go = (patch: Partial<AuditLogQuery>) => void navigate({ search: (prev) => patchListSearch(prev, patch) });
  return (
    <AuditLogView
      search={search}
      go={go}
      list={list}
      title="Audit log"
      description="Every change in this workspace: when, who, and through the dashboard or which API key."
      emptyDescription="Every change to this workspace's links, domains, spaces, tags, pixels, webhooks and settings is recorded here, through the dashboard or the API."
      emptyAction={
        <ButtonLink to="/links" variant="light">
          Go to links
        </ButtonLink>
      }
    />
  );
}
