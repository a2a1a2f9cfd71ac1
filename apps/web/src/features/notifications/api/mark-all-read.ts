import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AffectedResponse } from '@postline/shared/common';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { markReadInList, refreshUnreadCount, restoreInList, unreadInList } from '../notifications-cache';

/** PATCH /notifications/all/read: every notification of the user read; answers how many changed. */
function markAllNotificationsRead(): Promise<AffectedResponse> {
  return api.patch<AffectedResponse>('/notifications/all/read');
}

/**
 * Marks every notification read: the list shows them read and the badge goes to 0 at once. A
 * refusal shows the ones that were unread as they were and takes the server's count (SPEC §8).
 */
export function useMarkAllNotificationsRead(): () => void {
  const client = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: () => markAllNotificationsRead(),
    onMutate: () => {
      const held = unreadInList(client);
      markReadInList(client, 'all', new Date().toISOString());
      client.setQueryData<number>(queryKeys.notifications.unreadCount, 0);
      return { held };
    },
    onError: (_error, _variables, context) => {
      if (context) restoreInList(client, context.held);
      void refreshUnreadCount(client);
    },
  });
  return () => mutate();
}
