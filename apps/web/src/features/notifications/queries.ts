import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_DEFAULT } from '@postline/shared/limits';
import { notificationSettingsFrom } from '@postline/shared/notification-types';
import type {
  Notification,
  NotificationSettings,
  NotificationSettingsUpdate,
} from '@postline/shared/notifications';
import { invalidateMail } from '@/features/mail/cache';
import { queryKeys } from '@/lib/query-keys';
import { fetchNotificationSettings } from './api/get-settings';
import { fetchNotifications } from './api/list-notifications';
import { markAllNotificationsRead } from './api/mark-all-read';
import { markNotificationRead } from './api/mark-read';
import { sendTestNotification } from './api/send-test';
import { fetchUnreadCount } from './api/unread-count';
import { saveNotificationSettings } from './api/update-settings';
import {
  adjustUnreadCount,
  currentSettings,
  findNotification,
  forgetLaterPages,
  markReadInList,
  notificationsOf,
  receiveNotification,
  restoreInList,
  unreadInList,
} from './notifications-cache';
import { parseStoredSettings, readStoredSettings, writeStoredSettings } from './settings-storage';

/*
 * The notifications' server state: the list, the badge's count and the settings, and the changes
 * the user makes to them. What a push does to the same entries is notifications-cache.ts.
 */

/**
 * The settings' cache entry. It starts from this browser's copy (SPEC §3 keeps one in local
 * storage), so switches and pushes follow the user's choice before the server answers; the answer
 * is copied back there.
 */
function notificationSettingsQuery() {
  return queryOptions({
    queryKey: queryKeys.notifications.settings,
    queryFn: async () => {
      // Read through the schema so a field the server left out takes its default.
      const settings = notificationSettingsFrom(await fetchNotificationSettings());
      writeStoredSettings(settings);
      return settings;
    },
    initialData: readStoredSettings,
    // The copy is only a start: the server's settings are asked for once someone loads them.
    initialDataUpdatedAt: 0,
  });
}

/**
 * The settings as held. Only the real-time provider asks the server for them, once on sign-in
 * (`load`), as before the cache: showing the switches does not reload them. A failed load keeps
 * what was shown (SPEC §8).
 */
export function useNotificationSettings({ load = false }: { load?: boolean } = {}): NotificationSettings {
  return useQuery({ ...notificationSettingsQuery(), enabled: load }).data;
}

/**
 * Saves a change of the switches: shown and copied to local storage at once, then sent as a
 * partial update. A refusal keeps the change in this browser (SPEC §3 stores it locally too), though
 * the server still has the old value.
 */
export function useUpdateNotificationSettings(): (changes: NotificationSettingsUpdate) => void {
  const client = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: saveNotificationSettings,
    onMutate: async (changes) => {
      // A load on its way holds the settings from before this change: it must not put them back.
      await client.cancelQueries({ queryKey: queryKeys.notifications.settings });
      const settings = { ...currentSettings(client), ...changes };
      writeStoredSettings(settings);
      client.setQueryData(queryKeys.notifications.settings, settings);
    },
    onSuccess: (answer) => {
      const saved = notificationSettingsFrom(answer);
      writeStoredSettings(saved);
      client.setQueryData(queryKeys.notifications.settings, saved);
    },
  });
  return mutate;
}

/** The list's cache entry: one page per Load more, the zero-based page number as its parameter. */
function notificationListQuery() {
  return infiniteQueryOptions({
    queryKey: queryKeys.notifications.list,
    queryFn: ({ pageParam }) => fetchNotifications({ page: pageParam, size: PAGE_SIZE_DEFAULT }),
    initialPageParam: 0,
    getNextPageParam: (last, _pages, lastPageParam) => (last.last ? undefined : lastPageParam + 1),
  });
}

const NONE: Notification[] = [];

/**
 * The notifications the bell and /notifications show, newest first, from the cache pushes are
 * merged into. A failed load shows what is held, or the empty list (SPEC §8 swallows it); a failed
 * Load more is only logged and the button stays.
 */
export function useNotificationList() {
  const query = useInfiniteQuery({ ...notificationListQuery(), select: notificationsOf });
  return {
    items: query.data ?? NONE,
    isLoading: query.isPending,
    hasMore: query.hasNextPage,
    isLoadingMore: query.isFetchingNextPage,
    loadMore() {
      if (query.isFetchingNextPage || !query.hasNextPage) return;
      void query.fetchNextPage().then((result) => {
        if (result.isFetchNextPageError) console.error('Loading more notifications failed', result.error);
      });
    },
  };
}

/** What Load more brought is for one visit of /notifications: leaving it keeps the newest page only. */
export function useForgetLaterPagesOnLeave(): void {
  const client = useQueryClient();
  useEffect(() => () => forgetLaterPages(client), [client]);
}

/** The badge's cache entry: pushes and marks move it, the server's count replaces it. */
function unreadCountQuery() {
  return queryOptions({ queryKey: queryKeys.notifications.unreadCount, queryFn: fetchUnreadCount });
}

/** How many notifications are unread; 0 until known, and what it was when a reload fails (SPEC §8). */
export function useUnreadCount(): number {
  return useQuery(unreadCountQuery()).data ?? 0;
}

/** Takes the server's count, so every tab and device ends up agreeing; a failure keeps the badge. */
function refreshUnreadCount(client: QueryClient): Promise<void> {
  return client.fetchQuery(unreadCountQuery()).then(
    () => undefined,
    () => undefined,
  );
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

/** The test-notification button: a title and content in the user's language, one at a time. */
export function useSendTestNotification(): { send(): void; sending: boolean } {
  const { t } = useTranslation('notifications');
  const client = useQueryClient();
  const { mutate, isPending } = useMutation({
    mutationFn: sendTestNotification,
    // The push brings the toast; the answer puts it in the list even if the socket is down.
    onSuccess: (notification) => receiveNotification(client, notification),
    // SPEC §8: a failed test is only logged.
    onError: (error) => console.error('Sending a test notification failed', error),
  });
  return {
    send: () => {
      if (!isPending) mutate({ title: t('testTitle'), content: t('testContent') });
    },
    sending: isPending,
  };
}

/**
 * What the real-time link does to the cache (NotificationsRealtime): `client` is what pushes are
 * merged into outside React (realtime/handle-push.ts); the rest keeps the badge, the list, mail
 * and the settings in step with the server and this browser's other tabs.
 */
export function useRealtimeCache() {
  const client = useQueryClient();
  return useMemo(
    () => ({
      client,
      /** Connected: whatever arrived while the link was down is on the server; catch up with it. */
      catchUp(reconnected: boolean) {
        void refreshUnreadCount(client);
        void client.invalidateQueries({ queryKey: queryKeys.notifications.list });
        // Mail delivered meanwhile had no push to announce it: lists and counts reload.
        if (reconnected) void invalidateMail(client);
      },
      /** The server's count again (a refused link, a tab shown again). */
      refreshUnreadCount: () => void refreshUnreadCount(client),
      /** Another tab saved the settings in local storage. */
      takeStoredSettings(value: string | null) {
        client.setQueryData(queryKeys.notifications.settings, parseStoredSettings(value));
      },
    }),
    [client],
  );
}
