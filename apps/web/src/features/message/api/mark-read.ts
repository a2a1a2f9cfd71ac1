import type { Message } from '@postline/shared/messages';
import { api } from '@/lib/api-client';
import { patchMessages } from '@/lib/mail-cache';
import { invalidateUnreadLists, useOptimisticMail } from '@/lib/mail-mutations';

/** PATCH /messages/{id}/read?isRead */
export function markRead(id: number, isRead: boolean): Promise<Message> {
  return api.patch<Message>(`/messages/${id}/read`, undefined, { params: { isRead } });
}

interface ReadChange {
  id: number;
  isRead: boolean;
}

/**
 * Marks the message read or unread at once, in its view, the lists and its folder's count; a
 * refusal puts them back. What else to do on failure is the caller's (a toast, or only a warning).
 */
export function useMarkRead(onError?: (error: unknown, change: ReadChange) => void) {
  return useOptimisticMail({
    mutationFn: ({ id, isRead }: ReadChange) => markRead(id, isRead),
    apply: (client, { id, isRead }) => patchMessages(client, [id], { isRead }),
    onError: onError ?? ((failure: unknown) => console.warn('Could not mark the message read', failure)),
    settle: invalidateUnreadLists,
  });
}
