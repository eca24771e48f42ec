import { LIMITS } from '@portico/domain';
import { QueryClient } from '@tanstack/react-query';
import { isHttpError } from '@/lib/http/api-error';

/**
 * Retry predicate of spec section 7: up to `limit` retries, never for the HTTP error class
 * (an answer from the server: retrying will not change it).
 */
export function shouldRetry(limit: number = LIMITS.queryRetryLimit) {
  return (failureCount: number, error: unknown): boolean => !isHttpError(error) && failureCount < limit;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: shouldRetry(LIMITS.queryRetryLimit) },
      mutations: { retry: false },
    },
  });
}

/** The portal's one query client (the session functions read app config through it). */
export const queryClient = createQueryClient();
