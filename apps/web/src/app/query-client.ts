import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-client.ts';

/** Client errors, maintenance and lost sessions are answers, not hiccups: never retried. */
export function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && (error.status === 0 || error.status >= 500)) {
    return error.status !== 503 && failureCount < 2;
  }
  return false;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
