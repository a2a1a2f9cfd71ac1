import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MessageListItem } from '@postline/shared/messages';
import { toast } from '@/components/ui/toast';
import { useMarkRead, useStarMessage } from '@/features/mail/queries';
import { paths } from '@/lib/paths';
import type { FolderRef } from '../list-params';

/** What a row does: its link (a draft opens in compose), opening it, and its star. */
export function useRowActions(folder: FolderRef) {
  const { t } = useTranslation('mailList');
  const navigate = useNavigate();
  const star = useStarMessage(() => toast.error(t('list.starError')));
  const read = useMarkRead();
  const isDrafts = folder.kind === 'system' && folder.type === 'DRAFTS';

  const hrefOf = (message: MessageListItem) =>
    isDrafts || message.isDraft ? `${paths.compose}?draftId=${message.id}` : paths.message(message.id);

  function open(message: MessageListItem) {
    if (isDrafts || message.isDraft) {
      navigate(hrefOf(message));
      return;
    }
    // Optimistic (issue 17): the message opens at once; the view marks it read as well.
    if (!message.isRead) read.mutate({ id: message.id, isRead: true });
    navigate(paths.message(message.id));
  }

  const toggleStar = (message: MessageListItem) =>
    star.mutate({ id: message.id, isStarred: !message.isStarred });

  return { hrefOf, open, toggleStar };
}
