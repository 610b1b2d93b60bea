// The members of a workspace (GET/PATCH/DELETE /workspaces/{id}/members): every member at once (the page
// counts the owners, whatever page a list would show), changing a role, removing a member and leaving. A change of
// your own role or membership changes what the dashboard may show, so it refreshes the account and your workspaces.
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { fetchAll } from '../../lib/resource-queries';
import type { WorkspaceRole } from '../../../shared/workspace-roles';
import type { Member, MemberUpdate } from '../../../shared/member.schema';

/** What a change of membership refreshes beside the members: who you are there, and your workspaces. */
export const MEMBERSHIP_RELATED = [['account'], ['workspaces'], ['audit-log']] as const;

export function memberQueries(workspaceId: number) {
  const path = `/workspaces/${workspaceId}/members`;
  const keys = { all: ['members', workspaceId] as const };

  const list = () => queryOptions({ queryKey: keys.all, queryFn: () => fetchAll<Member>(path) });

  const refresh = (qc: QueryClient) => Promise.all([keys.all, ...MEMBERSHIP_RELATED].map((queryKey) => qc.invalidateQueries({ queryKey })));

  function useChangeRole() {
    const qc = useQueryClient();
    return useMutation({
      mutationFn: ({ member, role }: { member: Member; role: WorkspaceRole }) => api.patch<Member>(`${path}/${member.user_id}`, { role } satisfies MemberUpdate),
      onSuccess: () => refresh(qc),
    });
  }

  /** Removes a member; yourself: you leave (the caller then moves to another workspace). */
  function useRemove() {
    const qc = useQueryClient();
    return useMutation({
      mutationFn: (member: Member) => api.delete(`${path}/${member.user_id}`),
      onSuccess: (_r, member) => (member.is_you ? undefined : refresh(qc)),
    });
  }

  return { keys, list, useChangeRole, useRemove };
}
