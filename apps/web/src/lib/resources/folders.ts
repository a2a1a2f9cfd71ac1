import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Mailbox } from '@postline/shared/mailbox';
import { api } from '../api-client';
import { queryKeys } from '../query-keys';

const NONE: Mailbox[] = [];

/**
 * GET /mailboxes, the folder tree with total and unread counts, under its cache entry: for the
 * hook below, the first screen's prefetch and the filters' folder picker.
 */
export const foldersQuery = queryOptions({
  queryKey: queryKeys.folders,
  queryFn: () => api.get<Mailbox[]>('/mailboxes'),
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
    folders: data ?? NONE,
    reload: () => void client.invalidateQueries({ queryKey: queryKeys.folders }),
  };
}
