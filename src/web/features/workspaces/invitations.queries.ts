// Invitations: a workspace's, a page at a time, creating one (its link is in the answer, once) and revoking
// one; and one invitation by its token, as the invitation page reads it, and accepting it.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type {
  Invitation,
  InvitationAccepted,
  InvitationCreate,
  InvitationListQuery,
  InvitationPreview,
  NewInvitation,
} from '../../../shared/invitation.schema';
import { MEMBERSHIP_RELATED } from './members.queries';

export function invitationQueries(workspaceId: number) {
  const path = `/workspaces/${workspaceId}/invitations`;
  const keys = {
    all: ['invitations', workspaceId] as const,
    list: (query: InvitationListQuery) => ['invitations', workspaceId, 'list', query] as const,
  };

  const list = (query: InvitationListQuery) =>
    queryOptions({ queryKey: keys.list(query), queryFn: () => api.list<Invitation>(path, { ...query }), placeholderData: keepPreviousData });

  function useCreate() {
    const qc = useQueryClient();
    return useMutation({
      mutationFn: (body: InvitationCreate) => api.post<NewInvitation>(path, body),
      onSuccess: () => qc.invalidateQueries({ queryKey: keys.all }),
    });
  }

  function useRevoke() {
    const qc = useQueryClient();
    return useMutation({
      mutationFn: (invitation: Invitation) => api.delete(`${path}/${invitation.id}`),
      onSuccess: () => qc.invalidateQueries({ queryKey: keys.all }),
    });
  }

  return { keys, list, useCreate, useRevoke };
}

const tokenPath = (token: string) => `/invitations/${encodeURIComponent(token)}`;

/** One invitation by the token of its link (a 404: no invitation has it; like every 4xx, not retried). */
export const invitationByTokenQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['invitation', token] as const, queryFn: () => api.get<InvitationPreview>(tokenPath(token)) });

/** Joins with the invitation; your workspaces (and their members) then include the new one. */
export function useAcceptInvitation(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<InvitationAccepted>(`${tokenPath(token)}/accept`),
    onSuccess: () => Promise.all([['invitation', token], ['members'], ...MEMBERSHIP_RELATED].map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}
