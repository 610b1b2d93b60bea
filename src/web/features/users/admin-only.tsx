// Renders its children for admins; everyone else sees why the page is not for them.
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { accountQueryOptions } from '../../lib/session.queries';
import { EmptyState, LoadingState } from '../../components/states';

export function AdminOnly({ children }: { children: ReactNode }) {
  const account = useQuery(accountQueryOptions());
  if (account.isPending) return <LoadingState />;
  if (account.data?.role !== 'admin') {
    return <EmptyState title="Admins only" description="Only an administrator can manage users. Ask one if you need an account for someone." />;
  }
  return children;
}
