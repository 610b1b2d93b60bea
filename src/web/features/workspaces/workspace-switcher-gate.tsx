// In place of the page when the address names a workspace the person may not act in (a link from someone else, a
// workspace they left or that was deleted): says so, and leads to their personal workspace; the header's switcher
// still lists theirs. Every request would otherwise be answered 404.
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { requestWorkspace } from '../../lib/api-client';
import { isForeignWorkspace } from '../../lib/current-workspace';
import { accountQueryOptions } from '../../lib/session.queries';
import { EmptyState } from '../../components/states';
import { ButtonLink } from '../../components/router-links';

export function WorkspaceGate({ children }: { children: ReactNode }) {
  const account = useQuery(accountQueryOptions());
  // The workspace the requests name (set before the page loads), which the account answered for.
  const id = requestWorkspace.get();
  if (!isForeignWorkspace(id, account.data)) return children;
  return (
    <EmptyState
      title="You are not a member of this workspace"
      description={`The address names workspace ${id}, which is not one of yours (any more). Ask one of its admins for an invitation, or choose one of your workspaces in the header.`}
      action={
        <ButtonLink to="/links" search={{ ws: undefined }} variant="light">
          Open your personal workspace
        </ButtonLink>
      }
    />
  );
}
