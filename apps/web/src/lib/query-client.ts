import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

/** A lost connection is worth one more try; an answer from the server (4xx, 5xx) or a timeout is not. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && error instanceof ApiError && error.kind === 'network';
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        // Pushes keep mail fresh; coming back to the tab must not refetch every screen at once.
        refetchOnWindowFocus: false,
        // A screen opened again shows what it had and reloads quietly behind it.
        staleTime: 0,
        gcTime: 5 * 60_000,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The one cache of server state for the signed-in app. A module singleton rather than only
 * context, because the real-time handler writes pushes into it from outside React.
 */
export const queryClient = createQueryClient();
