// Over 300 lines on purpose: the real-time provider's one fake STOMP link, from connecting to
// pushes, reconnects, other tabs and sign-out, reads as one specification of the provider.
import type { StompConfig } from '@stomp/stompjs';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS, type Notification } from '@postline/shared/notifications';
import type { RealtimePush } from '@postline/shared/realtime';
import { ToastViewport } from '@/components/ui/ToastViewport';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { useRealtimeStatus } from '@/lib/realtime-status';
import type { StompClientLike } from '@/lib/stomp-client';
import { ok, serveApi, type SeenRequest } from '@/test/fake-api';
import { listItem, folder, messageOfRow } from '@/test/mail-fixtures';
import { currentLocation, LocationProbe, WithQueryClient } from '@/test/render';
import { aNotification, aPage } from '../notification-fixtures';
import { resetAnnouncedPushes } from '../realtime/handle-push';
import { NotificationBell } from './NotificationBell';
import { NotificationsRealtime } from './NotificationsRealtime';

/** Plays the server's side of a STOMP session. */
class FakeStompClient implements StompClientLike {
  deactivated = false;
  private listener: ((message: { body: string }) => void) | undefined;
  constructor(readonly config: StompConfig) {}
  activate() {}
  deactivate() {
    this.deactivated = true;
    return Promise.resolve();
  }
  subscribe(_destination: string, callback: (message: { body: string }) => void) {
    this.listener = callback;
    return {};
  }
  publish() {}
  connect() {
    act(() => (this.config.onConnect as () => void)());
  }
  push(body: RealtimePush) {
    act(() => this.listener?.({ body: JSON.stringify(body) }));
  }
  dropSocket(code: number) {
    act(() => this.config.onWebSocketClose?.({ code }));
  }
}

let clients: FakeStompClient[] = [];
const createClient = (config: StompConfig) => {
  const client = new FakeStompClient(config);
  clients.push(client);
  return client;
};
const latest = () => clients.at(-1) as FakeStompClient;

let serverUnread = 0;
let seen: SeenRequest[] = [];

/** Renders the provider and, with a token, waits for its client (the socket code loads lazily). */
async function renderApp(token: string | null = 'token-1') {
  const tree = (accessToken: string | null) => (
    <WithQueryClient>
      <MemoryRouter initialEntries={['/dashboard']}>
        <NotificationsRealtime accessToken={accessToken} createClient={createClient} />
        <NotificationBell />
        <LocationProbe />
      </MemoryRouter>
      <ToastViewport />
    </WithQueryClient>
  );
  const connected = async (next: string | null, before: number) => {
    if (next) await waitFor(() => expect(clients.length).toBeGreaterThan(before));
  };
  const view = render(tree(token));
  await connected(token, 0);
  const changeToken = async (next: string | null) => {
    const before = clients.length;
    view.rerender(tree(next));
    await connected(next, before);
  };
  return { ...view, changeToken };
}

const fromMinji = (overrides: Partial<Notification> = {}) =>
  aNotification({
    id: 501,
    title: '새 메일: 김민지',
    content: '주간 회의록',
    referenceId: 42,
    data: { messageId: 42, from: 'minji@postline.local', fromName: '김민지', subject: '주간 회의록' },
    ...overrides,
  });

beforeEach(() => {
  clients = [];
  serverUnread = 0;
  resetAnnouncedPushes();
  useRealtimeStatus.setState({ phase: 'idle', connected: false, attempt: 0, closeCode: null });
  seen = serveApi((request) => {
    const key = `${request.method} ${request.url}`;
    if (key === 'GET /notifications/unread-count') return ok({ count: serverUnread });
    if (key === 'GET /notifications/settings') return ok(DEFAULT_NOTIFICATION_SETTINGS);
    if (key === 'GET /messages/42') return ok(messageOfRow(listItem({ id: 42, isRead: false })));
    if (key === 'PATCH /notifications/501/read') {
      serverUnread = 0;
      return ok({ ...fromMinji(), isRead: true, readAt: new Date().toISOString() });
    }
    return { status: 404, data: { success: false, message: key } };
  });
});

afterEach(() => vi.useRealTimers());

describe('the real-time provider', () => {
  it('never connects without a token, nor asks for the settings', async () => {
    await renderApp(null);
    expect(clients).toHaveLength(0);
    // Only the bell's own count is asked for.
    expect(seen.map((r) => r.url).filter((url) => url !== '/notifications/unread-count')).toEqual([]);
  });

  it('connects with the token, loads the count and settings, and closes on unmount', async () => {
    serverUnread = 4;
    const { unmount } = await renderApp('token-1');
    expect(latest().config.connectHeaders).toEqual({ Authorization: 'Bearer token-1' });
    latest().connect();
    expect(useRealtimeStatus.getState().connected).toBe(true);
    await waitFor(() => expect(screen.getByTestId('notification-badge')).toHaveTextContent('4'));
    expect(seen.map((r) => r.url)).toEqual(
      expect.arrayContaining(['/notifications/unread-count', '/notifications/settings']),
    );
    unmount();
    expect(latest().deactivated).toBe(true);
  });

  it("never opens the browser's permission prompt on a click somewhere on the page (issue 34)", async () => {
    const requestPermission = vi.fn(async () => 'granted' as const);
    const original = window.Notification;
    window.Notification = Object.assign(function FakeNotification() {}, {
      permission: 'default',
      requestPermission,
    }) as unknown as typeof Notification;
    try {
      await renderApp('token-1');
      latest().connect();
      // Desktop notifications are on by default; the person only clicked the bell and the page.
      await userEvent.click(screen.getByRole('button', { name: /^알림/ }));
      await userEvent.click(document.body);
      expect(requestPermission).not.toHaveBeenCalled();
    } finally {
      window.Notification = original;
    }
  });

  it('reconnects with the new token when it changes', async () => {
    const { changeToken } = await renderApp('token-1');
    const first = latest();
    await changeToken('token-2');
    expect(first.deactivated).toBe(true);
    expect(latest()).not.toBe(first);
    expect(latest().config.connectHeaders).toEqual({ Authorization: 'Bearer token-2' });
    await changeToken(null);
    expect(latest().deactivated).toBe(true);
  });

  it('shows new mail at once: badge, a toast with sender and subject, and the mail in the cached counts', async () => {
    queryClient.setQueryData(queryKeys.folders, [folder({ id: 1, type: 'INBOX' })]);
    await renderApp();
    latest().connect();
    await waitFor(() => expect(seen.some((r) => r.url === '/notifications/unread-count')).toBe(true));

    serverUnread = 1;
    latest().push({ kind: 'mail', messageId: 42, mailboxId: 1 });
    latest().push(fromMinji());

    expect(await screen.findByTestId('notification-badge')).toHaveTextContent('1');
    const toast = await screen.findByTestId('notification-toast');
    expect(toast).toHaveTextContent('김민지님의 새 메일');
    expect(toast).toHaveTextContent('주간 회의록');
    await waitFor(() =>
      expect(queryClient.getQueryData(queryKeys.folders)).toEqual([
        folder({ id: 1, type: 'INBOX', unreadCount: 1, totalCount: 1, messageCount: 1 }),
      ]),
    );
  });

  it('after a reconnect, reloads mail lists and counts: mail delivered while offline had no push', async () => {
    queryClient.setQueryData(queryKeys.folders, [folder({ id: 1, type: 'INBOX' })]);
    const reloadAsked = () => queryClient.getQueryState(queryKeys.folders)?.isInvalidated;
    await renderApp();
    vi.useFakeTimers();
    latest().connect();
    expect(reloadAsked()).toBe(false);
    latest().dropSocket(1006);
    act(() => vi.advanceTimersByTime(5000));
    latest().connect();
    expect(reloadAsked()).toBe(true);
  });

  it('opens the message from the toast and marks it read', async () => {
    await renderApp();
    latest().connect();
    latest().push(fromMinji());
    await userEvent.click(await screen.findByTestId('notification-toast'));

    expect(currentLocation()).toBe('/message/42');
    await waitFor(() =>
      expect(seen.some((r) => r.method === 'PATCH' && r.url === '/notifications/501/read')).toBe(true),
    );
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument());
  });

  it('announces a repeated push only once', async () => {
    serverUnread = 1;
    await renderApp();
    latest().connect();
    latest().push(fromMinji());
    latest().push(fromMinji());
    await screen.findByTestId('notification-toast');
    expect(screen.getAllByTestId('notification-toast')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('notification-badge')).toHaveTextContent(/^1$/));
  });

  it('lists but does not announce a push of a kind the user turned off', async () => {
    localStorage.setItem(
      'notificationSettings',
      JSON.stringify({ ...DEFAULT_NOTIFICATION_SETTINGS, filterExecution: false }),
    );
    // The alert is the newer by a second: made in the same millisecond or not, the list's order is known.
    const now = Date.now();
    const pushed = [
      fromMinji({
        id: 601,
        type: 'SYSTEM_ALERT',
        title: '메일 전달 실패',
        content: '주간 회의록',
        createdAt: new Date(now).toISOString(),
      }),
      fromMinji({
        id: 600,
        type: 'FILTER_EXECUTED',
        title: "필터 '영수증' 실행됨",
        createdAt: new Date(now - 1000).toISOString(),
      }),
    ];
    seen = serveApi((request) => {
      if (request.url === '/notifications/settings')
        return ok({ ...DEFAULT_NOTIFICATION_SETTINGS, filterExecution: false });
      if (request.url === '/notifications') return ok(aPage(pushed));
      return ok({ count: 2 });
    });
    await renderApp();
    latest().connect();
    latest().push(pushed[1] as Notification);
    latest().push(pushed[0] as Notification);

    expect(await screen.findByText('메일 전달 실패')).toBeInTheDocument();
    expect(screen.queryByText("필터 '영수증' 실행됨")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^알림/ }));
    const listedTitles = await screen.findAllByTestId('notification-item');
    expect(listedTitles.map((item) => item.textContent)).toEqual([
      expect.stringContaining('메일 전달 실패'),
      expect.stringContaining("필터 '영수증' 실행됨"),
    ]);
  });

  it('tells the user to refresh once the retries have run out', async () => {
    await renderApp();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      latest().dropSocket(2000);
      act(() => vi.advanceTimersByTime(5000 * attempt));
    }
    latest().dropSocket(2000);
    expect(useRealtimeStatus.getState().phase).toBe('failed');
    expect(
      await screen.findByText('실시간 연결에 5번 실패했습니다. 페이지를 새로고침해 주세요.'),
    ).toBeInTheDocument();
  });

  it('offline, gives up without asking for a refresh, and connects again once back online (issue 34)', async () => {
    await renderApp();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        latest().dropSocket(1006);
        act(() => vi.advanceTimersByTime(5000 * attempt));
      }
      latest().dropSocket(1006);
      expect(useRealtimeStatus.getState().phase).toBe('failed');
      const before = clients.length;

      onLine.mockReturnValue(true);
      act(() => void window.dispatchEvent(new Event('online')));
      await waitFor(() => expect(clients.length).toBeGreaterThan(before));
      latest().connect();
      expect(useRealtimeStatus.getState().phase).toBe('connected');
      expect(screen.queryByText(/실시간 연결에 5번 실패했습니다/)).not.toBeInTheDocument();
    } finally {
      onLine.mockRestore();
    }
  });
});
