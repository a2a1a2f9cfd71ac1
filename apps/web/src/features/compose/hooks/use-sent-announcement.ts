import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Message } from '@postline/shared/messages';
import { toast } from '@/components/ui/toast';
import { messageOf } from '@/lib/api-error';
import { formatFullDate } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { useCancelScheduled } from '../queries';

/**
 * What the user is told after Send (issue 36). A mail the server holds for the undo delay shows
 * "Sending… Undo" for as long as it waits; Undo takes it back to Drafts and opens it in the
 * composer as it was (recipients, body, files, signature, the message it answers). A mail sent
 * later says when it goes. One the server sent at once (no delay) is "sent", as before.
 */
export function useSentAnnouncement() {
  const { t, i18n } = useTranslation('compose');
  const navigate = useNavigate();
  const cancel = useCancelScheduled();

  const undo = useCallback(
    async (id: number) => {
      try {
        const draftId = await cancel(id);
        toast.success(t('undo.undone'), { id: `undo:${id}` });
        navigate(`${paths.compose}?draftId=${draftId}`);
      } catch (error) {
        toast.error(`${t('undo.tooLate')} ${messageOf(error)}`, { id: `undo:${id}` });
      }
    },
    [cancel, navigate, t],
  );

  return useCallback(
    (sent: Message, sentText: string, sendAt?: string) => {
      if (sent.mailboxType !== 'SCHEDULED') {
        toast.success(sentText);
        return;
      }
      if (sendAt) {
        const time = formatFullDate(sendAt, i18n.resolvedLanguage ?? i18n.language);
        toast.success(t('sendLater.scheduled', { time }));
        return;
      }
      // The waiting mail is dated with the time it goes: the toast lasts until then.
      const wait = Math.max(1_000, Date.parse(sent.receivedAt) - Date.now());
      toast.action(
        t('undo.sending'),
        { label: t('undo.undo'), onAction: () => void undo(sent.id) },
        { id: `undo:${sent.id}`, duration: wait },
      );
    },
    [i18n, t, undo],
  );
}
