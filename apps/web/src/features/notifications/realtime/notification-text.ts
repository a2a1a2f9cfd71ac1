import i18next from 'i18next';
import type { Notification } from '@postline/shared/notifications';

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The two lines a toast or desktop notification shows. New mail names the sender and the subject
 * from the notification's data, in the interface language; the rest show title and content.
 */
export function announcementText(notification: Notification): { heading: string; detail: string } {
  if (notification.type === 'NEW_MESSAGE') {
    const from = text(notification.data.fromName) || text(notification.data.from);
    const subject = text(notification.data.subject) || notification.content;
    return {
      heading: from ? i18next.t('toast.newMessageFrom', { ns: 'notifications', from }) : notification.title,
      detail: subject || i18next.t('toast.noSubject', { ns: 'notifications' }),
    };
  }
  return { heading: notification.title, detail: notification.content };
}
