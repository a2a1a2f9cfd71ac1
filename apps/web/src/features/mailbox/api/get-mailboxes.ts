import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Mailbox } from '@postline/shared/mailbox';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /mailboxes: the folder tree with total and unread counts. */
export function fetchMailboxes(): Promise<Mailbox[]> {
  return api.get<Mailbox[]>('/mailboxes');
}

const NONE: Mailbox[] = [];

/** The folder tree's cache entry and its load, for the hook and for the first screen's prefetch. */
export function mailboxesQuery() {
  return queryOptions({
    queryKey: queryKeys.mailboxes,
    queryFn: async () => {
      const tree = await fetchMailboxes();
      return Array.isArray(tree) ? tree : NONE;
    },
  });
}

/**
 * The folder tree, one cache entry shared by the sidebar's folder tree, titles, folder links and
 * the move picker, so a folder made, renamed, moved or deleted in one shows everywhere at once.
 * A failure keeps what was shown: the list itself still works and shows its own error.
 */
export function useMailboxes(): { mailboxes: Mailbox[]; reload: () => void } {
  const client = useQueryClient();
  const { data } = useQuery(mailboxesQuery());
  return {
    mailboxes: data ?? NONE,
    reload: () => void client.invalidateQueries({ queryKey: queryKeys.mailboxes }),
  };
}
