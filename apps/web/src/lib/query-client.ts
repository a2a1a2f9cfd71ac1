import { QueryClient, type FetchQueryOptions, type Query, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api-error';

/** A lost connection is worth one more try; an answer from the server (4xx, 5xx) or a timeout is not. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && error instanceof ApiError && error.kind === 'network';
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        // Pushes keep mail fresh; coming back to the tab must not refetch every screen at once.
        refetchOnWindowFocus: false,
        // A screen opened again shows what it had and reloads quietly behind it; what the first
        // screen's prefetch just brought is not asked for again.
        staleTime: 0,
        refetchOnMount: (query) => !isFreshPrefetch(query),
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

/** How long what a first-screen prefetch brought counts as fresh: the screen mounts well within it. */
const PREFETCH_FRESH_MS = 5_000;

/** Query hashes a first-screen prefetch filled, with the time of the answer it brought. */
const prefetched = new Map<string, number>();

function isFreshPrefetch(query: Query): boolean {
  const answeredAt = prefetched.get(query.queryHash);
  if (answeredAt === undefined) return false;
  const fresh =
    answeredAt === query.state.dataUpdatedAt &&
    !query.state.isInvalidated &&
    Date.now() - answeredAt < PREFETCH_FRESH_MS;
  if (!fresh) prefetched.delete(query.queryHash);
  return fresh;
}

/**
 * Loads what the first screen will ask for beside its code (issue 17, app/router.tsx); the screen
 * that mounts on it shortly after takes it as it is instead of asking the server again.
 */
export async function prefetchForFirstScreen<TQueryFnData, TQueryKey extends QueryKey>(
  options: FetchQueryOptions<TQueryFnData, Error, TQueryFnData, TQueryKey>,
): Promise<void> {
  await queryClient.prefetchQuery(options);
  const query = queryClient.getQueryCache().find({ queryKey: options.queryKey, exact: true });
  if (query?.state.status === 'success') prefetched.set(query.queryHash, query.state.dataUpdatedAt);
}
