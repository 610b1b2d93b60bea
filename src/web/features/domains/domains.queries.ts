// Query options and mutations for domains: factories for reads, hooks for writes that invalidate the lists.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { Domain, DomainCreate, DomainListQuery, DomainUpdate } from '../../../shared/domain.schema';

export const domainKeys = {
  all: ['domains'] as const,
  lists: () => [...domainKeys.all, 'list'] as const,
  list: (query: Partial<DomainListQuery>) => [...domainKeys.lists(), query] as const,
  details: () => [...domainKeys.all, 'detail'] as const,
  detail: (id: number) => [...domainKeys.details(), id] as const,
};

export const domainsListQueryOptions = (query: Partial<DomainListQuery>) =>
  queryOptions({
    queryKey: domainKeys.list(query),
    queryFn: () => api.list<Domain>('/domains', query),
    placeholderData: keepPreviousData,
  });

export const domainQueryOptions = (id: number) =>
  queryOptions({
    queryKey: domainKeys.detail(id),
    queryFn: () => api.get<Domain>(`/domains/${id}`),
  });

export function useCreateDomain() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: DomainCreate) => api.post<Domain>('/domains', body),
    onSuccess: (domain) => {
      qc.setQueryData(domainKeys.detail(domain.id), domain);
      // Lists and the link editor's domain picker (['domains', 'lookup']).
      return qc.invalidateQueries({ queryKey: domainKeys.all, predicate: (q) => q.queryKey[1] !== 'detail' });
    },
  });
}

export function useUpdateDomain(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: DomainUpdate) => api.put<Domain>(`/domains/${id}`, body),
    onSuccess: (domain) => {
      qc.setQueryData(domainKeys.detail(domain.id), domain);
      // The link editor's domain picker (['domains', 'lookup']) holds the domain's url, and its links' short_url
      // (lists and details) follow its https choice: refresh them all.
      return Promise.all([qc.invalidateQueries({ queryKey: domainKeys.all }), qc.invalidateQueries({ queryKey: ['links'] })]);
    },
  });
}

export function useDeleteDomain() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/domains/${id}`),
    onSuccess: async (_r, id) => {
      qc.removeQueries({ queryKey: domainKeys.detail(id) });
      // Its links went with it.
      await Promise.all([qc.invalidateQueries({ queryKey: domainKeys.lists() }), qc.invalidateQueries({ queryKey: ['links'] })]);
    },
  });
}
