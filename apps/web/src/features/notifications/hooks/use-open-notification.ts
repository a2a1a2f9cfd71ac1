import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { Notification } from '@postline/shared/notifications';
import { paths } from '@/lib/paths';
import { useMarkNotificationRead } from '../queries';
import { messageIdOf } from '../notification-target';

/**
 * Clicking a notification anywhere (SPEC §2, §4): it is marked read and, when it is about a
 * message, that message opens. Answers whether it navigated, so the bell knows to close.
 */
export function useOpenNotification(): (notification: Notification) => boolean {
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();
  return useCallback(
    (notification) => {
      if (!notification.isRead) markRead(notification.id);
      const messageId = messageIdOf(notification);
      if (messageId === null) return false;
      void navigate(paths.message(messageId));
      return true;
    },
    [navigate, markRead],
  );
}
