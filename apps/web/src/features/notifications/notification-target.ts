import type { Notification } from '@postline/shared/notifications';

/** The message a notification opens (SPEC §2): referenceType MESSAGE with a referenceId. */
export function messageIdOf(notification: Notification): number | null {
  return notification.referenceType === 'MESSAGE' && notification.referenceId
    ? notification.referenceId
    : null;
}
