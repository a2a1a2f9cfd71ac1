import { useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useEffect, useRef } from 'react';
import { REALTIME_MAX_ATTEMPTS } from '@postline/shared/limits';
import type { Notification } from '@postline/shared/notifications';
import { toast } from '@/components/ui/toast';
import { invalidateMail } from '@/features/mail/cache';
import { useRealtimeStatus } from '@/lib/realtime-status';
import type { RealtimeConnection, StompClientFactory } from '@/lib/stomp-client';
import { queryKeys } from '@/lib/query-keys';
import { useNotificationSettings } from '../api/get-settings';
import { useOpenNotification } from '../hooks/use-open-notification';
import { refreshUnreadCount } from '../notifications-cache';
import { parseStoredSettings, SETTINGS_STORAGE_KEY } from '../settings-storage';

interface NotificationsRealtimeProps {
  /** The signed-in user's access token; a new one means a new connection, none means none. */
  accessToken: string | null;
  /** Tests hand in a fake STOMP client. */
  createClient?: StompClientFactory;
}

/**
 * Mounted once by the signed-in layout: keeps the real-time connection for the current token
 * (SPEC §4), routes pushes into the server-state cache, and keeps counts and settings in step with
 * the server and the browser's other tabs. Renders nothing. What it cached goes with the rest of
 * the cache when the user signs out (AppLayout clears it), so the next user sees none of it.
 */
export function NotificationsRealtime({ accessToken, createClient }: NotificationsRealtimeProps) {
  const client = useQueryClient();
  const openNotification = useOpenNotification();
  const openRef = useRef(openNotification);
  const retryRequests = useRealtimeStatus((state) => state.retryRequests);
  const signedIn = accessToken !== null;

  useEffect(() => {
    openRef.current = openNotification;
  }, [openNotification]);

  // Loads the server's settings on sign-in, for pushes to be announced as the user chose.
  useNotificationSettings({ load: signedIn });

  useEffect(() => {
    if (!accessToken) return;
    const open = (notification: Notification) => {
      openRef.current(notification);
    };
    let connection: RealtimeConnection | undefined;
    let cancelled = false;
    // SockJS, STOMP and the push schema load after the page shows, beside its own code (issue 17).
    void Promise.all([import('@/lib/stomp-client'), import('../realtime/handle-push')]).then(
      ([{ openRealtimeConnection }, { handleNotificationPush }]) => {
        if (cancelled) return;
        let connectedBefore = false;
        connection = openRealtimeConnection({
          token: accessToken,
          ...(createClient ? { createClient } : {}),
          onNotification: (body) => handleNotificationPush(body, { open, client }),
          onConnected: () => {
            // Whatever arrived while the link was down is on the server; catch up with it.
            void refreshUnreadCount(client);
            void client.invalidateQueries({ queryKey: queryKeys.notifications.list });
            // Mail delivered meanwhile had no push to announce it: lists and counts reload.
            if (connectedBefore) void invalidateMail(client);
            connectedBefore = true;
          },
          // Refused, most likely for an expired token: any API call renews it, and the new token
          // reconnects through this effect.
          onRejected: () => void refreshUnreadCount(client),
          // Offline, the banner already says why; the link is tried again once the network is back.
          onGiveUp: () => {
            if (!navigator.onLine) return;
            toast.error(i18next.t('failedAfterMax', { ns: 'connection', max: REALTIME_MAX_ATTEMPTS }), {
              id: 'realtime-failed',
            });
          },
        });
      },
    );
    return () => {
      cancelled = true;
      connection?.close();
    };
  }, [accessToken, createClient, retryRequests, client]);

  useEffect(() => {
    if (!signedIn) return;
    const onStorage = (event: StorageEvent) => {
      if (event.key === SETTINGS_STORAGE_KEY)
        client.setQueryData(queryKeys.notifications.settings, parseStoredSettings(event.newValue));
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refreshUnreadCount(client);
    };
    // Back online: a link that gave up, or waits out a retry's delay, connects again at once.
    const onOnline = () => {
      const { phase, requestRetry } = useRealtimeStatus.getState();
      if (phase === 'failed' || phase === 'reconnecting') requestRetry();
    };
    // Desktop permission is asked only from the desktop switch (NotificationSettingsSwitches): a
    // prompt on the first click anywhere came with nothing the person had asked for (issue 34).
    window.addEventListener('storage', onStorage);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('storage', onStorage);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [signedIn, client]);

  return null;
}
