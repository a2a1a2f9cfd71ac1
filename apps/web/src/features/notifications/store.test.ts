import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@postline/shared/notifications';
import { ok, serveApi, type Handler } from '@/test/fake-api';
import { aNotification, aPage } from './notification-fixtures';
import { useNotificationsStore } from './store';

const store = () => useNotificationsStore.getState();

function serve(routes: Record<string, Handler>) {
  return serveApi((request) => {
    const key = `${request.method} ${request.url}`;
    const handler = routes[key];
    return handler ? handler(request) : { status: 404, data: { success: false, message: key } };
  });
}

beforeEach(() => {
  localStorage.clear();
  store().reset();
});

describe('pushed notifications', () => {
  it('puts a new one on top and raises the unread count by one for new mail', () => {
    useNotificationsStore.setState({
      items: [aNotification({ id: 1, createdAt: '2025-01-06T09:00:00.000Z' })],
    });
    useNotificationsStore.setState({ unreadCount: 3 });

    const added = store().receive(aNotification({ id: 2, createdAt: '2025-01-06T10:00:00.000Z' }));

    expect(added).toBe(true);
    expect(store().items.map((item) => item.id)).toEqual([2, 1]);
    expect(store().unreadCount).toBe(4);
  });

  it('does not count the same notification twice when it arrives again', () => {
    const push = aNotification({ id: 7 });
    store().receive(push);
    expect(store().receive({ ...push, title: '다시 도착' })).toBe(false);
    expect(store().items).toHaveLength(1);
    expect(store().items[0]?.title).toBe('다시 도착');
    expect(store().unreadCount).toBe(1);
  });

  it.each(['MESSAGE_STATUS_UPDATE', 'MAILBOX_UPDATE', 'FILTER_EXECUTED', 'SYSTEM_ALERT', 'SYSTEM'] as const)(
    'counts an unread %s push too: the badge is every unread notification (issue 10)',
    (type) => {
      useNotificationsStore.setState({ unreadCount: 2 });
      store().receive(aNotification({ type }));
      expect(store().items).toHaveLength(1);
      expect(store().unreadCount).toBe(3);
    },
  );

  it('lowers the count when a held notification comes back read, raises it when unread again', () => {
    const held = aNotification({ id: 5 });
    useNotificationsStore.setState({ items: [held], unreadCount: 1 });
    store().receive({ ...held, isRead: true, readAt: '2025-01-06T10:00:00.000Z' });
    expect(store().unreadCount).toBe(0);
    store().receive({ ...held, isRead: false, readAt: null });
    expect(store().unreadCount).toBe(1);
  });

  it('keeps notifications pushed while the first page was loading', async () => {
    let answer: (value: ReturnType<typeof ok>) => void = () => undefined;
    const seen = serve({ 'GET /notifications': () => new Promise((resolve) => (answer = resolve)) });
    const loading = store().loadFirstPage();
    expect(store().listStatus).toBe('loading');
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    store().receive(aNotification({ id: 30, createdAt: '2025-01-06T12:00:00.000Z' }));
    answer(ok(aPage([aNotification({ id: 29, createdAt: '2025-01-06T11:00:00.000Z' })], 0, false)));
    await loading;

    expect(store().items.map((item) => item.id)).toEqual([30, 29]);
    expect(store()).toMatchObject({ listStatus: 'ready', hasMore: true, nextPage: 1 });
  });

  it('loads more without repeating what shifted onto the next page', async () => {
    const seen = serve({
      'GET /notifications': (request) => {
        const page = (request.params as { page: number }).page;
        return page === 0
          ? ok(aPage([aNotification({ id: 5, createdAt: '2025-01-05T00:00:00.000Z' })], 0, false))
          : ok(
              aPage(
                [
                  aNotification({ id: 5, createdAt: '2025-01-05T00:00:00.000Z' }),
                  aNotification({ id: 4, createdAt: '2025-01-04T00:00:00.000Z' }),
                ],
                1,
                true,
              ),
            );
      },
    });
    await store().loadFirstPage();
    await store().loadMore();
    expect(store().items.map((item) => item.id)).toEqual([5, 4]);
    expect(store().hasMore).toBe(false);
    expect(seen.map((request) => request.params)).toEqual([
      { page: 0, size: 20 },
      { page: 1, size: 20 },
    ]);
  });
});

describe('marking read', () => {
  it('marks it read and lowers the count at once; the server confirms it', async () => {
    const unread = aNotification({ id: 9 });
    useNotificationsStore.setState({ items: [unread], unreadCount: 5 });
    const seen = serve({
      'PATCH /notifications/9/read': () =>
        ok({ ...unread, isRead: true, readAt: '2025-01-06T10:00:00.000Z' }),
    });

    const marking = store().markRead(9);
    expect(store().unreadCount).toBe(4);
    expect(store().items[0]).toMatchObject({ isRead: true });
    await marking;

    expect(seen[0]).toMatchObject({
      method: 'PATCH',
      url: '/notifications/9/read',
      params: { isRead: true },
    });
    expect(store().items[0]?.readAt).toBe('2025-01-06T10:00:00.000Z');
  });

  it('marks all read at once and tells the server', async () => {
    useNotificationsStore.setState({
      items: [aNotification({ id: 1 }), aNotification({ id: 2, type: 'SYSTEM_ALERT' })],
      unreadCount: 2,
    });
    const seen = serve({ 'PATCH /notifications/all/read': () => ok({ affected: 2 }) });
    await store().markAllRead();
    expect(store().items.every((item) => item.isRead)).toBe(true);
    expect(store().unreadCount).toBe(0);
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      'PATCH /notifications/all/read',
    ]);
  });

  it('never lowers the count below zero', async () => {
    useNotificationsStore.setState({ items: [aNotification({ id: 3 })], unreadCount: 0 });
    serveApi(() => 'network');
    await store().markRead(3);
    expect(store().unreadCount).toBe(0);
  });

  it('does not call the server for one already read', async () => {
    useNotificationsStore.setState({ items: [aNotification({ id: 4, isRead: true })], unreadCount: 1 });
    const seen = serveApi(() => ok({ count: 1 }));
    await store().markRead(4);
    expect(seen).toEqual([]);
    expect(store().unreadCount).toBe(1);
  });

  it('applies what the server says was read anywhere, with its count', () => {
    useNotificationsStore.setState({
      items: [aNotification({ id: 1 }), aNotification({ id: 2 }), aNotification({ id: 3, isRead: true })],
      unreadCount: 2,
    });
    store().applyRead({ ids: [1, 3], all: false, readAt: '2025-01-06T10:00:00.000Z', unreadCount: 1 });
    expect(store().items.map((item) => item.isRead)).toEqual([true, false, true]);
    expect(store().unreadCount).toBe(1);
    store().applyRead({ ids: [], all: true, readAt: '2025-01-06T11:00:00.000Z', unreadCount: 0 });
    expect(store().items.every((item) => item.isRead)).toBe(true);
    expect(store().unreadCount).toBe(0);
  });
});

describe('settings', () => {
  it('starts from the defaults of SPEC §3 when nothing is stored', () => {
    expect(store().settings).toEqual({
      enabled: true,
      newMessage: true,
      messageStatus: true,
      filterExecution: true,
      systemAlerts: true,
      desktop: true,
      sound: false,
    });
  });

  it('starts from what local storage holds, filling in missing fields', () => {
    localStorage.setItem('notificationSettings', JSON.stringify({ sound: true, filterExecution: false }));
    store().reset();
    expect(store().settings).toMatchObject({ sound: true, filterExecution: false, enabled: true });
  });

  it('saves a change to the server as a partial update and mirrors it in local storage', async () => {
    const seen = serve({
      'PUT /notifications/settings': (request) =>
        ok({ ...DEFAULT_NOTIFICATION_SETTINGS, ...JSON.parse(String(request.data)) }),
    });
    const saving = store().updateSettings({ sound: true });
    expect(store().settings.sound).toBe(true);
    await saving;

    expect(seen[0]?.body).toEqual({ sound: true });
    expect(JSON.parse(localStorage.getItem('notificationSettings') ?? '{}')).toMatchObject({
      sound: true,
      enabled: true,
    });
  });

  it('keeps the change in this browser when the server cannot save it', async () => {
    serveApi(() => 'network');
    await store().updateSettings({ desktop: false });
    expect(store().settings.desktop).toBe(false);
    expect(JSON.parse(localStorage.getItem('notificationSettings') ?? '{}').desktop).toBe(false);
  });

  it('takes the server settings on load and stores them locally', async () => {
    serve({
      'GET /notifications/settings': () => ok({ ...DEFAULT_NOTIFICATION_SETTINGS, filterExecution: false }),
    });
    await store().loadSettings();
    expect(store().settings.filterExecution).toBe(false);
    expect(JSON.parse(localStorage.getItem('notificationSettings') ?? '{}').filterExecution).toBe(false);
  });
});
