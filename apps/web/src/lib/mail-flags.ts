import type { Message } from '@postline/shared/messages';
import { api } from './api-client';
import { patchMessages } from './mail-cache';
import { invalidateStarredLists, invalidateUnreadLists, useOptimisticMail } from './mail-mutations';

/*
 * The two flags a user sets on a message from the lists and from the message view alike: one server
 * call and one optimistic mutation each, shared by the mailbox and message features.
 */

/** PATCH /messages/{id}/star?isStarred */
function starMessage(id: number, isStarred: boolean): Promise<Message> {
  return api.patch<Message>(`/messages/${id}/star`, undefined, { params: { isStarred } });
}

/** PATCH /messages/{id}/read?isRead */
function markRead(id: number, isRead: boolean): Promise<Message> {
  return api.patch<Message>(`/messages/${id}/read`, undefined, { params: { isRead } });
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
