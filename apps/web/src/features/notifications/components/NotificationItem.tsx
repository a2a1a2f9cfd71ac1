import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@postline/shared/notifications';
import { NOTIFICATION_TYPES } from '@postline/shared/notification-types';
import { formatRelativeTime } from '@/lib/dates';
import { useMarkNotificationRead } from '../queries';
import { CheckIcon } from '@/components/ui/icons';
import { NotificationTypeIcon } from './NotificationTypeIcon';

interface NotificationItemProps {
  notification: Notification;
  now: Date;
  onOpen(notification: Notification): void;
  /** compact: the bell panel; full: /notifications with a type badge and the read time. */
  variant: 'compact' | 'full';
}

export function typeLabelKey(type: string): string {
  return (NOTIFICATION_TYPES as readonly string[]).includes(type) ? `types.${type}` : 'types.GENERIC';
}

/** One notification: emoji, title, content, type and time; unread ones are highlighted (SPEC §2). */
export function NotificationItem({ notification, now, onOpen, variant }: NotificationItemProps) {
  const { t } = useTranslation('notifications');
  const markRead = useMarkNotificationRead();
  const unread = !notification.isRead;
  const full = variant === 'full';
  const typeLabel = t(typeLabelKey(notification.type));
  const created = formatRelativeTime(notification.createdAt, now);

  return (
    <li
      data-testid="notification-item"
      data-unread={unread}
      className={clsx(
        'flex items-start gap-2 transition-colors',
        full ? 'px-5 py-4' : 'px-4 py-3',
        unread ? 'bg-brand-50 hover:bg-brand-100/70' : 'bg-white hover:bg-gray-50',
      )}
    >
      <button
        type="button"
        onClick={() => onOpen(notification)}
        className="flex min-w-0 flex-1 gap-3 rounded-md text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        <span aria-hidden="true" className={clsx('shrink-0 leading-6', full ? 'text-2xl' : 'text-xl')}>
          <NotificationTypeIcon type={notification.type} size={full ? 24 : 20} />
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-2">
            {unread && <span className="sr-only">{t('unread')}: </span>}
            <span
              className={clsx(
                'truncate text-sm',
                unread ? 'font-semibold text-gray-900' : 'font-medium text-gray-700',
              )}
            >
              {notification.title}
            </span>
            {full && (
              <span className="shrink-0 rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-600">
                {typeLabel}
              </span>
            )}
            {unread && <span aria-hidden="true" className="h-2 w-2 shrink-0 rounded-full bg-brand-500" />}
          </span>
          {notification.content && (
            <span
              className={clsx('mt-0.5 block text-sm text-gray-600', full ? 'line-clamp-3' : 'line-clamp-2')}
            >
              {notification.content}
            </span>
          )}
          <span className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-gray-500">
            {!full && <span>{typeLabel}</span>}
            {!full && <span aria-hidden="true">·</span>}
            <time dateTime={notification.createdAt}>{created}</time>
            {full && notification.readAt && (
              <>
                <span aria-hidden="true">·</span>
                <time dateTime={notification.readAt}>
                  {t('readAt', { time: formatRelativeTime(notification.readAt, now) })}
                </time>
              </>
            )}
          </span>
        </span>
      </button>
      {unread &&
        (full ? (
          <button
            type="button"
            onClick={() => markRead(notification.id)}
            aria-label={t('markReadOf', { title: notification.title })}
            className="inline-flex shrink-0 items-center gap-1 rounded-lg border border-brand-100 bg-white px-2.5 py-1 text-xs font-medium text-brand-700 hover:bg-brand-50"
          >
            <CheckIcon size={14} />
            {t('markRead')}
          </button>
        ) : (
          <button
            type="button"
            onClick={() => markRead(notification.id)}
            aria-label={t('markReadOf', { title: notification.title })}
            title={t('markRead')}
            className="shrink-0 rounded-full p-1.5 text-brand-600 hover:bg-white"
          >
            <CheckIcon />
          </button>
        ))}
    </li>
  );
}
