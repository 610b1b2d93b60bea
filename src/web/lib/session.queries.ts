// Who is signed in (GET /api/v1/account): used by the shell (admin-only nav) and any page that needs the role.
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

export interface Account {
  id: number;
  name: string;
  role: 'admin' | 'user';
  created_at: string;
}

export const accountQueryOptions = () =>
  queryOptions({
    queryKey: ['account'],
    queryFn: () => api.get<Account>('/account'),
    staleTime: 60_000,
  });
