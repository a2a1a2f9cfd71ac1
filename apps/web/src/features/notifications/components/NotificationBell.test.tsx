import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS, type Notification } from '@postline/shared/notifications';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { ok, serveApi, type SeenRequest } from '@/test/fake-api';
import { currentLocation, LocationProbe, WithQueryClient } from '@/test/render';
import { aNotification, aPage } from '../notification-fixtures';
import { NotificationBell } from './NotificationBell';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

let listed: Notification[] = [];
let serverUnread = 0;
let seen: SeenRequest[] = [];

function renderBell() {
  return render(
    <StrictMode>
      <WithQueryClient>
        <MemoryRouter initialEntries={['/dashboard']}>
          <p>페이지 본문</p>
          <NotificationBell />
          <LocationProbe />
        </MemoryRouter>
      </WithQueryClient>
    </StrictMode>,
  );
}

const bellButton = () => screen.getByRole('button', { name: /^알림(, 읽지 않음 \d+)?$/ });
const panel = () => screen.getByRole('region', { name: '알림' });

/** The badge once the bell has its count from the server. */
async function countLoaded() {
  await waitFor(() =>
    expect(queryClient.getQueryState(queryKeys.notifications.unreadCount)?.status).toBe('success'),
  );
}

beforeEach(() => {
  listed = [];
  serverUnread = 0;
  seen = serveApi((request) => {
    const key = `${request.method} ${request.url}`;
    if (key === 'GET /notifications') return ok(aPage(listed));
    if (key === 'GET /notifications/unread-count') return ok({ count: serverUnread });
    const read = /^PATCH \/notifications\/(\d+)\/read$/.exec(key);
    if (read) {
      const item = listed.find((n) => n.id === Number(read[1]));
      serverUnread = Math.max(0, serverUnread - 1);
      return ok({ ...item, isRead: true, readAt: new Date().toISOString() });
    }
    if (key === 'PUT /notifications/settings')
      return ok({ ...DEFAULT_NOTIFICATION_SETTINGS, ...JSON.parse(String(request.data)) });
    if (key === 'POST /notifications/test')
      return ok(
        aNotification({
          id: 900,
          type: 'SYSTEM',
          title: '테스트 알림',
          referenceType: 'SYSTEM',
          referenceId: null,
        }),
      );
    return { status: 404, data: { success: false, message: key } };
  });
});

afterEach(() => vi.unstubAllEnvs());

describe('the bell', () => {
  it('shows no badge at zero, the count up to 99 and 99+ above', async () => {
    renderBell();
    await countLoaded();
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
    expect(bellButton()).toHaveAccessibleName('알림');

    act(() => queryClient.setQueryData(queryKeys.notifications.unreadCount, 99));
    expect(await screen.findByTestId('notification-badge')).toHaveTextContent(/^99$/);

    act(() => queryClient.setQueryData(queryKeys.notifications.unreadCount, 150));
    await waitFor(() => expect(screen.getByTestId('notification-badge')).toHaveTextContent('99+'));
    expect(bellButton()).toHaveAccessibleName('알림, 읽지 않음 150');
  });

  it('opens a panel listing notifications with emoji, title, content, type and relative time', async () => {
    listed = [
      aNotification({
        id: 1,
        title: '새 메일: 김민지',
        content: '3분기 예산 회의',
        createdAt: minutesAgo(5),
      }),
      aNotification({
        id: 2,
        type: 'FILTER_EXECUTED',
        title: "필터 '영수증' 실행됨",
        content: '영수증 — 폴더로 이동',
        isRead: true,
        readAt: minutesAgo(1),
        createdAt: minutesAgo(180),
      }),
    ];
    renderBell();
    await userEvent.click(bellButton());

    expect(bellButton()).toHaveAttribute('aria-expanded', 'true');
    const items = await within(panel()).findAllByTestId('notification-item');
    expect(items).toHaveLength(2);
    const [unread, read] = items as [HTMLElement, HTMLElement];
    // jsdom draws no emoji: the type's line icon stands in (components/ui/Emoji.tsx).
    expect(unread.querySelector('svg')).not.toBeNull();
    expect(unread).toHaveTextContent('새 메일: 김민지');
    expect(unread).toHaveTextContent('3분기 예산 회의');
    expect(unread).toHaveTextContent('새 메일');
    expect(unread).toHaveTextContent('5분 전');
    expect(unread).toHaveAttribute('data-unread', 'true');
    expect(
      within(unread).getByRole('button', { name: '읽음으로 표시: 새 메일: 김민지' }),
    ).toBeInTheDocument();

    expect(read.querySelector('svg')).not.toBeNull();
    expect(read).toHaveTextContent('필터 실행');
    expect(read).toHaveTextContent('3시간 전');
    expect(within(read).queryByRole('button', { name: /읽음으로 표시/ })).not.toBeInTheDocument();
    expect(within(panel()).getByTestId('connection-dot')).toHaveTextContent('실시간 연결 끊김');
  });

  it('shows a loading state, then the empty state', async () => {
    let answer: (reply: ReturnType<typeof ok>) => void = () => undefined;
    serveApi(() => new Promise((resolve) => (answer = resolve)));
    renderBell();
    await userEvent.click(bellButton());
    expect(within(panel()).getByRole('status')).toHaveTextContent('알림을 불러오는 중…');
    await waitFor(() => answer(ok(aPage([]))));
    expect(await within(panel()).findByText('알림이 없습니다.')).toBeInTheDocument();
  });

  it('marks one read with its button and lowers the badge', async () => {
    listed = [aNotification({ id: 7, title: '새 메일: 준' })];
    serverUnread = 1;
    renderBell();
    expect(await screen.findByTestId('notification-badge')).toHaveTextContent('1');
    await userEvent.click(bellButton());
    await userEvent.click(await screen.findByRole('button', { name: '읽음으로 표시: 새 메일: 준' }));

    await waitFor(() => expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument());
    expect(seen.some((r) => r.method === 'PATCH' && r.url === '/notifications/7/read')).toBe(true);
    expect(screen.getByTestId('notification-item')).toHaveAttribute('data-unread', 'false');
    expect(currentLocation()).toBe('/dashboard');
  });

  it('opens the message of a clicked notification, marks it read and closes the panel', async () => {
    listed = [aNotification({ id: 8, title: '새 메일: 김민지', referenceId: 42 })];
    serverUnread = 1;
    renderBell();
    expect(await screen.findByTestId('notification-badge')).toHaveTextContent('1');
    await userEvent.click(bellButton());
    await userEvent.click(await screen.findByRole('button', { name: /^읽지 않음:\s*새 메일: 김민지/ }));

    expect(currentLocation()).toBe('/message/42');
    expect(screen.queryByRole('region', { name: '알림' })).not.toBeInTheDocument();
    await waitFor(() => expect(seen.some((r) => r.url === '/notifications/8/read')).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument());
  });

  it('keeps the panel open for a notification that is not about a message', async () => {
    listed = [
      aNotification({
        id: 9,
        type: 'SYSTEM',
        title: '테스트 알림',
        referenceType: 'SYSTEM',
        referenceId: null,
      }),
    ];
    renderBell();
    await userEvent.click(bellButton());
    await userEvent.click(await screen.findByRole('button', { name: /^읽지 않음:\s*테스트 알림/ }));
    expect(currentLocation()).toBe('/dashboard');
    expect(panel()).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('notification-item')).toHaveAttribute('data-unread', 'false'),
    );
  });

  it('closes on Escape, returning focus to the bell, and on a click outside', async () => {
    renderBell();
    await userEvent.click(bellButton());
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: '알림' })).not.toBeInTheDocument();
    expect(bellButton()).toHaveFocus();

    await userEvent.click(bellButton());
    expect(panel()).toBeInTheDocument();
    await userEvent.click(screen.getByText('페이지 본문'));
    expect(screen.queryByRole('region', { name: '알림' })).not.toBeInTheDocument();
  });

  it('shows the settings switches on demand and saves a change', async () => {
    renderBell();
    await userEvent.click(bellButton());
    const toggle = within(panel()).getByRole('button', { name: '알림 설정' });
    expect(within(panel()).queryByRole('switch')).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const switches = within(panel()).getAllByRole('switch');
    expect(
      switches.map((s) => s.getAttribute('id') && (s as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual([
      '알림 받기',
      '새 메일',
      '메일 상태 변경',
      '필터 실행',
      '시스템 알림',
      '데스크톱 알림',
      '알림 소리',
    ]);
    const sound = within(panel()).getByRole('switch', { name: '알림 소리' });
    expect(sound).not.toBeChecked();
    await userEvent.click(sound);
    expect(sound).toBeChecked();
    await waitFor(() =>
      expect(seen.find((r) => r.method === 'PUT')).toMatchObject({
        url: '/notifications/settings',
        body: { sound: true },
      }),
    );
  });

  it('offers no test button to users: a production build leaves it out (issue 34)', async () => {
    vi.stubEnv('DEV', false);
    renderBell();
    await userEvent.click(bellButton());
    expect(within(panel()).getByRole('link', { name: '모든 알림 보기' })).toBeInTheDocument();
    expect(within(panel()).queryByRole('button', { name: '테스트 보내기' })).not.toBeInTheDocument();
  });

  it('sends a test notification in the interface language (development builds)', async () => {
    renderBell();
    await userEvent.click(bellButton());
    await userEvent.click(within(panel()).getByRole('button', { name: '테스트 보내기' }));
    await waitFor(() =>
      expect(seen.find((r) => r.method === 'POST')).toMatchObject({
        url: '/notifications/test',
        body: { title: '테스트 알림', content: '알림이 잘 도착했습니다.' },
      }),
    );
    expect(
      await within(panel()).findByRole('button', { name: /^읽지 않음:\s*테스트 알림/ }),
    ).toBeInTheDocument();
  });

  it('links to the full list and closes', async () => {
    renderBell();
    await userEvent.click(bellButton());
    await userEvent.click(within(panel()).getByRole('link', { name: '모든 알림 보기' }));
    expect(currentLocation()).toBe('/notifications');
    expect(screen.queryByRole('region', { name: '알림' })).not.toBeInTheDocument();
  });
});
