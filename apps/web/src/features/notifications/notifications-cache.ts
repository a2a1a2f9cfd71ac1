import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Page } from '@postline/shared/common';
import type { Notification, NotificationSettings } from '@postline/shared/notifications';
import type { NotificationsReadPush } from '@postline/shared/realtime';
import { queryKeys } from '@/lib/query-keys';
import { readStoredSettings } from './settings-storage';

/*
 * The notifications as the server-state cache holds them, and the changes made to them from outside
 * a request: a push, an optimistic mark, an answer that carries a notification. Plain functions of
 * the client, because the real-time handler runs outside React.
 */

/** The list as cached: the pages loaded so far, each as the server sent it. */
export type NotificationPages = InfiniteData<Page<Notification>, number>;

function newestFirst(a: Notification, b: Notification): number {
  return b.createdAt.localeCompare(a.createdAt) || b.id - a.id;
}

/** Incoming versions replace what is held under the same id. */
export function mergeNotifications(held: Notification[], incoming: Notification[]): Notification[] {
  const byId = new Map(held.map((item) => [item.id, item]));
  for (const item of incoming) byId.set(item.id, item);
  return [...byId.values()].sort(newestFirst);
}

/**
 * How a notification arriving (pushed or returned) moves the badge: the badge is the number of
 * unread notifications of every type, as the server counts them (issue 10).
 */
function unreadDelta(held: Notification | undefined, incoming: Notification): number {
  if (!held) return incoming.isRead ? 0 : 1;
  if (held.isRead === incoming.isRead) return 0;
  return incoming.isRead ? -1 : 1;
}

/**
 * What the screens show of the cached pages: every notification once, newest first. A push grows
 * the first page, so the next page the server sends may repeat its last rows.
 */
export function notificationsOf(pages: NotificationPages): Notification[] {
  return mergeNotifications(
    [],
    pages.pages.flatMap((page) => page.content),
  );
}

export function findNotification(client: QueryClient, id: number): Notification | undefined {
  const pages = client.getQueryData<NotificationPages>(queryKeys.notifications.list);
  for (const page of pages?.pages ?? []) {
    const held = page.content.find((item) => item.id === id);
    if (held) return held;
  }
  return undefined;
}

/** Changes the cached list's notifications in every page; nothing when no list is cached. */
function patchList(client: QueryClient, change: (item: Notification) => Notification): void {
  client.setQueryData<NotificationPages>(queryKeys.notifications.list, (pages) =>
    pages
      ? { ...pages, pages: pages.pages.map((page) => ({ ...page, content: page.content.map(change) })) }
      : pages,
  );
}

/**
 * Keeps only the first page of the cached list: the list shown next starts over from the newest
 * notifications and reloads that one page, with Load more for the rest.
 */
export function forgetLaterPages(client: QueryClient): void {
  client.setQueryData<NotificationPages>(queryKeys.notifications.list, (pages) =>
    pages && pages.pages.length > 1
      ? { pages: pages.pages.slice(0, 1), pageParams: pages.pageParams.slice(0, 1) }
      : pages,
  );
}

/** Moves the badge; a count not loaded yet counts from zero, as the badge shows it. */
export function adjustUnreadCount(client: QueryClient, delta: number): void {
  if (delta === 0) return;
  client.setQueryData<number>(queryKeys.notifications.unreadCount, (count = 0) => Math.max(0, count + delta));
}

/**
 * Merges one pushed or returned notification: held, it is replaced where it is; new, it goes into
 * the first page, newest first. The badge moves by `unreadDelta`. A list not loaded yet is left
 * alone: it will come from the server with this notification in it. A load under way starts
 * again, so its answer cannot put back a list or a count without it.
 */
export function receiveNotification(client: QueryClient, notification: Notification): void {
  const held = findNotification(client, notification.id);
  if (held) patchList(client, (item) => (item.id === notification.id ? notification : item));
  else {
    client.setQueryData<NotificationPages>(queryKeys.notifications.list, (pages) => {
      const [first, ...rest] = pages?.pages ?? [];
      if (!pages || !first) return pages;
      const content = mergeNotifications(first.content, [notification]);
      return { ...pages, pages: [{ ...first, content, totalElements: first.totalElements + 1 }, ...rest] };
    });
  }
  adjustUnreadCount(client, unreadDelta(held, notification));
  // An answer on its way may have been read before this notification was written: it is dropped
  // (what was cached stays, this notification included) and the server is asked again.
  for (const queryKey of [queryKeys.notifications.list, queryKeys.notifications.unreadCount]) {
    if (client.isFetching({ queryKey }) > 0)
      void client.cancelQueries({ queryKey }).then(() => client.invalidateQueries({ queryKey }));
  }
}

/** Marks notifications read in the cached list: those of `ids`, or every one. */
export function markReadInList(client: QueryClient, ids: readonly number[] | 'all', readAt: string): void {
  const marked = ids === 'all' ? null : new Set(ids);
  patchList(client, (item) =>
    !item.isRead && (marked === null || marked.has(item.id)) ? { ...item, isRead: true, readAt } : item,
  );
}

/** Puts notifications an optimistic mark changed back as they were held. */
export function restoreInList(client: QueryClient, held: readonly Notification[]): void {
  const byId = new Map(held.map((item) => [item.id, item]));
  patchList(client, (item) => byId.get(item.id) ?? item);
}

/** The unread notifications the cached list holds. */
export function unreadInList(client: QueryClient): Notification[] {
  const pages = client.getQueryData<NotificationPages>(queryKeys.notifications.list);
  return pages ? notificationsOf(pages).filter((item) => !item.isRead) : [];
}

/**
 * The server says notifications were read (here, in another tab, on another device): they show
 * read and the badge takes its count. Too many to name (no ids, not all): the list reloads.
 */
export function applyReadPush(client: QueryClient, change: Omit<NotificationsReadPush, 'kind'>): void {
  const { ids, all, readAt, unreadCount } = change;
  markReadInList(client, all ? 'all' : ids, readAt);
  client.setQueryData<number>(queryKeys.notifications.unreadCount, unreadCount);
  if (!all && ids.length === 0) void client.invalidateQueries({ queryKey: queryKeys.notifications.list });
}

/** The settings that decide how a push is announced: the server's, else this browser's copy. */
export function currentSettings(client: QueryClient): NotificationSettings {
  return client.getQueryData<NotificationSettings>(queryKeys.notifications.settings) ?? readStoredSettings();
}
