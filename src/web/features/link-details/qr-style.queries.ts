// The account's QR style and logo (GET/PUT /api/v1/account/qr-style, PUT/DELETE /api/v1/account/qr-logo), and a
// link's QR code as an object URL (GET /api/v1/links/{id}/qr), for the details page's QR designer.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api-client';
import type { QrStyle, QrStyleBody } from '../../../shared/qr.schema';

export const qrStyleKeys = { all: ['qr-style'] as const };

export const qrStyleQueryOptions = () => queryOptions({ queryKey: qrStyleKeys.all, queryFn: () => api.get<QrStyleBody>('/account/qr-style'), staleTime: 60_000 });

export function useSaveQrStyle() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (style: QrStyle) => api.put<QrStyleBody>('/account/qr-style', { ...style, logo: style.logo ? 1 : 0 }),
    onSuccess: (data) => qc.setQueryData(qrStyleKeys.all, data),
  });
}

/** Upload (a PNG file) or remove (null) the account's logo. */
export function useQrLogo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File | null) => (file ? api.putFile<QrStyleBody>('/account/qr-logo', file, 'image/png') : api.deleteWith<QrStyleBody>('/account/qr-logo', undefined)),
    onSuccess: (data) => qc.setQueryData(qrStyleKeys.all, data),
  });
}

export const qrQuery = (style: QrStyle, format: 'png' | 'svg') => ({ format, fg: style.fg, bg: style.bg, size: style.size, margin: style.margin, ecc: style.ecc, logo: style.logo ? 1 : 0 });

/** The PNG of `style` as an object URL (the previous one stays until the next arrives); freed when replaced. */
export function useQrImage(linkId: number, style: QrStyle | null, enabled: boolean) {
  const q = useQuery({
    queryKey: ['links', linkId, 'qr', style] as const,
    queryFn: async () => URL.createObjectURL(await (await api.file(`/links/${linkId}/qr`, qrQuery(style as QrStyle, 'png'))).blob()),
    enabled: enabled && style !== null,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    gcTime: 0,
  });
  // Each image is freed once a newer one replaced it on screen (or the card went away); gcTime 0 keeps the cache
  // from handing a freed one back.
  useEffect(() => {
    const url = q.data;
    return () => {
      if (url) setTimeout(() => URL.revokeObjectURL(url), 1000);
    };
  }, [q.data]);
  return { src: q.data, error: q.error, loading: q.isFetching };
}
