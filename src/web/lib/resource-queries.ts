// The one query-options factory of the dashboard's resources (links, spaces, pixels, domains, tags, users,
// webhooks): the keys, the reads (a page of the list, every row for the pickers, one row) and the writes (create,
// update, delete). A write refreshes every list that shows the resource, the pickers included (`lookup`: the link
// editor's space, domain and pixel pickers, the list filters), and the lists of other resources it changes
// (`related`: links show a space's name, spaces count their links). Each resource's .queries.ts instantiates it.
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { api, type Query } from './api-client';

/** Every page of a list (100 per request), at most 5,000 rows. */
export async function fetchAll<T>(path: string, query: Record<string, string | number> = {}): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; page <= 50; page++) {
    const res = await api.list<T>(path, { ...query, per_page: 100, page });
    out.push(...res.data);
    if (res.meta.current_page >= res.meta.last_page) break;
  }
  return out;
}

/** The key of the Operations page's queries (features/operations/operations.queries.ts uses it). */
export const OPERATIONS_KEY = ['operations'] as const;

export interface ResourceConfig {
  /** The API path and the first part of every key: `spaces` (GET /spaces, ['spaces', ...]). */
  name: string;
  /** Keys of other resources' queries that a write here changes: ['links'] (rows show this resource). */
  related?: readonly QueryKey[];
}

/**
 * Refreshes what a write to `name` changed: its lists and pickers (not the one row, which the write answered) and
 * the related queries. Inactive queries are only marked stale; they are fetched again when next shown.
 */
export function invalidateAfterWrite(qc: QueryClient, name: string, related: readonly QueryKey[] = []): Promise<unknown> {
  return Promise.all([
    qc.invalidateQueries({ queryKey: [name], predicate: (q) => q.queryKey[1] !== 'detail' }),
    ...related.map((queryKey) => qc.invalidateQueries({ queryKey })),
  ]);
}

/**
 * T: the row as the API answers it; C and U: the create and update bodies; Q: the list's query; R: the row as a
 * picker reads it (every row, sorted by name; the API sends whole rows, R names the fields the pickers use).
 */
export function resourceQueries<T extends { id: number }, C, U, Q extends object, R = T>({ name, related = [] }: ResourceConfig) {
  const path = `/${name}`;
  const keys = {
    all: [name] as const,
    lists: () => [name, 'list'] as const,
    list: (query: Partial<Q>) => [name, 'list', query] as const,
    lookup: () => [name, 'lookup'] as const,
    detail: (id: number) => [name, 'detail', id] as const,
  };

  /** A page of the list, as the list page's URL asks for it. */
  const list = (query: Partial<Q>) =>
    queryOptions({ queryKey: keys.list(query), queryFn: () => api.list<T>(path, query as Query), placeholderData: keepPreviousData });

  /** Every row by name, for pickers and filters: kept 30 s, and fetched again at once after any write here. */
  const lookup = () => queryOptions({ queryKey: keys.lookup(), queryFn: () => fetchAll<R>(path, { sort_by: 'name', sort: 'asc' }), staleTime: 30_000 });

  const detail = (id: number) => queryOptions({ queryKey: keys.detail(id), queryFn: () => api.get<T>(`${path}/${id}`) });

  function useCreate<A extends T = T>() {
    const qc = useQueryClient();
    return useMutation({
      mutationFn: (body: C) => api.post<A>(path, body),
      onSuccess: (row) => {
        qc.setQueryData(keys.detail(row.id), row);
        return invalidateAfterWrite(qc, name, related);
      },
    });
  }

  /** Variables `{ id, body }` (an editor passes its id once: forId in use-save-form.ts). */
  function useUpdate() {
    const qc = useQueryClient();
    return useMutation({
      mutationFn: ({ id, body }: { id: number; body: U }) => api.put<T>(`${path}/${id}`, body),
      onSuccess: (row) => {
        qc.setQueryData(keys.detail(row.id), row);
        return invalidateAfterWrite(qc, name, related);
      },
    });
  }

  function useDelete() {
    const qc = useQueryClient();
    return useMutation({
      mutationFn: (id: number) => api.delete(`${path}/${id}`),
      onSuccess: (_r, id) => {
        qc.removeQueries({ queryKey: keys.detail(id) });
        // A delete that can be undone recorded an operation: the Operations page lists it.
        return invalidateAfterWrite(qc, name, [...related, OPERATIONS_KEY]);
      },
    });
  }

  /** After a write made elsewhere (an import adds links): what a write here refreshes. */
  const invalidate = (qc: QueryClient) => invalidateAfterWrite(qc, name, related);

  return { name, keys, list, lookup, detail, useCreate, useUpdate, useDelete, invalidate };
}

/** The reads a resource's routes need (resource-routes.tsx): a page of the list, and one row. */
export type ResourceReads<T extends { id: number }, Q extends object> = Pick<ReturnType<typeof resourceQueries<T, never, never, Q>>, 'list' | 'detail'>;
