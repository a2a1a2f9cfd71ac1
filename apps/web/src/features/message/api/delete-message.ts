import type { DeleteResult } from '@postline/shared/messages';
import { api } from '@/lib/api-client';
import { invalidateMail, removeMessages } from '@/features/mail/cache';
import { useOptimisticMail } from '@/features/mail/queries';

/** DELETE /messages/{id}: to the trash, or for good when it already is in the trash. */
export function deleteMessage(id: number): Promise<DeleteResult> {
  return api.delete<DeleteResult>(`/messages/${id}`);
}

/** Takes the message out of the lists and counts at once; a refusal brings it back. */
export function useDeleteMessage(handlers: { onSuccess: () => void; onError: () => void }) {
  return useOptimisticMail({
    mutationFn: (id: number) => deleteMessage(id),
    apply: (client, id) => removeMessages(client, [id]),
    onSuccess: handlers.onSuccess,
    onError: handlers.onError,
    settle: invalidateMail,
  });
}
