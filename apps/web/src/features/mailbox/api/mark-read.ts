import type { Message } from '@postline/shared/messages';
import { api } from '@/lib/api-client';
import { patchMessages } from '@/lib/mail-cache';
import { invalidateUnreadLists, useOptimisticMail } from '@/lib/mail-mutations';

/** PATCH /messages/{id}/read?isRead */
export function markRead(id: number, isRead: boolean): Promise<Message> {
  return api.patch<Message>(`/messages/${id}/read`, undefined, { params: { isRead } });
}

/**
 * Marks a row read as it opens (issue 17): the row and its folder's count change at once. The
 * message view marks it read as well, so a failure here only puts the row back.
 */
export function useMarkRead() {
  return useOptimisticMail({
    mutationFn: ({ id, isRead }: { id: number; isRead: boolean }) => markRead(id, isRead),
    apply: (client, { id, isRead }) => patchMessages(client, [id], { isRead }),
    settle: invalidateUnreadLists,
  });
}
