// Query options and mutations for links (bulletproof-react style): factories for reads, hooks for writes
// that invalidate the lists they change.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { Link, LinkListQuery } from '../../../shared/link.schema';

export const linkKeys = {
  all: ['links'] as const,
  lists: () => [...linkKeys.all, 'list'] as const,
  list: (query: Partial<LinkListQuery>) => [...linkKeys.lists(), query] as const,
  details: () => [...linkKeys.all, 'detail'] as const,
  detail: (id: number) => [...linkKeys.details(), id] as const,
};

export const linksListQueryOptions = (query: Partial<LinkListQuery>) =>
  queryOptions({
    queryKey: linkKeys.list(query),
    queryFn: () => api.list<Link>('/links', query),
    placeholderData: keepPreviousData,
  });

export const linkQueryOptions = (id: number) =>
  queryOptions({
    queryKey: linkKeys.detail(id),
    queryFn: () => api.get<Link>(`/links/${id}`),
  });

/** Body of a create or update: the API field names, as JSON. */
export type LinkPayload = Record<string, unknown>;

export function useCreateLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: LinkPayload) => api.post<Link>('/links', body),
    onSuccess: (link) => {
      qc.setQueryData(linkKeys.detail(link.id), link);
      return qc.invalidateQueries({ queryKey: linkKeys.lists() });
    },
  });
}

export function useUpdateLink(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: LinkPayload) => api.put<Link>(`/links/${id}`, body),
    onSuccess: (link) => {
      qc.setQueryData(linkKeys.detail(link.id), link);
      return qc.invalidateQueries({ queryKey: linkKeys.lists() });
    },
  });
}

export function useDeleteLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/links/${id}`),
    onSuccess: (_r, id) => {
      qc.removeQueries({ queryKey: linkKeys.detail(id) });
      return qc.invalidateQueries({ queryKey: linkKeys.lists() });
    },
  });
}
