// Key rotation of the signed-in account (who I am is read with accountQueryOptions from lib/session.queries).
import { useMutation } from '@tanstack/react-query';
import { api, auth } from '../../lib/api-client';
import { replaceStoredKey } from './stored-key';

/**
 * Rotates the caller's key. The old key stops working the moment the server answers, so the new one
 * replaces it in storage before anything else runs (same place: this session or this device).
 */
export function useRotateKey() {
  return useMutation({
    mutationFn: async () => {
      const { api_key } = await api.post<{ api_key: string }>('/account/api-key');
      replaceStoredKey(auth, api_key);
      return api_key;
    },
  });
}
