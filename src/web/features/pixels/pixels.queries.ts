// Query options and mutations for pixels: factories for reads, hooks for writes that invalidate the lists.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { Pixel, PixelCreate, PixelListQuery, PixelUpdate } from '../../../shared/pixel.schema';

export const pixelKeys = {
  all: ['pixels'] as const,
  lists: () => [...pixelKeys.all, 'list'] as const,
  list: (query: Partial<PixelListQuery>) => [...pixelKeys.lists(), query] as const,
  details: () => [...pixelKeys.all, 'detail'] as const,
  detail: (id: number) => [...pixelKeys.details(), id] as const,
};

export const pixelsListQueryOptions = (query: Partial<PixelListQuery>) =>
  queryOptions({
    queryKey: pixelKeys.list(query),
    queryFn: () => api.list<Pixel>('/pixels', query),
    placeholderData: keepPreviousData,
  });

export const pixelQueryOptions = (id: number) =>
  queryOptions({
    queryKey: pixelKeys.detail(id),
    queryFn: () => api.get<Pixel>(`/pixels/${id}`),
  });

/** Links show their pixels by name and type, so a change there refreshes them too. */
function useInvalidateAfterWrite() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: pixelKeys.lists() }), qc.invalidateQueries({ queryKey: ['links'] })]);
}

export function useCreatePixel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PixelCreate) => api.post<Pixel>('/pixels', body),
    onSuccess: (pixel) => {
      qc.setQueryData(pixelKeys.detail(pixel.id), pixel);
      return qc.invalidateQueries({ queryKey: pixelKeys.lists() });
    },
  });
}

export function useUpdatePixel(id: number) {
  const qc = useQueryClient();
  const invalidate = useInvalidateAfterWrite();
  return useMutation({
    mutationFn: (body: PixelUpdate) => api.put<Pixel>(`/pixels/${id}`, body),
    onSuccess: (pixel) => {
      qc.setQueryData(pixelKeys.detail(pixel.id), pixel);
      return invalidate();
    },
  });
}

export function useDeletePixel() {
  const qc = useQueryClient();
  const invalidate = useInvalidateAfterWrite();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/pixels/${id}`),
    onSuccess: (_r, id) => {
      qc.removeQueries({ queryKey: pixelKeys.detail(id) });
      return invalidate();
    },
  });
}
