import clsx from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '@postline/shared/messages';
import {
  DeleteIcon,
  ForwardIcon,
  ReplyAllIcon,
  ReplyIcon,
  StarFilledIcon,
  StarOutlineIcon,
} from '@/components/ui/icons';
import { formatFullDate, formatMailTime } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { MessageContent } from './MessageContent';

export type MessageAction = 'reply' | 'replyAll' | 'forward' | 'star' | 'delete';

interface ConversationMessageProps {
  message: Message;
  expanded: boolean;
  /** The user's own mail names its writer "me". */
  isMine: boolean;
  onToggle: () => void;
  onAction: (action: MessageAction) => void;
}

/** The first line of a message's text, for its collapsed line. */
export function firstLine(message: Pick<Message, 'preview' | 'bodyText'>): string {
  const text = (message.preview || message.bodyText).replace(/\s+/g, ' ').trim();
  return text.length > 140 ? `${text.slice(0, 140)}…` : text;
}

/**
 * One message of an open conversation (issue 36): collapsed, one line (sender, first line, date)
 * that opens it; expanded, who wrote to whom, the body, its files, and its own reply, reply all,
 * forward, star, delete and show original.
 */
export function ConversationMessage({
  message,
  expanded,
  isMine,
  onToggle,
  onAction,
}: ConversationMessageProps) {
  const { t, i18n } = useTranslation('message');
  const language = i18n.resolvedLanguage;
  const sender = isMine
    ? t('conversation.me')
    : message.fromName?.trim() || message.fromAddress || message.from;
  const to = message.to.length > 0 ? message.to : message.toAddresses;
  const unread = !message.isRead;
  const button = (action: MessageAction, label: string, icon: ReactNode, pressed?: boolean) => (
    <button
      type="button"
      onClick={() => onAction(action)}
      aria-label={label}
      aria-pressed={pressed}
      title={label}
      className="inline-flex h-8 items-center gap-1 rounded-lg px-2 text-sm text-gray-700 hover:bg-gray-100"
    >
      {icon}
      <span className="hidden sm:inline">{label}</span>
    </button>
  );

  return (
    <li
      data-testid="conversation-message"
      data-expanded={expanded || undefined}
      className="rounded-xl border border-gray-200 bg-white shadow-sm"
    >
      <button
        type="button"
        onClick={onToggle}
        aria-expanded={expanded}
        aria-label={expanded ? t('conversation.collapse', { sender }) : t('conversation.expand', { sender })}
        className="flex w-full items-center gap-3 px-4 py-3 text-left text-sm sm:px-6"
      >
        <span
          className={clsx('shrink-0 truncate sm:w-40', unread ? 'font-bold text-gray-900' : 'text-gray-800')}
        >
          <bdi>{sender}</bdi>
        </span>
        <span className="min-w-0 flex-1 truncate text-gray-500" data-testid="conversation-first-line">
          {expanded ? '' : firstLine(message)}
        </span>
        <time dateTime={message.receivedAt} className="shrink-0 text-xs text-gray-500">
          {expanded
            ? formatFullDate(message.receivedAt, language)
            : formatMailTime(message.receivedAt, new Date(), language)}
        </time>
      </button>
      {expanded && (
        <div className="border-t border-gray-100 px-4 pb-4 sm:px-6">
          <p className="pt-3 text-xs break-words text-gray-500" data-testid="conversation-recipients">
            {message.fromAddress} → {to.join(', ')}
          </p>
          <MessageContent message={message} />
          <div
            role="toolbar"
            aria-label={t('conversation.messageActions')}
            className="mt-4 flex flex-wrap items-center gap-1 border-t border-gray-100 pt-3"
          >
            {!message.isDraft && button('reply', t('actions.reply'), <ReplyIcon />)}
            {!message.isDraft && button('replyAll', t('actions.replyAll'), <ReplyAllIcon />)}
            {!message.isDraft && button('forward', t('actions.forward'), <ForwardIcon />)}
            {button(
              'star',
              message.isStarred ? t('actions.unstar') : t('actions.star'),
              message.isStarred ? <StarFilledIcon className="text-amber-400" /> : <StarOutlineIcon />,
              message.isStarred,
            )}
            {button('delete', t('actions.delete'), <DeleteIcon />)}
            {!message.isDraft && (
              <a
                href={paths.messageOriginal(message.id)}
                target="_blank"
                rel="noopener"
                className="inline-flex h-8 items-center rounded-lg px-2 text-sm text-gray-700 hover:bg-gray-100"
              >
                {t('actions.showOriginal')}
              </a>
            )}
          </div>
        </div>
      )}
    </li>
  );
}
