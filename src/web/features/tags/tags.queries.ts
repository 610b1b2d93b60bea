// Query options and mutations for tags: the tags page's list, every tag for pickers and filters, and writes
// that refresh the links too (links show their tags' names and colours).
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { Tag, TagCreate, TagListQuery, TagUpdate } from '../../../shared/tag.schema';
import { fetchAll } from '../links/lookups.queries';

export const tagKeys = {
  all: ['tags'] as const,
  lists: () => [...tagKeys.all, 'list'] as const,
  list: (query: Partial<TagListQuery>) => [...tagKeys.lists(), query] as const,
};

export const tagsListQueryOptions = (query: Partial<TagListQuery>) =>
  queryOptions({
    queryKey: tagKeys.list(query),
    queryFn: () => api.list<Tag>('/tags', query),
    placeholderData: keepPreviousData,
  });

/** Every tag of the account by name, for the editor's suggestions and the list's filter. */
export const tagsLookup = () =>
  queryOptions({
    queryKey: [...tagKeys.all, 'lookup'] as const,
    queryFn: () => fetchAll<Tag>('/tags', { sort_by: 'name', sort: 'asc' }),
    staleTime: 30_000,
  });

function useInvalidate() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: tagKeys.all }), qc.invalidateQueries({ queryKey: ['links'] })]);
}

export function useSaveTag(id: number | null) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: TagCreate | TagUpdate) => (id === null ? api.post<Tag>('/tags', body) : api.put<Tag>(`/tags/${id}`, body)),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteTag() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/tags/${id}`),
    onSuccess: () => invalidate(),
  });
}
