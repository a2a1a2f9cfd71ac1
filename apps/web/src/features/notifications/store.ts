import { create } from 'zustand';
import { PAGE_SIZE_DEFAULT } from '@postline/shared/limits';
import {
  notificationSettingsSchema,
  type Notification,
  type NotificationSettings,
  type NotificationSettingsUpdate,
  type NotificationTestRequest,
} from '@postline/shared/notifications';
import { fetchNotificationSettings } from './api/get-settings';
import { fetchNotifications } from './api/list-notifications';
import { markNotificationRead } from './api/mark-read';
import { sendTestNotification } from './api/send-test';
import { fetchUnreadCount } from './api/unread-count';
import { saveNotificationSettings } from './api/update-settings';
import { announceRead, type ReadElsewhere } from './cross-tab';
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
  /** Another tab marked these read. */
  applyReadElsewhere(change: ReadElsewhere): void;
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

/** SPEC §4: a new NEW_MESSAGE raises the count only while enabled and newMessage are both on. */
export function raisesUnreadCount(notification: Notification, settings: NotificationSettings): boolean {
  return (
    notification.type === 'NEW_MESSAGE' && !notification.isRead && settings.enabled && settings.newMessage
  );
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
    const isNew = !state.items.some((item) => item.id === notification.id);
    set({
      items: mergeNotifications(state.items, [notification]),
      unreadCount:
        isNew && raisesUnreadCount(notification, state.settings) ? state.unreadCount + 1 : state.unreadCount,
    });
    return isNew;
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
      const saved = await markNotificationRead(id);
      set((state) => ({ items: mergeNotifications(state.items, [saved]) }));
      announceRead({ ids: [id], readAt: saved.readAt ?? readAt });
    } catch {
      swallow();
    }
    await get().refreshUnreadCount();
  },

  applyReadElsewhere({ ids, readAt }) {
    const marked = new Set(ids);
    let lowered = 0;
    const items = get().items.map((item) => {
      if (!marked.has(item.id) || item.isRead) return item;
      lowered += 1;
      return { ...item, isRead: true, readAt };
    });
    set((state) => ({ items, unreadCount: Math.max(0, state.unreadCount - lowered) }));
  },

  async loadSettings() {
    try {
      // Read through the schema so a field the server left out takes its default.
      const settings = notificationSettingsSchema.parse(await fetchNotificationSettings());
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
      const saved = notificationSettingsSchema.parse(await saveNotificationSettings(changes));
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
