import { create } from 'zustand';
import { PAGE_SIZE_DEFAULT } from '@postline/shared/limits';
import { notificationSettingsFrom } from '@postline/shared/notification-types';
import type {
  Notification,
  NotificationSettings,
  NotificationSettingsUpdate,
  NotificationTestRequest,
} from '@postline/shared/notifications';
import type { NotificationsReadPush } from '@postline/shared/realtime';
import { fetchNotificationSettings } from './api/get-settings';
import { fetchNotifications } from './api/list-notifications';
import { markAllNotificationsRead } from './api/mark-all-read';
import { markNotificationRead } from './api/mark-read';
import { sendTestNotification } from './api/send-test';
import { fetchUnreadCount } from './api/unread-count';
import { saveNotificationSettings } from './api/update-settings';
import { readStoredSettings, writeStoredSettings } from './settings-storage';

type ListStatus = 'idle' | 'loading' | 'ready';

interface NotificationsData {
  /** Newest first, without duplicates, whether loaded by page or pushed. */
  items: Notification[];
  /** The zero-based page Load more asks for. */
  nextPage: number;
  hasMore: boolean;
  listStatus: ListStatus;
  isLoadingMore: boolean;
  unreadCount: number;
  settings: NotificationSettings;
}

interface NotificationsActions {
  loadFirstPage(): Promise<void>;
  loadMore(): Promise<void>;
  /** Takes the server's count, so every tab and device ends up agreeing. */
  refreshUnreadCount(): Promise<void>;
  /** Merges one pushed or returned notification; true when it was not in the list yet. */
  receive(notification: Notification): boolean;
  markRead(id: number): Promise<void>;
  markAllRead(): Promise<void>;
  /** The server says notifications were read (here, in another tab, on another device). */
  applyRead(change: Omit<NotificationsReadPush, 'kind'>): void;
  loadSettings(): Promise<void>;
  updateSettings(changes: NotificationSettingsUpdate): Promise<void>;
  /** Settings another tab wrote to local storage. */
  adoptSettings(settings: NotificationSettings): void;
  sendTest(request: NotificationTestRequest): Promise<void>;
  reset(): void;
}

export type NotificationsState = NotificationsData & NotificationsActions;

function initialData(): NotificationsData {
  return {
    items: [],
    nextPage: 0,
    hasMore: false,
    listStatus: 'idle',
    isLoadingMore: false,
    unreadCount: 0,
    settings: readStoredSettings(),
  };
}

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
export function unreadDelta(held: Notification | undefined, incoming: Notification): number {
  if (!held) return incoming.isRead ? 0 : 1;
  if (held.isRead === incoming.isRead) return 0;
  return incoming.isRead ? -1 : 1;
}

// Loading failures of the list, the count, marking read and saving settings are swallowed (SPEC §8):
// the screen keeps what it has, and the next push or reload brings it up to date.
const swallow = () => undefined;

let firstPageRequest = 0;

export const useNotificationsStore = create<NotificationsState>()((set, get) => ({
  ...initialData(),

  async loadFirstPage() {
    const request = ++firstPageRequest;
    if (get().listStatus === 'idle') set({ listStatus: 'loading' });
    try {
      const page = await fetchNotifications({ page: 0, size: PAGE_SIZE_DEFAULT });
      if (request !== firstPageRequest) return;
      // Pushes that arrived while the page was on its way are newer than it; keep them.
      const newestLoaded = page.content.reduce((max, item) => Math.max(max, item.id), 0);
      const pushedMeanwhile = get().items.filter((item) => item.id > newestLoaded);
      set({
        items: mergeNotifications(pushedMeanwhile, page.content),
        nextPage: 1,
        hasMore: !page.last,
        listStatus: 'ready',
      });
    } catch {
      if (request === firstPageRequest) set({ listStatus: 'ready' });
    }
  },

  async loadMore() {
    const { isLoadingMore, hasMore, nextPage } = get();
    if (isLoadingMore || !hasMore) return;
    set({ isLoadingMore: true });
    try {
      const page = await fetchNotifications({ page: nextPage, size: PAGE_SIZE_DEFAULT });
      set((state) => ({
        items: mergeNotifications(state.items, page.content),
        nextPage: nextPage + 1,
        hasMore: !page.last,
      }));
    } catch (error) {
      console.error('Loading more notifications failed', error);
    } finally {
      set({ isLoadingMore: false });
    }
  },

  async refreshUnreadCount() {
    try {
      set({ unreadCount: await fetchUnreadCount() });
    } catch {
      swallow();
    }
  },

  receive(notification) {
    const state = get();
    const held = state.items.find((item) => item.id === notification.id);
    set({
      items: mergeNotifications(state.items, [notification]),
      unreadCount: Math.max(0, state.unreadCount + unreadDelta(held, notification)),
    });
    return held === undefined;
  },

  async markRead(id) {
    const held = get().items.find((item) => item.id === id);
    if (held?.isRead) return;
    const readAt = new Date().toISOString();
    set((state) => ({
      items: state.items.map((item) => (item.id === id ? { ...item, isRead: true, readAt } : item)),
      unreadCount: Math.max(0, state.unreadCount - 1),
    }));
    try {
      // The server tells every tab, this one included (applyRead), with the exact count.
      const saved = await markNotificationRead(id);
      set((state) => ({ items: mergeNotifications(state.items, [saved]) }));
    } catch {
      swallow();
      await get().refreshUnreadCount();
    }
  },

  async markAllRead() {
    const readAt = new Date().toISOString();
    set((state) => ({
      items: state.items.map((item) => (item.isRead ? item : { ...item, isRead: true, readAt })),
      unreadCount: 0,
    }));
    try {
      await markAllNotificationsRead();
    } catch {
      swallow();
      await get().refreshUnreadCount();
    }
  },

  applyRead({ ids, all, readAt, unreadCount }) {
    const marked = new Set(ids);
    set((state) => ({
      items: state.items.map((item) =>
        !item.isRead && (all || marked.has(item.id)) ? { ...item, isRead: true, readAt } : item,
      ),
      unreadCount,
    }));
    // Too many to name (ids empty, not all): the list reloads to show which.
    if (!all && ids.length === 0 && get().listStatus !== 'idle') void get().loadFirstPage();
  },

  async loadSettings() {
    try {
      // Read through the schema so a field the server left out takes its default.
      const settings = notificationSettingsFrom(await fetchNotificationSettings());
      writeStoredSettings(settings);
      set({ settings });
    } catch {
      swallow();
    }
  },

  async updateSettings(changes) {
    const settings = { ...get().settings, ...changes };
    writeStoredSettings(settings);
    set({ settings });
    try {
      const saved = notificationSettingsFrom(await saveNotificationSettings(changes));
      writeStoredSettings(saved);
      set({ settings: saved });
    } catch {
      // Kept in this browser (SPEC §3 stores them locally too) though the server still has the old value.
      swallow();
    }
  },

  adoptSettings(settings) {
    set({ settings });
  },

  async sendTest(request) {
    try {
      // The push brings the toast; the answer puts it in the list even if the socket is down.
      get().receive(await sendTestNotification(request));
    } catch (error) {
      console.error('Sending a test notification failed', error);
      throw error;
    }
  },

  reset() {
    firstPageRequest += 1;
    set(initialData());
  },
}));
