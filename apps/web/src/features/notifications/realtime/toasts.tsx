import type { Toast, ToastOptions } from 'react-hot-toast';
import { TOAST_DURATION_MS } from '@postline/shared/limits';
import type { Notification } from '@postline/shared/notifications';
import { loadToastLibrary } from '@/components/ui/toast';
import { announcementText } from './notification-text';
import { NotificationTypeIcon } from '../components/NotificationTypeIcon';

type ToastStyle = 'success' | 'error' | 'blank';

/** SPEC §9: new mail 5 s in the success style, status and mailbox changes 3 s, alerts 6 s as errors. */
export function toastStyleOf(type: string): { style: ToastStyle; duration: number } {
  switch (type) {
    case 'NEW_MESSAGE':
      return { style: 'success', duration: TOAST_DURATION_MS.NEW_MESSAGE };
    case 'MESSAGE_STATUS_UPDATE':
    case 'MAILBOX_UPDATE':
      return { style: 'blank', duration: TOAST_DURATION_MS[type] };
    case 'SYSTEM_ALERT':
      return { style: 'error', duration: TOAST_DURATION_MS.SYSTEM_ALERT };
    default:
      return { style: 'blank', duration: TOAST_DURATION_MS.DEFAULT };
  }
}

/**
 * A toast for a pushed notification; clicking it opens what the notification is about. The string
 * helpers of components/ui/toast cannot carry a button, so this renders through the same library.
 */
export function showNotificationToast(
  notification: Notification,
  open: (notification: Notification) => void,
): void {
  const { style, duration } = toastStyleOf(notification.type);
  const { heading, detail } = announcementText(notification);
  void loadToastLibrary().then(({ toast }) => {
    const body = (current: Toast) => (
      <button
        type="button"
        data-testid="notification-toast"
        onClick={() => {
          toast.dismiss(current.id);
          open(notification);
        }}
        className="block max-w-full cursor-pointer text-left"
      >
        <span className="block font-semibold text-gray-900">{heading}</span>
        {detail && <span className="mt-0.5 line-clamp-2 block text-sm text-gray-600">{detail}</span>}
      </button>
    );
    // Where the viewport puts every toast: top right, at the bottom on a phone.
    const options: ToastOptions = { id: `notification-${notification.id}`, duration };
    if (style === 'blank')
      toast(body, { ...options, icon: <NotificationTypeIcon type={notification.type} /> });
    else toast[style](body, options);
  });
}
