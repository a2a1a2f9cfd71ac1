import type { Message } from '@postline/shared/messages';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast';
import { api } from '@/lib/api-client';
import { patchMessages } from '@/lib/mail-cache';
import { invalidateStarredLists, useOptimisticMail } from '@/lib/mail-mutations';

/** PATCH /messages/{id}/star?isStarred */
export function starMessage(id: number, isStarred: boolean): Promise<Message> {
  return api.patch<Message>(`/messages/${id}/star`, undefined, { params: { isStarred } });
}

/** Stars or unstars a row at once; a refusal takes it back and says so. */
export function useStarMessage() {
  const { t } = useTranslation('mail');
  return useOptimisticMail({
    mutationFn: ({ id, isStarred }: { id: number; isStarred: boolean }) => starMessage(id, isStarred),
    apply: (client, { id, isStarred }) => patchMessages(client, [id], { isStarred }),
    onError: () => toast.error(t('list.starError')),
    settle: invalidateStarredLists,
  });
}
