// Query options and mutations for spaces: factories for reads, hooks for writes that invalidate the lists.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { Space, SpaceCreate, SpaceListQuery, SpaceUpdate } from '../../../shared/space.schema';

export const spaceKeys = {
  all: ['spaces'] as const,
  lists: () => [...spaceKeys.all, 'list'] as const,
  list: (query: Partial<SpaceListQuery>) => [...spaceKeys.lists(), query] as const,
  details: () => [...spaceKeys.all, 'detail'] as const,
  detail: (id: number) => [...spaceKeys.details(), id] as const,
};

export const spacesListQueryOptions = (query: Partial<SpaceListQuery>) =>
  queryOptions({
    queryKey: spaceKeys.list(query),
    queryFn: () => api.list<Space>('/spaces', query),
    placeholderData: keepPreviousData,
  });

export const spaceQueryOptions = (id: number) =>
  queryOptions({
    queryKey: spaceKeys.detail(id),
    queryFn: () => api.get<Space>(`/spaces/${id}`),
  });

/** Links show their space's name and colour, so a change there refreshes them too. */
function useInvalidateAfterWrite() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: spaceKeys.lists() }), qc.invalidateQueries({ queryKey: ['links'] })]);
}

export function useCreateSpace() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SpaceCreate) => api.post<Space>('/spaces', body),
    onSuccess: (space) => {
      qc.setQueryData(spaceKeys.detail(space.id), space);
      return qc.invalidateQueries({ queryKey: spaceKeys.lists() });
    },
  });
}

export function useUpdateSpace(id: number) {
  const qc = useQueryClient();
  const invalidate = useInvalidateAfterWrite();
  return useMutation({
    mutationFn: (body: SpaceUpdate) => api.put<Space>(`/spaces/${id}`, body),
    onSuccess: (space) => {
      qc.setQueryData(spaceKeys.detail(space.id), space);
      return invalidate();
    },
  });
}

export function useDeleteSpace() {
  const qc = useQueryClient();
  const invalidate = useInvalidateAfterWrite();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/spaces/${id}`),
    onSuccess: (_r, id) => {
      qc.removeQueries({ queryKey: spaceKeys.detail(id) });
      return invalidate();
    },
  });
}
