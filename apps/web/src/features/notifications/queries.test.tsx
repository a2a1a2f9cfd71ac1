import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS, type Notification } from '@postline/shared/notifications';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { ok, serveApi, type Handler } from '@/test/fake-api';
import { WithQueryClient } from '@/test/render';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotificationList,
  useNotificationSettings,
  useUnreadCount,
  useUpdateNotificationSettings,
} from './queries';
import { aNotification, aPage } from './notification-fixtures';
import { receiveNotification } from './notifications-cache';

/*
 * The hooks the bell and /notifications read and write through, on the app's cache, against a fake
 * server: what a screen holding them would show.
 */

function serve(routes: Record<string, Handler>) {
  return serveApi((request) => {
    const key = `${request.method} ${request.url}`;
    const handler = routes[key];
    return handler ? handler(request) : { status: 404, data: { success: false, message: key } };
  });
}

/** The list and the badge, as one screen shows them, with the marks it offers. */
function useScreen() {
  return {
    list: useNotificationList(),
    unread: useUnreadCount(),
    markRead: useMarkNotificationRead(),
    markAllRead: useMarkAllNotificationsRead(),
  };
}

const renderScreenHooks = () => renderHook(useScreen, { wrapper: WithQueryClient });
const ids = (items: Notification[]) => items.map((item) => item.id);

describe('the list', () => {
  it('keeps a notification pushed while the first page was on its way', async () => {
    const server = [aNotification({ id: 29, createdAt: '2025-01-06T11:00:00.000Z' })];
    let answerFirst: () => void = () => undefined;
    const seen = serve({
      'GET /notifications/unread-count': () => ok({ count: 0 }),
      'GET /notifications': () => {
        const reply = ok(aPage([...server], 0, false));
        // The first answer was read before the push was written, and arrives after it.
        return seen.filter((r) => r.url === '/notifications').length === 1
          ? new Promise((resolve) => (answerFirst = () => resolve(reply)))
          : reply;
      },
    });
    const { result } = renderScreenHooks();
    expect(result.current.list.isLoading).toBe(true);
    await waitFor(() => expect(seen.some((r) => r.url === '/notifications')).toBe(true));

    const pushed = aNotification({ id: 30, createdAt: '2025-01-06T12:00:00.000Z' });
    server.unshift(pushed);
    act(() => receiveNotification(queryClient, pushed));
    answerFirst();

    await waitFor(() => expect(ids(result.current.list.items)).toEqual([30, 29]));
    expect(result.current.list.hasMore).toBe(true);
  });

  it('loads more without repeating what shifted onto the next page', async () => {
    const five = aNotification({ id: 5, createdAt: '2025-01-05T00:00:00.000Z' });
    const four = aNotification({ id: 4, createdAt: '2025-01-04T00:00:00.000Z' });
    const seen = serve({
      'GET /notifications/unread-count': () => ok({ count: 0 }),
      'GET /notifications': (request) =>
        (request.params as { page: number }).page === 0
          ? ok(aPage([five], 0, false))
          : ok(aPage([five, four], 1, true)),
    });
    const { result } = renderScreenHooks();
    await waitFor(() => expect(result.current.list.hasMore).toBe(true));
    act(() => result.current.list.loadMore());
    await waitFor(() => expect(ids(result.current.list.items)).toEqual([5, 4]));
    expect(result.current.list.hasMore).toBe(false);
    expect(seen.filter((r) => r.url === '/notifications').map((r) => r.params)).toEqual([
      { page: 0, size: 20 },
      { page: 1, size: 20 },
    ]);
  });
});

describe('marking read', () => {
  const unread = aNotification({ id: 9 });

  it('shows it read and lowers the count at once; the server confirms it', async () => {
    let confirm: () => void = () => undefined;
    const seen = serve({
      'GET /notifications': () => ok(aPage([unread])),
      'GET /notifications/unread-count': () => ok({ count: 5 }),
      'PATCH /notifications/9/read': () =>
        new Promise((resolve) => {
          confirm = () => resolve(ok({ ...unread, isRead: true, readAt: '2025-01-06T10:00:00.000Z' }));
        }),
    });
    const { result } = renderScreenHooks();
    await waitFor(() => expect(result.current.unread).toBe(5));
    await waitFor(() => expect(result.current.list.items).toHaveLength(1));

    act(() => result.current.markRead(9));
    await waitFor(() => expect(result.current.unread).toBe(4));
    expect(result.current.list.items[0]).toMatchObject({ isRead: true });
    expect(seen.at(-1)).toMatchObject({
      method: 'PATCH',
      url: '/notifications/9/read',
      params: { isRead: true },
    });

    confirm();
    await waitFor(() => expect(result.current.list.items[0]?.readAt).toBe('2025-01-06T10:00:00.000Z'));
  });

  it('shows it unread again with the server count when the server refuses', async () => {
    let serverCount = 5;
    serve({
      'GET /notifications': () => ok(aPage([unread])),
      'GET /notifications/unread-count': () => ok({ count: serverCount }),
      'PATCH /notifications/9/read': () => ({ status: 403, data: { success: false, message: 'no' } }),
    });
    const { result } = renderScreenHooks();
    await waitFor(() => expect(result.current.list.items).toHaveLength(1));
    await waitFor(() => expect(result.current.unread).toBe(5));
    serverCount = 3;
    act(() => result.current.markRead(9));
    await waitFor(() => expect(result.current.unread).toBe(3));
    expect(result.current.list.items[0]).toMatchObject({ isRead: false, readAt: null });
  });

  it('does not call the server for one already read, nor lower the count', async () => {
    const seen = serve({
      'GET /notifications': () => ok(aPage([aNotification({ id: 4, isRead: true })])),
      'GET /notifications/unread-count': () => ok({ count: 1 }),
    });
    const { result } = renderScreenHooks();
    await waitFor(() => expect(result.current.list.items).toHaveLength(1));
    await waitFor(() => expect(result.current.unread).toBe(1));
    act(() => result.current.markRead(4));
    expect(seen.some((r) => r.method === 'PATCH')).toBe(false);
    expect(result.current.unread).toBe(1);
  });

  it('marks all read at once and tells the server', async () => {
    const seen = serve({
      'GET /notifications': () =>
        ok(aPage([aNotification({ id: 1 }), aNotification({ id: 2, type: 'SYSTEM_ALERT' })])),
      'GET /notifications/unread-count': () => ok({ count: 2 }),
      'PATCH /notifications/all/read': () => ok({ affected: 2 }),
    });
    const { result } = renderScreenHooks();
    await waitFor(() => expect(result.current.list.items).toHaveLength(2));
    await waitFor(() => expect(result.current.unread).toBe(2));
    act(() => result.current.markAllRead());
    await waitFor(() => expect(result.current.unread).toBe(0));
    expect(result.current.list.items.every((item) => item.isRead)).toBe(true);
    await waitFor(() => expect(seen.some((r) => r.url === '/notifications/all/read')).toBe(true));
  });
});

describe('settings', () => {
  const renderSettings = (load = false) =>
    renderHook(
      () => ({ settings: useNotificationSettings({ load }), update: useUpdateNotificationSettings() }),
      {
        wrapper: WithQueryClient,
      },
    );

  it('start from the defaults of SPEC §3 when nothing is stored', () => {
    serveApi(() => 'network');
    expect(renderSettings().result.current.settings).toEqual({
      enabled: true,
      newMessage: true,
      messageStatus: true,
      filterExecution: true,
      systemAlerts: true,
      desktop: true,
      sound: false,
    });
  });

  it('start from what local storage holds, filling in missing fields', () => {
    serveApi(() => 'network');
    localStorage.setItem('notificationSettings', JSON.stringify({ sound: true, filterExecution: false }));
    expect(renderSettings().result.current.settings).toMatchObject({
      sound: true,
      filterExecution: false,
      enabled: true,
    });
  });

  it('save a change to the server as a partial update and mirror it in local storage', async () => {
    const seen = serve({
      'PUT /notifications/settings': (request) =>
        ok({ ...DEFAULT_NOTIFICATION_SETTINGS, ...JSON.parse(String(request.data)) }),
    });
    const { result } = renderSettings();
    act(() => result.current.update({ sound: true }));
    await waitFor(() => expect(result.current.settings.sound).toBe(true));
    await waitFor(() => expect(seen[0]?.body).toEqual({ sound: true }));
    expect(JSON.parse(localStorage.getItem('notificationSettings') ?? '{}')).toMatchObject({
      sound: true,
      enabled: true,
    });
  });

  it('keep the change in this browser when the server cannot save it', async () => {
    const seen = serveApi(() => 'network');
    const { result } = renderSettings();
    act(() => result.current.update({ desktop: false }));
    await waitFor(() => expect(seen).toHaveLength(1));
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    expect(result.current.settings.desktop).toBe(false);
    expect(JSON.parse(localStorage.getItem('notificationSettings') ?? '{}').desktop).toBe(false);
  });

  it('take the server settings on load and store them locally', async () => {
    serve({
      'GET /notifications/settings': () => ok({ ...DEFAULT_NOTIFICATION_SETTINGS, filterExecution: false }),
    });
    const { result } = renderSettings(true);
    await waitFor(() => expect(result.current.settings.filterExecution).toBe(false));
    expect(JSON.parse(localStorage.getItem('notificationSettings') ?? '{}').filterExecution).toBe(false);
    expect(queryClient.getQueryData(queryKeys.notifications.settings)).toMatchObject({
      filterExecution: false,
    });
  });

  it('keep a change made while the load was on its way, not the older settings it brings', async () => {
    let answer: () => void = () => undefined;
    const seen = serve({
      'GET /notifications/settings': () =>
        new Promise((resolve) => (answer = () => resolve(ok(DEFAULT_NOTIFICATION_SETTINGS)))),
      'PUT /notifications/settings': () => 'network',
    });
    const { result } = renderSettings(true);
    await waitFor(() => expect(seen).toHaveLength(1));
    act(() => result.current.update({ sound: true }));
    await waitFor(() => expect(seen).toHaveLength(2));
    await act(async () => answer());
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    expect(result.current.settings.sound).toBe(true);
  });
});
