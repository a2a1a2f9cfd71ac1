import { useEffect } from 'react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BulkInput, BulkScope } from '@postline/shared/message-requests';
import type { MessagePage } from '@postline/shared/messages';
import { toast } from '@/components/ui/toast';
import { invalidateMail, patchMessages, removeMessages } from '@/features/mail/cache';
import { useOptimisticMail } from '@/features/mail/queries';
import { messageOf } from '@/lib/api-error';
import { queryKeys } from '@/lib/query-keys';
import { settingsQuery } from '@/lib/resources/settings';
import { rememberConversationView, rememberedConversationView } from './conversation-view';
import { bulkAction } from './api/bulk';
import { fetchMessagePage } from './api/get-messages';
import type { ListRequest } from './list-request';

/* The mail list's server state: a page of rows, and the bulk bar's changes to them. */

export interface MessageListState {
  page: MessagePage | null;
  /** True while nothing is shown yet, or the rows shown are the previous request's. */
  loading: boolean;
  /** True while any load is under way, quiet ones included. */
  fetching: boolean;
  error: string | null;
  /** Loads the page again, keeping the rows on screen meanwhile. */
  reload: () => void;
}

/** The list's cache entry and its load, for the hook and for the first screen's prefetch. */
export function messageListQuery(request: ListRequest) {
  return queryOptions({
    queryKey: queryKeys.messages.list(request),
    queryFn: ({ signal }) => fetchMessagePage(request, signal),
  });
}

/**
 * The page the request names, from the cache. A page, sort or search change keeps the previous
 * rows until the new ones arrive (issue 17); only the latest request's answer is ever shown.
 */
export function useMessageList(request: ListRequest): MessageListState {
  const query = useQuery({ ...messageListQuery(request), placeholderData: keepPreviousData });
  return {
    page: query.data ?? null,
    loading: query.isPending || query.isPlaceholderData,
    fetching: query.isFetching,
    error: query.error ? messageOf(query.error) : null,
    reload: () => void query.refetch(),
  };
}

/**
 * Whether the list groups mail by conversation (the user's setting, issue 36): the settings' value
 * once loaded, else this browser's last known one (on by default).
 */
export function useConversationView(): boolean {
  const settings = useQuery(settingsQuery);
  const on = settings.data?.conversationView;
  useEffect(() => {
    if (on !== undefined) rememberConversationView(on);
  }, [on]);
  return on ?? rememberedConversationView();
}

/** Ticked conversations: their messages in the folder of the list (issue 36). */
export interface BulkConversations {
  ids: string[];
  mailboxId: number;
}

/**
 * What a bulk action takes: the ticked rows (by message id; in the conversation view each row's
 * conversation too), or every message of the folder ("select all N").
 */
export type BulkTarget =
  { ids: number[]; conversations?: BulkConversations | undefined } | { scope: BulkScope; count: number };

type Request = Omit<BulkInput, 'messageIds' | 'scope' | 'conversations'>;

function selectionOf(on: BulkTarget): Pick<BulkInput, 'messageIds' | 'scope' | 'conversations'> {
  if (!('ids' in on)) return { scope: on.scope };
  return on.conversations ? { conversations: on.conversations } : { messageIds: on.ids };
}

interface BulkRun {
  request: Request;
  target: BulkTarget;
  done?: ((affected: number) => string) | undefined;
}

/**
 * The bulk bar's actions, each one request to POST /messages/bulk (the server applies it in one
 * transaction). Ticked rows change at once (read, starred, gone); a whole folder waits for the
 * server. Then the selection clears and lists and counts reload, whether or not it worked.
 */
export function useBulkActions(target: BulkTarget, onDone: () => void) {
  const { t } = useTranslation('mailList');
  const count = 'ids' in target ? target.ids.length : target.count;

  const mutation = useOptimisticMail({
    mutationFn: ({ request, target: on }: BulkRun) => bulkAction({ ...request, ...selectionOf(on) }),
    apply: (client, { request, target: on }) => {
      if (!('ids' in on)) return;
      if (request.action === 'READ') patchMessages(client, on.ids, { isRead: true });
      else if (request.action === 'UNREAD') patchMessages(client, on.ids, { isRead: false });
      else if (request.action === 'STAR') patchMessages(client, on.ids, { isStarred: true });
      else if (request.action === 'UNSTAR') patchMessages(client, on.ids, { isStarred: false });
      else if (request.action === 'DELETE' || request.action === 'MOVE' || request.action === 'RESTORE')
        removeMessages(client, on.ids);
    },
    onError: (error) => toast.error(t('bulk.error', { reason: messageOf(error) })),
    onSuccess: ({ affected }, { done }) => {
      if (done) toast.success(done(affected));
    },
    settle: (client) => {
      onDone();
      return invalidateMail(client);
    },
  });

  const run = (request: Request, done?: (affected: number) => string) => {
    if (count === 0) return Promise.resolve();
    return mutation.mutateAsync({ request, target, done }).then(
      () => undefined,
      () => undefined,
    );
  };

  return {
    busy: mutation.isPending,
    count,
    markRead: () => run({ action: 'READ' }),
    markUnread: () => run({ action: 'UNREAD' }),
    /** Trash only: each back to the folder it came from (issue 34). */
    restore: () => run({ action: 'RESTORE' }, (affected) => t('bulk.restored', { count: affected })),
    star: () => run({ action: 'STAR' }),
    unstar: () => run({ action: 'UNSTAR' }),
    remove: () => run({ action: 'DELETE' }, (affected) => t('bulk.deleted', { count: affected })),
    move: (target: number, name: string) =>
      run({ action: 'MOVE', targetMailboxId: target }, (affected) =>
        t('bulk.moved', { count: affected, folder: name }),
      ),
  };
}

interface ConversationStar {
  /** The row's message (the conversation's newest in the folder), whose star the row shows. */
  id: number;
  conversationId: string;
  mailboxId: number;
  isStarred: boolean;
}

/** A conversation row's star: every message of it in the folder (issue 36); the row changes first. */
export function useConversationStar(onRefused: () => void) {
  return useOptimisticMail({
    mutationFn: ({ conversationId, mailboxId, isStarred }: ConversationStar) =>
      bulkAction({
        action: isStarred ? 'STAR' : 'UNSTAR',
        conversations: { ids: [conversationId], mailboxId },
      }),
    apply: (client, { id, isStarred }) => patchMessages(client, [id], { isStarred }),
    onError: onRefused,
    settle: (client) => invalidateMail(client),
  });
}
