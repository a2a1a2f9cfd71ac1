import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Notification } from '@postline/shared/notifications';
import { api } from '@/lib/api-client';
import {
  adjustUnreadCount,
  findNotification,
  markReadInList,
  receiveNotification,
  refreshUnreadCount,
  restoreInList,
} from '../notifications-cache';

/** PATCH /notifications/{id}/read?isRead=true: sets isRead and readAt. */
function markNotificationRead(id: number): Promise<Notification> {
  return api.patch<Notification>(`/notifications/${id}/read`, undefined, { params: { isRead: true } });
}

/**
 * Marks one notification read: it shows read and the badge drops at once (never below 0). The
 * server then tells every tab, this one included, with the exact count (the read push). A refusal
 * shows it unread again and takes the server's count; nothing else is said (SPEC §8).
 */
export function useMarkNotificationRead(): (id: number) => void {
  const client = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: markNotificationRead,
    onMutate: (id) => {
      const held = findNotification(client, id);
      markReadInList(client, [id], new Date().toISOString());
      adjustUnreadCount(client, -1);
      return { held };
    },
    onSuccess: (saved) => receiveNotification(client, saved),
    onError: (_error, _id, context) => {
      if (context?.held) restoreInList(client, [context.held]);
      void refreshUnreadCount(client);
    },
  });
  return useCallback(
    (id) => {
      // Already read here: nothing to tell the server, and the badge must not drop again.
      if (findNotification(client, id)?.isRead) return;
      mutate(id);
    },
    [client, mutate],
  );
}
