import type { Notification } from '@postline/shared/notifications';
import { isNotificationTypeEnabled } from '@postline/shared/notification-types';
import { readRealtimePush } from '@postline/shared/realtime-push';
import type { QueryClient } from '@tanstack/react-query';
import { mergeArrivedMail } from '@/features/mail/arrived';
import { applyReadPush, currentSettings, receiveNotification } from '../notifications-cache';
import { showDesktopNotification } from './desktop';
import { playNotificationSound } from './sound';
import { showNotificationToast } from './toasts';

export interface PushEffects {
  /** What a click on the toast or desktop notification does: mark read and open the message. */
  open(notification: Notification): void;
  /** The server-state cache that delivered mail and notifications are merged into. */
  client: QueryClient;
}

/** Ids already announced: a push repeated after a reconnect must not toast or ring twice. */
const announced = new Set<number>();
const ANNOUNCED_KEPT = 500;

function firstAnnouncement(id: number): boolean {
  if (announced.has(id)) return false;
  announced.add(id);
  if (announced.size > ANNOUNCED_KEPT) {
    const oldest = announced.values().next().value;
    if (oldest !== undefined) announced.delete(oldest);
  }
  return true;
}

/**
 * The one handler for everything the server pushes on /user/queue/notifications (the Proton
 * pattern of STYLE.md): delivered mail (its own push, sent whatever the settings) is merged into
 * the cached lists and counts; a notification goes into the cached list and badge, and is announced
 * as the settings allow (toast, desktop notification, sound); a read push marks them read.
 */
export function handleNotificationPush(body: unknown, effects: PushEffects): void {
  const push = readRealtimePush(body);
  if (!push) return;
  if ('kind' in push) {
    if (push.kind === 'mail') void mergeArrivedMail(effects.client, push.messageId);
    else applyReadPush(effects.client, push);
    return;
  }
  const notification = push;
  receiveNotification(effects.client, notification);
  // A notification read elsewhere, or marked unread again, is news to no one: no toast, no sound.
  if (notification.isRead || !firstAnnouncement(notification.id)) return;

  const settings = currentSettings(effects.client);
  if (!isNotificationTypeEnabled(settings, notification.type)) return;
  showNotificationToast(notification, effects.open);
  if (settings.desktop) showDesktopNotification(notification, effects.open);
  if (settings.sound) playNotificationSound();
}

/** Test hook: forget which pushes were announced. */
export function resetAnnouncedPushes(): void {
  announced.clear();
}
