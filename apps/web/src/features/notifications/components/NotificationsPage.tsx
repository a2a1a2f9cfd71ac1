import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { LoadingBlock } from '@/components/ui/Spinner';
import { BellIcon } from '@/components/ui/icons';
import { useNow } from '@/lib/use-now';
import { useOpenNotification } from '../hooks/use-open-notification';
import {
  useForgetLaterPagesOnLeave,
  useMarkAllNotificationsRead,
  useNotificationList,
  useSendTestNotification,
  useUnreadCount,
} from '../queries';
import { ConnectionDot } from './ConnectionDot';
import { NotificationItem } from './NotificationItem';
import { NotificationSettingsSwitches } from './NotificationSettingsSwitches';

/**
 * /notifications (SPEC §2): connection and unread badges, the settings switches and the whole list
 * with Load more; the test button only in a development build.
 */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const unreadCount = useUnreadCount();
  const markAllRead = useMarkAllNotificationsRead();
  const { send, sending } = useSendTestNotification();

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title={t('title')}
        actions={
          <>
            {unreadCount > 0 && (
              <Button variant="secondary" onClick={markAllRead}>
                {t('markAllRead')}
              </Button>
            )}
            {/* A developer's check of the push path, not something a person needs (issue 34). */}
            {import.meta.env.DEV && (
              <Button onClick={send} isLoading={sending} icon={<BellIcon size={16} />}>
                {t('sendTest')}
              </Button>
            )}
          </>
        }
      />
      <div className="-mt-3 mb-6 flex flex-wrap items-center gap-2">
        <ConnectionDot
          showLabel
          className="rounded-full bg-white px-3 py-1 text-gray-700 shadow-sm ring-1 ring-gray-200"
        />
        <span
          data-testid="unread-count-badge"
          className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-700 ring-1 ring-brand-100"
        >
          {t('unreadCount', { count: unreadCount })}
        </span>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <NotificationList />
        <section
          aria-labelledby="notification-settings-heading"
          className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200 lg:sticky lg:top-24"
        >
          <h2 id="notification-settings-heading" className="mb-3 font-semibold text-gray-900">
            {t('settings.toggle')}
          </h2>
          <NotificationSettingsSwitches />
        </section>
      </div>
    </div>
  );
}

function NotificationList() {
  const { t } = useTranslation('notifications');
  const { items, isLoading, hasMore, isLoadingMore, loadMore } = useNotificationList();
  // What Load more brought is for this visit: the bell and the next visit show the newest page.
  useForgetLaterPagesOnLeave();
  const openNotification = useOpenNotification();
  const now = useNow();

  let body;
  if (items.length === 0 && isLoading) {
    body = <LoadingBlock label={t('loading')} />;
  } else if (items.length === 0) {
    body = <EmptyState title={t('empty')} description={t('emptyHint')} icon={<BellIcon size={48} />} />;
  } else {
    body = (
      <ul aria-label={t('listLabel')} className="divide-y divide-gray-100">
        {items.map((item) => (
          <NotificationItem
            key={item.id}
            notification={item}
            now={now}
            onOpen={(notification) => void openNotification(notification)}
            variant="full"
          />
        ))}
      </ul>
    );
  }

  return (
    <section className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
      {body}
      {hasMore && items.length > 0 && (
        <div className="border-t border-gray-100 p-3 text-center">
          <Button variant="secondary" size="sm" isLoading={isLoadingMore} onClick={loadMore}>
            {t('loadMore')}
          </Button>
        </div>
      )}
    </section>
  );
}
