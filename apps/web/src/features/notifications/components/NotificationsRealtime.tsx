import i18next from 'i18next';
import { useEffect, useRef } from 'react';
import { REALTIME_MAX_ATTEMPTS } from '@postline/shared/limits';
import type { Notification } from '@postline/shared/notifications';
import { toast } from '@/components/ui/toast';
import { useRealtimeStatus } from '@/lib/realtime-status';
import type { RealtimeConnection, StompClientFactory } from '@/lib/stomp-client';
import { useOpenNotification } from '../hooks/use-open-notification';
import { useNotificationSettings, useRealtimeCache } from '../queries';
import { SETTINGS_STORAGE_KEY } from '../settings-storage';

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
  const cache = useRealtimeCache();
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
          onNotification: (body) => handleNotificationPush(body, { open, client: cache.client }),
          onConnected: () => {
            cache.catchUp(connectedBefore);
            connectedBefore = true;
          },
          // Refused, most likely for an expired token: any API call renews it, and the new token
          // reconnects through this effect.
          onRejected: cache.refreshUnreadCount,
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
  }, [accessToken, createClient, retryRequests, cache]);

  useEffect(() => {
    if (!signedIn) return;
    const onStorage = (event: StorageEvent) => {
      if (event.key === SETTINGS_STORAGE_KEY) cache.takeStoredSettings(event.newValue);
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') cache.refreshUnreadCount();
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
  }, [signedIn, cache]);

  return null;
}
