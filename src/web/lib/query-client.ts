// The one React Query client of the dashboard; also handed to route loaders via the router context.
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * The server away (no answer, 502-504): keep trying until it is back, showing the last data meanwhile (the
 * shell's banner says so). Client errors (401, 403, 404, 422) will not change on retry; a 500 gets two more.
 */
export function shouldRetry(failures: number, error: unknown): boolean {
  if (error instanceof ApiError) return error.unreachable || (error.status >= 500 && failures < 2);
  return failures < 2;
}

/** 1 s, 2 s, 4 s, then every 5 s: a server that comes back is noticed within seconds. */
export const retryDelay = (attempt: number): number => Math.min(1000 * 2 ** attempt, 5000);

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      refetchOnWindowFocus: false,
      retry: shouldRetry,
      retryDelay,
    },
  },
});
