import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MessageListItem } from '@postline/shared/messages';
import { toast } from '@/components/ui/toast';
import { useMarkRead, useStarMessage } from '@/features/mail/queries';
import { paths } from '@/lib/paths';
import type { FolderRef } from '../list-params';
import { useConversationStar } from '../queries';
import { conversationOf } from '../row-text';

/**
 * What a row does: its link (a draft opens in compose, a conversation with several messages in the
 * folder in the conversation screen; one there opens as a message, as before), opening it, and its
 * star (a conversation's: all of its messages there).
 */
export function useRowActions(folder: FolderRef) {
  const { t } = useTranslation('mailList');
  const navigate = useNavigate();
  const star = useStarMessage(() => toast.error(t('list.starError')));
  const starConversation = useConversationStar(() => toast.error(t('list.starError')));
  const read = useMarkRead();
  const isDrafts = folder.kind === 'system' && folder.type === 'DRAFTS';

  function hrefOf(message: MessageListItem) {
    if (isDrafts || message.isDraft) return `${paths.compose}?draftId=${message.id}`;
    const conversation = conversationOf(message);
    if (conversation && conversation.messagesInFolder > 1)
      return paths.conversation(conversation.conversationId, message.mailboxId);
    return paths.message(message.id);
  }

  function open(message: MessageListItem) {
    const href = hrefOf(message);
    if (isDrafts || message.isDraft || href !== paths.message(message.id)) {
      // The conversation screen marks what it opens read.
      navigate(href);
      return;
    }
    // Optimistic (issue 17): the message opens at once; the view marks it read as well.
    if (!message.isRead) read.mutate({ id: message.id, isRead: true });
    navigate(href);
  }

  function toggleStar(message: MessageListItem) {
    const conversation = conversationOf(message);
    if (conversation && conversation.messagesInFolder > 1) {
      starConversation.mutate({
        id: message.id,
        conversationId: conversation.conversationId,
        mailboxId: message.mailboxId,
        isStarred: !message.isStarred,
      });
      return;
    }
    star.mutate({ id: message.id, isStarred: !message.isStarred });
  }

  return { hrefOf, open, toggleStar };
}
