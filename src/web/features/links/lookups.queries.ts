// Small lists the links pages pick from (spaces, domains, pixels): all of them, sorted by name.
// Keys start with the resource name, so invalidating ['spaces'] (etc.) after an edit refreshes them.
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { PixelType } from '../../../shared/enums';

export interface SpaceRef {
  id: number;
  name: string;
  color: number;
}
export interface DomainRef {
  id: number;
  name: string;
  url: string;
}
export interface PixelRef {
  id: number;
  name: string;
  type: PixelType;
}

/** Every page of a list (100 per request). */
export async function fetchAll<T>(path: string, query: Record<string, string | number> = {}): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; page <= 50; page++) {
    const res = await api.list<T>(path, { ...query, per_page: 100, page });
    out.push(...res.data);
    if (res.meta.current_page >= res.meta.last_page) break;
  }
  return out;
}

const lookup = <T,>(resource: 'spaces' | 'domains' | 'pixels') =>
  queryOptions({
    queryKey: [resource, 'lookup'] as const,
    queryFn: () => fetchAll<T>(`/${resource}`, { sort_by: 'name', sort: 'asc' }),
    staleTime: 30_000,
  });

export const spacesLookup = () => lookup<SpaceRef>('spaces');
export const domainsLookup = () => lookup<DomainRef>('domains');
export const pixelsLookup = () => lookup<PixelRef>('pixels');
