// The instance log page (instance admins): the changes of the whole instance (people created, changed and deleted,
// domains shared or unshared, workspaces deleted) from GET /instance/audit-log, with the same filters in the URL.
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { AuditLogQuery } from '../../../shared/audit.schema';
import { patchListSearch } from '../../components/resource-list/list-url';
import { accountQueryOptions } from '../../lib/session.queries';
import { EmptyState } from '../../components/states';
import { instanceLogQueryOptions } from './audit.queries';
import { AuditLogView } from './audit-log-view';

const route = getRouteApi('/app/instance-log');

export function InstanceLogPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const account = useQuery(accountQueryOptions());
  const isAdmin = account.data?.role === 'admin';
  const list = useQuery({ ...instanceLogQueryOptions(search), refetchOnMount: false, enabled: isAdmin });
  const go = (patch: Partial<AuditLogQuery>) => void navigate({ search: (prev) => patchListSearch(prev, patch) });
  if (account.data && !isAdmin) return <EmptyState title="Instance admins only" description="Only an instance admin can read the instance log." />;
  return (
    <AuditLogView
      search={search}
      go={go}
      list={list}
      withWorkspace
      title="Instance log"
      description="Every change to the instance: people created, changed and deleted, domains shared or unshared, and workspaces deleted."
      emptyDescription="Changes to the instance's people, shared domains and workspaces are recorded here."
    />
  );
}
