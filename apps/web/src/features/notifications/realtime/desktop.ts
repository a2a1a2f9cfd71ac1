import { DESKTOP_NOTIFICATION_AUTO_CLOSE_MS } from '@postline/shared/limits';
import type { Notification as AppNotification } from '@postline/shared/notifications';
import { announcementText } from './notification-text';

export type DesktopPermission = NotificationPermission | 'unsupported';

function desktopApi(): typeof window.Notification | undefined {
  return typeof window.Notification === 'function' ? window.Notification : undefined;
}

export function desktopPermission(): DesktopPermission {
  return desktopApi()?.permission ?? 'unsupported';
}

/**
 * SPEC §4: asks only while the browser has not decided. Browsers refuse to ask outside a user
 * gesture, so callers run this from a click.
 */
export async function requestDesktopPermission(): Promise<DesktopPermission> {
  const api = desktopApi();
  if (!api) return 'unsupported';
  if (api.permission !== 'default') return api.permission;
  try {
    return await api.requestPermission();
  } catch {
    return api.permission;
  }
}

/**
 * A system notification for a push (SPEC §4): new mail stays until the user acts, the rest close
 * after 5 s. The tag is the notification id, so several open tabs show it once.
 */
export function showDesktopNotification(
  notification: AppNotification,
  open: (notification: AppNotification) => void,
): void {
  const api = desktopApi();
  if (!api || api.permission !== 'granted') return;
  const { heading, detail } = announcementText(notification);
  const needsInteraction = notification.type === 'NEW_MESSAGE';
  try {
    const shown = new api(heading, {
      body: detail,
      tag: `postline-notification-${notification.id}`,
      requireInteraction: needsInteraction,
    });
    shown.onclick = () => {
      window.focus();
      shown.close();
      open(notification);
    };
    if (!needsInteraction) setTimeout(() => shown.close(), DESKTOP_NOTIFICATION_AUTO_CLOSE_MS);
  } catch {
    // Some platforms only allow notifications from a service worker; the toast still shows.
  }
}
