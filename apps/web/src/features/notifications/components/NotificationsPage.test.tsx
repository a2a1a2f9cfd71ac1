import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@postline/shared/notifications';
import { useRealtimeStatus } from '@/lib/realtime-status';
import { ok, serveApi, type SeenRequest } from '@/test/fake-api';
import { currentLocation, renderScreen } from '@/test/render';
import { aNotification, aPage } from '../notification-fixtures';
import { NotificationsPage } from './NotificationsPage';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const firstPage = [
  aNotification({ id: 30, title: '새 메일: 김민지', content: '주간 회의록', createdAt: minutesAgo(2) }),
  aNotification({
    id: 29,
    type: 'SYSTEM_ALERT',
    title: '메일 전달 실패',
    content: '견적서 요청',
    referenceType: 'MESSAGE',
    referenceId: 55,
    isRead: true,
    readAt: minutesAgo(30),
    createdAt: minutesAgo(120),
  }),
];
const secondPage = [
  aNotification({
    id: 10,
    type: 'MAILBOX_UPDATE',
    title: "메일함 '받은편지함' 업데이트",
    createdAt: minutesAgo(3000),
  }),
];

let seen: SeenRequest[] = [];
const originalNotification = window.Notification;

beforeEach(() => {
  useRealtimeStatus.setState({ phase: 'connected', connected: true });
  seen = serveApi((request) => {
    const key = `${request.method} ${request.url}`;
    if (key === 'GET /notifications') {
      const page = (request.params as { page: number }).page;
      return ok(page === 0 ? aPage(firstPage, 0, false) : aPage(secondPage, 1, true));
    }
    if (key === 'GET /notifications/unread-count') return ok({ count: 3 });
    if (key === 'PATCH /notifications/30/read')
      return ok({ ...firstPage[0], isRead: true, readAt: new Date().toISOString() });
    if (key === 'PATCH /notifications/all/read') return ok({ affected: 3 });
    if (key === 'PUT /notifications/settings')
      return ok({ ...DEFAULT_NOTIFICATION_SETTINGS, ...JSON.parse(String(request.data)) });
    return { status: 404, data: { success: false, message: key } };
  });
});

afterEach(() => {
  window.Notification = originalNotification;
  vi.unstubAllEnvs();
});

const renderPage = () => renderScreen('/notifications', '/notifications', <NotificationsPage />);

describe('/notifications', () => {
  it('shows the connection and unread badges, and the test button in development builds', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: '알림' })).toBeInTheDocument();
    expect(screen.getByTestId('connection-dot')).toHaveTextContent('실시간 연결됨');
    await waitFor(() => expect(screen.getByTestId('unread-count-badge')).toHaveTextContent('읽지 않음 3'));
    expect(screen.getByRole('button', { name: '테스트 알림 보내기' })).toBeInTheDocument();
    act(() => useRealtimeStatus.getState().setConnected(false));
    expect(screen.getByTestId('connection-dot')).toHaveTextContent('실시간 연결 끊김');
    await screen.findAllByTestId('notification-item');
  });

  it('lists notifications with icon, title, type badge, content, created and read times', async () => {
    renderPage();
    const [unread, read] = (await screen.findAllByTestId('notification-item')) as [HTMLElement, HTMLElement];
    // jsdom draws no emoji: the type's line icon stands in (components/ui/Emoji.tsx).
    expect(unread.querySelector('svg')).not.toBeNull();
    expect(unread).toHaveTextContent('새 메일: 김민지');
    expect(unread).toHaveTextContent('새 메일');
    expect(unread).toHaveTextContent('주간 회의록');
    expect(unread).toHaveTextContent('2분 전');
    expect(
      within(unread).getByRole('button', { name: '읽음으로 표시: 새 메일: 김민지' }),
    ).toBeInTheDocument();

    expect(read.querySelector('svg')).not.toBeNull();
    expect(read).toHaveTextContent('시스템 알림');
    expect(read).toHaveTextContent('2시간 전');
    expect(read).toHaveTextContent('30분 전에 읽음');
    expect(within(read).queryByRole('button', { name: /읽음으로 표시/ })).not.toBeInTheDocument();
  });

  it('marks one read and lowers the unread count', async () => {
    renderPage();
    await waitFor(() => expect(screen.getByTestId('unread-count-badge')).toHaveTextContent('읽지 않음 3'));
    await userEvent.click(await screen.findByRole('button', { name: '읽음으로 표시: 새 메일: 김민지' }));
    await waitFor(() => expect(screen.getByTestId('unread-count-badge')).toHaveTextContent('읽지 않음 2'));
    expect(screen.queryByRole('button', { name: /^읽음으로 표시:/ })).not.toBeInTheDocument();
  });

  it('marks all read with one button', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: '모두 읽음으로 표시' }));
    await waitFor(() => expect(screen.getByTestId('unread-count-badge')).toHaveTextContent('읽지 않음 0'));
    expect(seen.some((request) => request.url === '/notifications/all/read')).toBe(true);
  });

  it('loads more and hides the button at the end', async () => {
    renderPage();
    await screen.findAllByTestId('notification-item');
    await userEvent.click(screen.getByRole('button', { name: '더 보기' }));
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(3));
    expect(screen.getByText("메일함 '받은편지함' 업데이트")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '더 보기' })).not.toBeInTheDocument();
  });

  it('starts the next visit from the newest page again, with Load more', async () => {
    const visit = renderPage();
    await screen.findAllByTestId('notification-item');
    await userEvent.click(screen.getByRole('button', { name: '더 보기' }));
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(3));
    visit.unmount();

    renderPage();
    expect(await screen.findAllByTestId('notification-item')).toHaveLength(2);
    expect(screen.getByRole('button', { name: '더 보기' })).toBeInTheDocument();
    await waitFor(() =>
      expect(seen.filter((r) => r.url === '/notifications').map((r) => r.params)).toEqual([
        { page: 0, size: 20 },
        { page: 1, size: 20 },
        { page: 0, size: 20 },
      ]),
    );
  });

  it('opens the message a notification is about', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /^메일 전달 실패/ }));
    expect(currentLocation()).toBe('/message/55');
  });

  it('offers no test button to users: a production build leaves it out (issue 34)', async () => {
    vi.stubEnv('DEV', false);
    renderPage();
    await waitFor(() => expect(screen.getByTestId('unread-count-badge')).toHaveTextContent('읽지 않음 3'));
    expect(screen.queryByRole('button', { name: '테스트 알림 보내기' })).not.toBeInTheDocument();
  });

  it('offers the seven switches and asks for desktop permission when desktop is turned on', async () => {
    const requestPermission = vi.fn(async () => 'granted' as const);
    window.Notification = Object.assign(function FakeNotification() {}, {
      permission: 'default',
      requestPermission,
    }) as unknown as typeof Notification;
    localStorage.setItem(
      'notificationSettings',
      JSON.stringify({ ...DEFAULT_NOTIFICATION_SETTINGS, desktop: false }),
    );
    renderPage();

    const settings = screen.getByRole('region', { name: '알림 설정' });
    expect(within(settings).getAllByRole('switch')).toHaveLength(7);
    const desktop = within(settings).getByRole('switch', { name: '데스크톱 알림' });
    expect(desktop).not.toBeChecked();
    await userEvent.click(desktop);

    expect(desktop).toBeChecked();
    expect(requestPermission).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(seen.find((r) => r.method === 'PUT')?.body).toEqual({ desktop: true }));
    expect(JSON.parse(localStorage.getItem('notificationSettings') ?? '{}').desktop).toBe(true);
  });

  it('with desktop on by default and the browser not asked yet, asks only from its Allow button', async () => {
    const requestPermission = vi.fn(async () => 'granted' as const);
    window.Notification = Object.assign(function FakeNotification() {}, {
      permission: 'default',
      requestPermission,
    }) as unknown as typeof Notification;
    renderPage();

    const settings = screen.getByRole('region', { name: '알림 설정' });
    const desktop = within(settings).getByRole('switch', { name: '데스크톱 알림' });
    expect(desktop).toBeChecked();
    expect(desktop).toHaveAccessibleDescription(/브라우저에 아직 알림 표시를 허용하지 않았습니다/);
    await userEvent.click(screen.getByRole('heading', { level: 1, name: '알림' }));
    expect(requestPermission).not.toHaveBeenCalled();

    await userEvent.click(within(settings).getByRole('button', { name: '브라우저에서 허용' }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(within(settings).queryByRole('button', { name: '브라우저에서 허용' })).not.toBeInTheDocument(),
    );
  });
});
