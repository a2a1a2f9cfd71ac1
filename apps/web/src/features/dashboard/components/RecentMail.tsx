import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MessageListItem } from '@postline/shared/messages';
import { senderLabel } from '@postline/shared/sender-label';
import { formatMailTime } from '@/lib/dates';
import { paths } from '@/lib/paths';

/** The latest inbox mail; each opens /mailbox/inbox?messageId={id} (SPEC §2, DESIGN.md 1). */
export function RecentMail({ messages }: { messages: MessageListItem[] }) {
  const { t, i18n } = useTranslation('dashboard');
  const now = new Date();
  return (
    <section
      className="rounded-xl border border-gray-200 bg-white shadow-sm"
      aria-labelledby="recent-mail-title"
    >
      <div className="flex items-center justify-between border-b border-gray-100 px-5 py-3">
        <h2 id="recent-mail-title" className="font-semibold text-gray-900">
          {t('recent.title')}
        </h2>
        <Link to={paths.mailList('inbox')} className="text-sm font-medium text-brand-600 hover:underline">
          {t('recent.viewAll')}
        </Link>
      </div>
      {messages.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-gray-500">{t('recent.empty')}</p>
      ) : (
        <ul>
          {messages.map((message) => (
            <li key={message.id} className="border-b border-gray-50 last:border-0">
              <Link
                to={`${paths.mailList('inbox')}?messageId=${message.id}`}
                data-testid="recent-message"
                className={clsx(
                  'flex items-center gap-3 px-5 py-3 text-sm hover:bg-gray-50',
                  message.isRead ? 'text-gray-600' : 'font-semibold text-gray-900',
                )}
              >
                {!message.isRead && <span className="sr-only">{t('recent.unread')}</span>}
                <span className="w-36 shrink-0 truncate">
                  {senderLabel(message) ?? t('recent.unknownSender')}
                </span>
                <span className="min-w-0 flex-1 truncate">
                  {message.subject.trim() || t('recent.noSubject')}
                </span>
                <time dateTime={message.receivedAt} className="shrink-0 text-xs text-gray-500">
                  {formatMailTime(message.receivedAt, now, i18n.resolvedLanguage)}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
