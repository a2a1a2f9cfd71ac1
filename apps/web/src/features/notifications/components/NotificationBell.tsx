import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Notification } from '@postline/shared/notifications';
import { Spinner } from '@/components/ui/Spinner';
import { BellIcon, BellOffIcon } from '@/components/ui/icons';
import { paths } from '@/lib/paths';
import { unreadBadgeText } from '../badge';
import { useNow } from '@/lib/use-now';
import { useOpenNotification } from '../hooks/use-open-notification';
import { useSendTestNotification } from '../hooks/use-send-test';
import { useNotificationsStore } from '../store';
import { ConnectionDot } from './ConnectionDot';
import { GearIcon } from './notification-icons';
import { NotificationItem } from './NotificationItem';
import { NotificationSettingsSwitches } from './NotificationSettingsSwitches';

/**
 * The top bar's bell (SPEC §2): unread badge (99+ above 99) and a panel with the connection dot,
 * settings, a test button, the latest notifications and a way to all of them.
 */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const [open, setOpen] = useState(false);
  const [showSettings, setShowSettings] = useState(false);
  const panelId = useId();
  const settingsId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const unreadCount = useNotificationsStore((state) => state.unreadCount);
  const badge = unreadBadgeText(unreadCount);

  useEffect(() => {
    if (!open) return;
    void useNotificationsStore.getState().loadFirstPage();
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={unreadCount > 0 ? t('bellUnread', { count: unreadCount }) : t('bell')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="relative rounded-full p-2 text-gray-600 hover:bg-gray-100"
      >
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
      </button>
      {open && (
        <div
          id={panelId}
          role="region"
          aria-label={t('title')}
          className="absolute right-0 z-30 mt-2 flex max-h-[calc(100vh-5rem)] w-[22rem] max-w-[calc(100vw-2rem)] flex-col overflow-hidden rounded-xl bg-white shadow-lg ring-1 ring-gray-200"
        >
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
          <BellList onNavigated={() => setOpen(false)} />
          <BellFooter onViewAll={() => setOpen(false)} />
        </div>
      )}
    </div>
  );
}

function BellList({ onNavigated }: { onNavigated(): void }) {
  const { t } = useTranslation('notifications');
  const items = useNotificationsStore((state) => state.items);
  const listStatus = useNotificationsStore((state) => state.listStatus);
  const openNotification = useOpenNotification();
  const now = useNow();

  const onOpen = (notification: Notification) => {
    if (openNotification(notification)) onNavigated();
  };

  if (items.length === 0 && listStatus !== 'ready') {
    return (
      <div className="flex justify-center py-10 text-brand-500">
        <Spinner label={t('loading')} />
      </div>
    );
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
  const unreadCount = useNotificationsStore((state) => state.unreadCount);
  return (
    <div className="flex shrink-0 flex-wrap items-center gap-1 border-t border-gray-100 p-2">
      {unreadCount > 0 && (
        <button
          type="button"
          onClick={() => void useNotificationsStore.getState().markAllRead()}
          className="rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap text-brand-600 hover:bg-brand-50"
        >
          {t('markAllRead')}
        </button>
      )}
      <button
        type="button"
        onClick={() => void send()}
        disabled={sending}
        title={t('sendTest')}
        className="rounded-lg px-3 py-2 text-sm whitespace-nowrap text-gray-600 hover:bg-gray-100 disabled:opacity-60"
      >
        {t('sendTestShort')}
      </button>
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
