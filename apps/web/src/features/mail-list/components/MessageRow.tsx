import clsx from 'clsx';
import { useMemo, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageListItem } from '@postline/shared/messages';
import { formatMailTime } from '@/lib/dates';
import {
  collapsePreview,
  conversationOf,
  rowParticipants,
  rowRecipients,
  rowSender,
  rowSubject,
} from '../row-text';
import { PaperclipIcon, StarFilledIcon, StarOutlineIcon } from '@/components/ui/icons';
import { Highlighted } from './Highlighted';

/**
 * The texts of a row, translated once per list rather than in every row: i18next's t() and the
 * translation hook of 20 rows were a large part of rendering the list on a phone (issue 17).
 */
export function useRowTexts() {
  const { t, i18n } = useTranslation('mailList');
  const language = i18n.resolvedLanguage;
  return useMemo(
    () => ({
      language,
      unknownSender: t('list.unknownSender'),
      me: t('list.me'),
      noSubject: t('list.noSubject'),
      noRecipients: t('list.noRecipients'),
      star: (subject: string) => t('list.starOne', { subject }),
      unstar: (subject: string) => t('list.unstarOne', { subject }),
      attachment: t('list.attachment'),
      to: (names: string) => t('list.toPrefix', { names }),
      selectOne: (subject: string) => t('list.selectOne', { subject }),
    }),
    [t, language],
  );
}

export type RowTexts = ReturnType<typeof useRowTexts>;

interface MessageRowProps {
  message: MessageListItem;
  /** The row's place in the list, for the list's arrow keys. */
  index: number;
  texts: RowTexts;
  href: string;
  selected: boolean;
  /** Sent mail and drafts name the recipients instead of the sender. */
  showRecipients: boolean;
  now: Date;
  /** Searched words to mark in the subject and preview. */
  highlight: readonly string[];
  /**
   * The row's control that is the list's one tab stop (ROW_COLUMNS), or null when another row
   * holds it: MessageList moves it with the arrow keys (a roving tabindex, issue 34).
   */
  tabColumn: RowColumn | null;
  onToggleSelect: (id: number) => void;
  onToggleStar: (message: MessageListItem) => void;
  onOpen: (message: MessageListItem) => void;
}

/** A row's controls in the order Left and Right step through them. */
export const ROW_COLUMNS = ['select', 'star', 'open'] as const;
export type RowColumn = (typeof ROW_COLUMNS)[number];

/**
 * One message of the list, or one conversation in the conversation view (issue 36): checkbox, star,
 * sender (a conversation's writers and count), subject with preview, and time (SPEC §2).
 */
export function MessageRow({
  message,
  index,
  texts,
  href,
  selected,
  showRecipients,
  now,
  highlight,
  tabColumn,
  onToggleSelect,
  onToggleStar,
  onOpen,
}: MessageRowProps) {
  const unread = !message.isRead;
  const recipients = showRecipients ? rowRecipients(message) : '';
  const conversation = conversationOf(message);
  const count = conversation && conversation.messageCount > 1 ? ` (${conversation.messageCount})` : '';
  // A conversation names its writers with its count (issue 36); Sent and Drafts their recipients.
  const who = showRecipients
    ? texts.to(recipients || texts.noRecipients) + count
    : conversation
      ? rowParticipants(conversation, texts)
      : rowSender(message, texts.unknownSender);
  const subject = rowSubject(message.subject, texts.noSubject);
  const preview = collapsePreview(message.preview);
  const tabIndexOf = (column: RowColumn) => (tabColumn === column ? 0 : -1);

  function open(event: MouseEvent<HTMLAnchorElement>) {
    // Let a modified click open a new tab as links do; a plain click opens it here.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpen(message);
  }

  return (
    <li
      data-testid="message-row"
      data-row-index={index}
      data-unread={unread || undefined}
      className={clsx(
        'group flex items-center gap-1 border-b border-gray-100 pr-3 pl-2 transition-colors',
        // One background only: Tailwind does not let a later class in the list win.
        selected
          ? 'bg-brand-50'
          : unread
            ? 'bg-white hover:bg-gray-100/70'
            : 'bg-gray-50/70 hover:bg-gray-100/70',
      )}
    >
      <span
        aria-hidden="true"
        className={clsx('h-8 w-1 shrink-0 rounded-full', unread ? 'bg-brand-500' : 'bg-transparent')}
      />
      <input
        name="selected"
        type="checkbox"
        checked={selected}
        onChange={() => onToggleSelect(message.id)}
        aria-label={texts.selectOne(subject)}
        data-column="select"
        tabIndex={tabIndexOf('select')}
        className="m-2 h-4 w-4 shrink-0 accent-brand-500"
      />
      <button
        type="button"
        onClick={() => onToggleStar(message)}
        aria-pressed={message.isStarred}
        aria-label={message.isStarred ? texts.unstar(subject) : texts.star(subject)}
        data-column="star"
        tabIndex={tabIndexOf('star')}
        className={clsx(
          'shrink-0 rounded-full p-1.5 hover:bg-gray-200',
          message.isStarred ? 'text-amber-400' : 'text-gray-400',
        )}
      >
        {message.isStarred ? <StarFilledIcon /> : <StarOutlineIcon />}
      </button>
      <a
        href={href}
        onClick={open}
        data-column="open"
        tabIndex={tabIndexOf('open')}
        className={clsx(
          'flex min-w-0 flex-1 flex-col gap-0.5 py-2.5 pl-2 text-sm sm:flex-row sm:items-center sm:gap-4',
          unread ? 'text-gray-900' : 'text-gray-600',
        )}
      >
        <span
          className={clsx('truncate sm:w-48 sm:shrink-0', unread && 'font-bold')}
          data-testid="row-sender"
        >
          {who}
        </span>
        <span className="flex min-w-0 flex-1 items-center gap-1.5">
          <span
            // The subject keeps its width (up to most of the line); the preview gets what is left.
            className={clsx('max-w-full shrink-0 truncate md:max-w-[75%]', unread && 'font-bold')}
            data-testid="row-subject"
          >
            <Highlighted text={subject} terms={highlight} />
          </span>
          {message.hasAttachments && (
            <span className="shrink-0 text-gray-500" title={texts.attachment}>
              <PaperclipIcon size={15} />
              <span className="sr-only">{texts.attachment}</span>
            </span>
          )}
          {preview && (
            <span
              className="hidden min-w-0 flex-1 truncate text-gray-500 md:inline"
              data-testid="row-preview"
            >
              <span aria-hidden="true">– </span>
              <Highlighted text={preview} terms={highlight} />
            </span>
          )}
        </span>
        <time
          dateTime={message.receivedAt}
          className={clsx(
            'shrink-0 text-xs sm:w-16 sm:text-right',
            unread ? 'font-bold text-gray-900' : 'text-gray-500',
          )}
        >
          {formatMailTime(message.receivedAt, now, texts.language)}
        </time>
      </a>
    </li>
  );
}
