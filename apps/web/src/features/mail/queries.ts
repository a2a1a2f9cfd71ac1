import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Mailbox } from '@postline/shared/mailbox';
import { queryKeys, type MessageListKey } from '@/lib/query-keys';
import { fetchFolders } from './api/get-folders';
import { fetchMessage } from './api/get-message';
import { markRead } from './api/mark-read';
import { starMessage } from './api/star-message';
import { invalidateMail, patchMessages, restoreMail, snapshotMail, type MailCacheSnapshot } from './cache';

/*
 * The mail state the mail features share: the folder tree, one message, and the changes a message
 * takes from a list and from its own page alike (star, read), all optimistic over one cache.
 */

const NO_FOLDERS: Mailbox[] = [];

/**
 * GET /mailboxes, the folder tree with total and unread counts, under its cache entry: for the
 * hook below, the first screen's prefetch and the filters' folder picker.
 */
export const foldersQuery = queryOptions({
  queryKey: queryKeys.folders,
  queryFn: fetchFolders,
});

/**
 * The folder tree, one cache entry shared by the sidebar's folder tree, titles, folder links and
 * the move picker, so a folder made, renamed, moved or deleted in one shows everywhere at once.
 * A failure keeps what was shown: the list itself still works and shows its own error.
 */
export function useFolders(): { folders: Mailbox[]; reload: () => void } {
  const client = useQueryClient();
  const { data } = useQuery(foldersQuery);
  return {
    folders: data ?? NO_FOLDERS,
    reload: () => void client.invalidateQueries({ queryKey: queryKeys.folders }),
  };
}

/** /message/abc or /message/0 names no message: it is not worth asking the server. */
export function isMessageId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0;
}

/**
 * GET /messages/{id}: one message in full, under its cache entry. The message screen, its "show
 * original" page and the first screen's prefetch all read it here.
 */
export function messageQuery(id: number) {
  return queryOptions({
    queryKey: queryKeys.messages.detail(id),
    queryFn: () => fetchMessage(id),
  });
}

/**
 * Everything about mail may have changed: lists, counts and the dashboard load again.
 * `fresh`: a message whose view already holds the server's answer, not to be asked for again.
 */
export function useReloadMail(): (fresh?: number) => Promise<void> {
  const client = useQueryClient();
  return useCallback((fresh?: number) => invalidateMail(client, fresh), [client]);
}

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
function invalidateStarredLists(client: QueryClient): Promise<void> {
  return client.invalidateQueries({
    queryKey: queryKeys.messages.lists,
    predicate: (query) => {
      const key = query.queryKey[2] as MessageListKey | undefined;
      return key !== undefined && (key.url === '/messages/starred' || 'isStarred' in key.query);
    },
  });
}

/** Lists narrowed to unread mail: a message read or unread again changes which rows they hold. */
function invalidateUnreadLists(client: QueryClient): Promise<void> {
  return client.invalidateQueries({
    queryKey: queryKeys.messages.lists,
    predicate: (query) => {
      const key = query.queryKey[2] as MessageListKey | undefined;
      return key !== undefined && ('isRead' in key.query || 'isUnread' in key.query);
    },
  });
}

interface StarChange {
  id: number;
  isStarred: boolean;
}

interface ReadChange {
  id: number;
  isRead: boolean;
}

/** Stars or unstars a message at once, everywhere it shows; a refusal takes it back and `onRefused` says so. */
export function useStarMessage(onRefused: () => void) {
  return useOptimisticMail({
    mutationFn: ({ id, isStarred }: StarChange) => starMessage(id, isStarred),
    apply: (client, { id, isStarred }) => patchMessages(client, [id], { isStarred }),
    onError: onRefused,
    settle: invalidateStarredLists,
  });
}

/**
 * Marks a message read or unread at once, in its view, the lists and its folder's count; a refusal
 * puts them back. What else to do on failure is the caller's (a toast, or only a warning).
 */
export function useMarkRead(onError?: (error: unknown, change: ReadChange) => void) {
  return useOptimisticMail({
    mutationFn: ({ id, isRead }: ReadChange) => markRead(id, isRead),
    apply: (client, { id, isRead }) => patchMessages(client, [id], { isRead }),
    onError: onError ?? ((failure: unknown) => console.warn('Could not mark the message read', failure)),
    settle: invalidateUnreadLists,
  });
}
