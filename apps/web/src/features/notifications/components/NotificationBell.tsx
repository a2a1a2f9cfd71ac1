import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Notification } from '@postline/shared/notifications';
import { LoadingBlock } from '@/components/ui/Spinner';
import { BellIcon, BellOffIcon, GearIcon } from '@/components/ui/icons';
import { Popover } from '@/components/ui/Popover';
import { paths } from '@/lib/paths';
import { unreadBadgeText } from '../badge';
import { useNow } from '@/lib/use-now';
import { useOpenNotification } from '../hooks/use-open-notification';
import {
  useMarkAllNotificationsRead,
  useNotificationList,
  useSendTestNotification,
  useUnreadCount,
} from '../queries';
import { ConnectionDot } from './ConnectionDot';
import { NotificationItem } from './NotificationItem';
import { NotificationSettingsSwitches } from './NotificationSettingsSwitches';

/**
 * The top bar's bell (SPEC §2): unread badge (99+ above 99) and a panel with the connection dot,
 * settings, the latest notifications and a way to all of them (a test button in development builds).
 */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const [showSettings, setShowSettings] = useState(false);
  const settingsId = useId();
  const unreadCount = useUnreadCount();
  const badge = unreadBadgeText(unreadCount);

  return (
    <Popover
      trigger={
        <>
          <BellIcon size={22} />
          {badge && (
            <span
              aria-hidden="true"
              data-testid="notification-badge"
              className="absolute -top-0.5 -right-0.5 h-5 min-w-5 rounded-full bg-red-500 px-1 text-center text-[11px] leading-5 font-semibold text-white ring-2 ring-white"
            >
              {badge}
            </span>
          )}
        </>
      }
      triggerProps={{
        'aria-label': unreadCount > 0 ? t('bellUnread', { count: unreadCount }) : t('bell'),
        className: 'relative rounded-full p-2 text-gray-600 hover:bg-gray-100',
      }}
      panelProps={{
        role: 'region',
        'aria-label': t('title'),
        className:
          'absolute right-0 z-30 mt-2 flex max-h-[calc(100vh-5rem)] w-[22rem] max-w-[calc(100vw-2rem)] flex-col overflow-hidden rounded-xl bg-white shadow-lg ring-1 ring-gray-200',
      }}
    >
      {({ close }) => (
        <>
          <div className="flex shrink-0 items-center gap-3 border-b border-gray-100 px-4 py-3">
            <h2 className="font-semibold text-gray-900">{t('title')}</h2>
            <ConnectionDot showLabel className="text-gray-500" />
            <button
              type="button"
              aria-label={t('settings.toggle')}
              title={t('settings.toggle')}
              aria-expanded={showSettings}
              aria-controls={settingsId}
              onClick={() => setShowSettings((value) => !value)}
              className="ml-auto rounded-full p-1.5 text-gray-500 hover:bg-gray-100 aria-expanded:bg-brand-50 aria-expanded:text-brand-600"
            >
              <GearIcon />
            </button>
          </div>
          {showSettings && (
            <div id={settingsId} className="shrink-0 border-b border-gray-100 bg-gray-50 px-4 py-3">
              <NotificationSettingsSwitches />
            </div>
          )}
          <BellList onNavigated={close} />
          <BellFooter onViewAll={close} />
        </>
      )}
    </Popover>
  );
}

/** The latest notifications, loaded (or reloaded behind what the cache holds) as the panel opens. */
function BellList({ onNavigated }: { onNavigated(): void }) {
  const { t } = useTranslation('notifications');
  const { items, isLoading } = useNotificationList();
  const openNotification = useOpenNotification();
  const now = useNow();

  const onOpen = (notification: Notification) => {
    if (openNotification(notification)) onNavigated();
  };

  if (items.length === 0 && isLoading) {
    return <LoadingBlock label={t('loading')} compact />;
  }
  if (items.length === 0) {
    return (
      <p className="px-4 py-10 text-center text-sm text-gray-500">
        <BellOffIcon size={28} className="mx-auto mb-2 block text-gray-400" />
        {t('empty')}
      </p>
    );
  }
  return (
    <ul
      aria-label={t('listLabel')}
      className="max-h-96 min-h-0 flex-1 divide-y divide-gray-100 overflow-y-auto"
    >
      {items.map((item) => (
        <NotificationItem key={item.id} notification={item} now={now} onOpen={onOpen} variant="compact" />
      ))}
    </ul>
  );
}

function BellFooter({ onViewAll }: { onViewAll(): void }) {
  const { t } = useTranslation('notifications');
  const { send, sending } = useSendTestNotification();
  const unreadCount = useUnreadCount();
  const markAllRead = useMarkAllNotificationsRead();
  return (
    <div className="flex shrink-0 flex-wrap items-center gap-1 border-t border-gray-100 p-2">
      {unreadCount > 0 && (
        <button
          type="button"
          onClick={markAllRead}
          className="rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap text-brand-600 hover:bg-brand-50"
        >
          {t('markAllRead')}
        </button>
      )}
      {/* A developer's check of the push path, not something a person needs (issue 34). */}
      {import.meta.env.DEV && (
        <button
          type="button"
          onClick={send}
          disabled={sending}
          title={t('sendTest')}
          className="rounded-lg px-3 py-2 text-sm whitespace-nowrap text-gray-600 hover:bg-gray-100 disabled:opacity-60"
        >
          {t('sendTestShort')}
        </button>
      )}
      <Link
        to={paths.notifications}
        onClick={onViewAll}
        className="ml-auto rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap text-brand-600 hover:bg-brand-50"
      >
        {t('viewAll')}
      </Link>
    </div>
  );
}
