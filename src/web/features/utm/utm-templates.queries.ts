// UTM templates of the account (GET/POST/DELETE /api/v1/utm-templates): the editor's picker and the account page.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { fetchAll } from '../../lib/resource-queries';
import type { UtmTemplate, UtmTemplateCreate } from '../../../shared/utm-template.schema';

export const utmTemplateKeys = { all: ['utm-templates'] as const };

export const utmTemplatesLookup = () =>
  queryOptions({
    queryKey: [...utmTemplateKeys.all, 'lookup'] as const,
    queryFn: () => fetchAll<UtmTemplate>('/utm-templates', { sort_by: 'name', sort: 'asc' }),
    staleTime: 30_000,
  });

export function useCreateUtmTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UtmTemplateCreate) => api.post<UtmTemplate>('/utm-templates', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: utmTemplateKeys.all }),
  });
}

export function useDeleteUtmTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/utm-templates/${id}`),
    onSettled: () => qc.invalidateQueries({ queryKey: utmTemplateKeys.all }),
  });
}
