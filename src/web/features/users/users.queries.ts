// Query options and mutations for users (admins only): factories for reads, hooks for writes that invalidate the lists.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { User, UserCreate, UserListQuery, UserUpdate } from '../../../shared/user.schema';

export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (query: Partial<UserListQuery>) => [...userKeys.lists(), query] as const,
  detail: (id: number) => [...userKeys.all, 'detail', id] as const,
};

export const userQueryOptions = (id: number) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: () => api.get<User>(`/users/${id}`),
  });

export const usersListQueryOptions = (query: Partial<UserListQuery>) =>
  queryOptions({
    queryKey: userKeys.list(query),
    queryFn: () => api.list<User>('/users', query),
    placeholderData: keepPreviousData,
  });

/** The new account, with its key (shown once). */
export type CreatedUser = User & { api_key: string };

export function useCreateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UserCreate) => api.post<CreatedUser>('/users', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UserUpdate }) => api.put<User>(`/users/${id}`, body),
    onSuccess: (user) => qc.setQueryData(userKeys.detail(user.id), user),
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: userKeys.lists() }), qc.invalidateQueries({ queryKey: ['account'] })]),
  });
}

export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/users/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
