// Who is signed in (GET /api/v1/account): used by the shell (admin-only nav), any page that needs the role,
// and the link editor (base_url: the server's BASE_URL, the base of short URLs on the default domain).
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';
import type { Account } from '../../shared/user.schema';

export const accountQueryOptions = () =>
  queryOptions({
    queryKey: ['account'],
    queryFn: () => api.get<Account>('/account'),
    staleTime: 60_000,
  });
