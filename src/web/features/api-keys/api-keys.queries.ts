// The API keys of a workspace (GET/POST/DELETE /workspaces/{id}/api-keys): a page of them, creating one
// (the key itself is in the answer, once) and revoking one.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { ApiKeyCreate, ApiKeyListQuery, NewWorkspaceApiKey, WorkspaceApiKey } from '../../../shared/api-key.schema';

export function apiKeyQueries(workspaceId: number) {
  const path = `/workspaces/${workspaceId}/api-keys`;
  const keys = {
    all: ['api-keys', workspaceId] as const,
    list: (query: ApiKeyListQuery) => ['api-keys', workspaceId, 'list', query] as const,
  };

  const list = (query: ApiKeyListQuery) =>
    queryOptions({ queryKey: keys.list(query), queryFn: () => api.list<WorkspaceApiKey>(path, { ...query }), placeholderData: keepPreviousData });

  function useCreate() {
    const qc = useQueryClient();
    return useMutation({
      mutationFn: (body: ApiKeyCreate) => api.post<NewWorkspaceApiKey>(path, body),
      onSuccess: () => qc.invalidateQueries({ queryKey: keys.all }),
    });
  }

  function useRevoke() {
    const qc = useQueryClient();
    return useMutation({
      mutationFn: (key: WorkspaceApiKey) => api.delete(`${path}/${key.id}`),
      onSuccess: () => qc.invalidateQueries({ queryKey: keys.all }),
    });
  }

  return { keys, list, useCreate, useRevoke };
}
