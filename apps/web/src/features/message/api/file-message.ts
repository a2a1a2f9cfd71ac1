import type { Message } from '@postline/shared/messages';
import { api } from '@/lib/api-client';
import { invalidateMail, removeMessages } from '@/features/mail/cache';
import { useOptimisticMail } from '@/features/mail/queries';

/** PATCH /messages/{id}/move?targetMailboxId: into another of the user's folders (Archive too). */
export function moveMessage(id: number, targetMailboxId: number): Promise<Message> {
  return api.patch<Message>(`/messages/${id}/move`, undefined, { params: { targetMailboxId } });
}

/** POST /messages/{id}/restore: from Trash back to the folder it left (else Inbox, Sent or Drafts). */
export function restoreMessage(id: number): Promise<Message> {
  return api.post<Message>(`/messages/${id}/restore`);
}

export type Filing = { id: number; to: number } | { id: number; restore: true };

/**
 * Files the open message elsewhere (issue 34): it leaves the list it was in at once; the lists
 * and counts then reload, and a refusal brings it back.
 */
export function useFileMessage(handlers: {
  onSuccess: (moved: Message, filing: Filing) => void;
  onError: (error: unknown) => void;
}) {
  return useOptimisticMail({
    mutationFn: (filing: Filing) =>
      'restore' in filing ? restoreMessage(filing.id) : moveMessage(filing.id, filing.to),
    apply: (client, filing) => removeMessages(client, [filing.id]),
    onSuccess: handlers.onSuccess,
    onError: handlers.onError,
    settle: (client) => invalidateMail(client),
  });
}
