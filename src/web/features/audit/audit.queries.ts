// The audit log (GET /api/v1/audit-log): a page of entries as the page's URL asks for it, and the actions
// its filter offers (the API document's write operations).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { AuditEntry, AuditLogQuery } from '../../../shared/audit.schema';
import { actionGroups } from './audit-text';

export const auditKeys = {
  all: ['audit-log'] as const,
  list: (query: AuditLogQuery) => [...auditKeys.all, 'list', query] as const,
  actions: () => [...auditKeys.all, 'actions'] as const,
};

/**
 * A page of the log. Every write anywhere adds to it, so it is never fresh: the route's loader shows what it has and
 * fetches again (revalidateIfStale), and the page does not fetch a second time when it mounts.
 */
export const auditListQueryOptions = (query: AuditLogQuery) =>
  queryOptions({
    queryKey: auditKeys.list(query),
    queryFn: () => api.list<AuditEntry>('/audit-log', { ...query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** An entry of the instance log: an audit entry, with the workspace it was in (null outside any). */
export type InstanceAuditEntry = AuditEntry & { workspace_id: number | null };

/** The instance log (GET /instance/audit-log, instance admins only): the same query, kept under keys of its own. */
export const instanceLogKeys = {
  all: ['instance-audit-log'] as const,
  list: (query: AuditLogQuery) => [...instanceLogKeys.all, 'list', query] as const,
};

export const instanceLogQueryOptions = (query: AuditLogQuery) =>
  queryOptions({
    queryKey: instanceLogKeys.list(query),
    queryFn: () => api.list<InstanceAuditEntry>('/instance/audit-log', { ...query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** The write operations of the API document, for the action filter; read once, when that filter is first used. */
export const auditActionsQueryOptions = () =>
  queryOptions({
    queryKey: auditKeys.actions(),
    queryFn: async () => actionGroups(await api.getBody<unknown>('/openapi.json')),
    staleTime: Infinity,
  });
