import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { restoreMail, snapshotMail, type MailCacheSnapshot } from './mail-cache';
import { queryKeys, type MessageListKey } from './query-keys';

interface OptimisticMailOptions<TVariables, TResult> {
  mutationFn: (variables: TVariables) => Promise<TResult>;
  /** The change the user expects to see at once, made in the cache before the server answers. */
  apply: (client: QueryClient, variables: TVariables) => void;
  /** After the cache is put back as it was: say what failed. */
  onError?: (error: unknown, variables: TVariables) => void;
  onSuccess?: (result: TResult, variables: TVariables) => void;
  /** What to load again once the server answered, either way. */
  settle?: (client: QueryClient, variables: TVariables) => Promise<unknown> | void;
}

/**
 * A mutation on mail with an optimistic update (issue 16): the cache changes first, and a refusal
 * puts every list, message view, folder count and the dashboard back as they were.
 */
export function useOptimisticMail<TVariables, TResult = unknown>(
  options: OptimisticMailOptions<TVariables, TResult>,
) {
  const client = useQueryClient();
  return useMutation<TResult, unknown, TVariables, MailCacheSnapshot>({
    mutationFn: options.mutationFn,
    onMutate: (variables) => {
      const snapshot = snapshotMail(client);
      options.apply(client, variables);
      return snapshot;
    },
    onError: (error, variables, snapshot) => {
      if (snapshot) restoreMail(client, snapshot);
      options.onError?.(error, variables);
    },
    onSuccess: (result, variables) => options.onSuccess?.(result, variables),
    onSettled: (_result, _error, variables) => options.settle?.(client, variables),
  });
}

/** Lists that show starred mail only: a star given or taken changes which rows they hold. */
export function invalidateStarredLists(client: QueryClient): Promise<void> {
  return client.invalidateQueries({
    queryKey: queryKeys.messages.lists,
    predicate: (query) => {
      const key = query.queryKey[2] as MessageListKey | undefined;
      return key !== undefined && (key.url === '/messages/starred' || 'isStarred' in key.query);
    },
  });
}

/** Lists narrowed to unread mail: a message read or unread again changes which rows they hold. */
export function invalidateUnreadLists(client: QueryClient): Promise<void> {
  return client.invalidateQueries({
    queryKey: queryKeys.messages.lists,
    predicate: (query) => {
      const key = query.queryKey[2] as MessageListKey | undefined;
      return key !== undefined && ('isRead' in key.query || 'isUnread' in key.query);
    },
  });
}
