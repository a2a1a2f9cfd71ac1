import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ToastViewport } from '@/components/ui/ToastViewport';
import { connectSessionToApiClient } from '@/features/auth/session';
import { useAuthStore } from '@/features/auth/store';
import { aNotification, aPage } from '@/features/notifications/notification-fixtures';
import { resetApiClientState } from '@/lib/api-client';
import { emitApiEvent } from '@/lib/api-session';
import { ApiError } from '@/lib/api-error';
import { useRealtimeStatus } from '@/lib/realtime-status';
import { fakeAccessToken, kim, resetAuth, signInAs } from '@/test/auth-fixtures';
import { ok, serveApi } from '@/test/fake-api';
import { currentLocation, LocationProbe } from '@/test/render';
import { appRoutes } from './router';

/** The app's own route table in a memory router, with a probe of where it is; `earlier` is the history before. */
function renderAppAt(path: string, earlier: string[] = []) {
  const routes = [{ element: <Probed />, children: appRoutes }];
  const router = createMemoryRouter(routes, {
    initialEntries: [...earlier, path],
    initialIndex: earlier.length,
  });
  render(
    <>
      <RouterProvider router={router} />
      <ToastViewport />
    </>,
  );
  return router;
}

function Probed() {
  return (
    <>
      <Outlet />
      <LocationProbe />
    </>
  );
}

beforeEach(() => {
  resetAuth();
  connectSessionToApiClient();
  useRealtimeStatus.setState({ connected: false });
});

afterEach(() => resetApiClientState());

describe('signed-out routes', () => {
  it.each(['/dashboard', '/', '/filters', '/nowhere'])('sends %s to the login page', async (path) => {
    renderAppAt(path);
    expect(await screen.findByRole('heading', { name: 'Postline에 로그인' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/login');
  });

  it('shows a full-screen spinner while the stored session is checked', async () => {
    let answer: (value: ReturnType<typeof ok>) => void = () => undefined;
    const seen = serveApi(() => new Promise((resolve) => (answer = resolve)));
    resetAuth({ token: fakeAccessToken(), refreshToken: 'r' });
    renderAppAt('/dashboard');

    expect(screen.getByRole('status')).toHaveTextContent('불러오는 중…');
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(screen.getByRole('status')).toHaveTextContent('불러오는 중…');
    await act(async () => answer(ok(kim)));
    expect(await screen.findByRole('heading', { name: '김민지님, 환영합니다!' })).toBeInTheDocument();
  });
});

describe('signed-in routes and layout', () => {
  beforeEach(() => signInAs(kim));

  it.each(['/', '/login', '/auth/callback', '/somewhere/else'])('sends %s to the dashboard', async (path) => {
    renderAppAt(path);
    expect(await screen.findByRole('heading', { name: '김민지님, 환영합니다!' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/dashboard');
  });

  it('shows the sidebar: product, compose, navigation, connection and the user', async () => {
    renderAppAt('/dashboard');
    await screen.findByRole('heading', { name: '김민지님, 환영합니다!' });

    expect(screen.getByRole('link', { name: /Postline/ })).toHaveAttribute('href', '/dashboard');
    // The sidebar's compose link; the dashboard's quick actions have one too.
    for (const link of screen.getAllByRole('link', { name: /메일 쓰기/ })) {
      expect(link).toHaveAttribute('href', '/compose');
    }
    const nav = screen.getByRole('navigation', { name: '주 메뉴' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent?.trim(), link.getAttribute('href')]);
    expect(links).toEqual([
      ['받은편지함', '/mailbox/inbox'],
      ['보낸편지함', '/mailbox/sent'],
      ['임시보관함', '/mailbox/drafts'],
      ['휴지통', '/mailbox/trash'],
      ['연락처', '/contacts'],
      ['필터', '/filters'],
      ['템플릿', '/templates'],
      ['서명', '/signatures'],
      ['설정', '/settings'],
    ]);
    expect(screen.getByText('연결 끊김')).toBeInTheDocument();
    act(() => useRealtimeStatus.getState().setConnected(true));
    expect(screen.getByText('연결됨')).toBeInTheDocument();
    expect(screen.getByTestId('user-name')).toHaveTextContent('김민지');
    expect(screen.getByTestId('user-email')).toHaveTextContent('kim@postline.local');
    expect(screen.getByRole('button', { name: '알림' })).toBeInTheDocument();
  });

  it('marks the current folder in the navigation and titles the page by folder', async () => {
    renderAppAt('/mailbox/sent');
    expect(await screen.findByRole('heading', { name: '보낸편지함' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /보낸편지함/ })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: /받은편지함/ })).not.toHaveAttribute('aria-current');
  });

  it.each([
    ['/compose', '메일 쓰기'],
    ['/message/42', '메일 보기'],
    ['/filters', '필터 관리'],
    ['/notifications', '알림'],
    ['/templates', '템플릿'],
    ['/signatures', '서명'],
  ])('opens %s with its translated title', async (path, title) => {
    renderAppAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(currentLocation()).toBe(path);
  });

  it('asks before leaving unsaved compose by the menu or by Back, and lets go when told', async () => {
    const router = renderAppAt('/compose', ['/mailbox/inbox']);
    await userEvent.type(await screen.findByLabelText('제목', {}), '쓰는 중');
    const leave = () => screen.findByRole('alertdialog', { name: /저장하지 않은 변경 사항이 있습니다/ });

    await userEvent.click(screen.getByRole('link', { name: /보낸편지함/ }));
    await userEvent.click(within(await leave()).getByRole('button', { name: '계속 쓰기' }));
    await act(async () => void router.navigate(-1));
    await userEvent.click(within(await leave()).getByRole('button', { name: '계속 쓰기' }));
    expect(currentLocation()).toBe('/compose');
    expect(screen.getByLabelText('제목')).toHaveValue('쓰는 중');

    await act(async () => void router.navigate(-1));
    await userEvent.click(within(await leave()).getByRole('button', { name: '버리기' }));
    expect(await screen.findByRole('heading', { level: 1, name: '받은편지함' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/mailbox/inbox');
  });

  it('shows fallback texts when the name or e-mail is missing', async () => {
    signInAs({ ...kim, name: '', email: '' });
    renderAppAt('/dashboard');
    expect(await screen.findByTestId('user-name')).toHaveTextContent('사용자');
    expect(screen.getByTestId('user-email')).toHaveTextContent('이메일 정보 없음');
    expect(screen.getByRole('heading', { name: '사용자님, 환영합니다!' })).toBeInTheDocument();
  });

  it('switches the whole interface to English and back', async () => {
    renderAppAt('/dashboard');
    await screen.findByRole('heading', { name: '김민지님, 환영합니다!' });
    const switcher = screen.getByRole('group', { name: '언어' });
    expect(within(switcher).getByRole('button', { name: '한국어' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(within(switcher).getByRole('button', { name: 'English' }));

    expect(await screen.findByRole('heading', { name: 'Welcome, 김민지!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Inbox/ })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('language')).toBe('en');
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: '한국어' }));
    expect(await screen.findByRole('heading', { name: '김민지님, 환영합니다!' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('ko');
  });

  it('logs out on the server, forgets the session and shows the login page', async () => {
    const seen = serveApi(() => ok(null));
    renderAppAt('/dashboard');
    await screen.findByRole('heading', { name: '김민지님, 환영합니다!' });

    await userEvent.click(screen.getByRole('button', { name: '로그아웃' }));

    expect(await screen.findByRole('heading', { name: 'Postline에 로그인' })).toBeInTheDocument();
    // The screens' own GETs (dashboard, bell) are not part of logging out.
    const writes = seen.filter((r) => r.method !== 'GET');
    expect(writes.map((r) => `${r.method} ${r.url}`)).toEqual(['DELETE /auth/logout']);
    expect(currentLocation()).toBe('/login');
    expect(useAuthStore.getState()).toMatchObject({ user: null, token: null, isAuthenticated: false });
    expect(JSON.parse(localStorage.getItem('auth-storage') ?? '{}').state.token).toBeNull();
  });

  it("shows the next user of this browser none of the last one's notifications", async () => {
    let signedOut = false;
    serveApi((request) => {
      // The next user's notifications never arrive here: whatever shows is what was cached.
      if (signedOut && request.url.startsWith('/notifications')) return new Promise(() => undefined);
      if (request.url === '/notifications/unread-count') return ok({ count: 7 });
      if (request.url === '/notifications') return ok(aPage([aNotification({ title: '새 메일: 김민지' })]));
      return ok(null);
    });
    renderAppAt('/dashboard');
    expect(await screen.findByRole('button', { name: '알림, 읽지 않음 7' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '알림, 읽지 않음 7' }));
    expect(await screen.findByText('새 메일: 김민지')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '로그아웃' }));
    await screen.findByRole('heading', { name: 'Postline에 로그인' });
    signedOut = true;
    act(() => signInAs({ ...kim, id: 2, email: 'jun@postline.local', name: '이준' }));

    expect(await screen.findByRole('heading', { name: '이준님, 환영합니다!' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '알림' })).toBeInTheDocument();
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '알림' }));
    expect(screen.getByRole('region', { name: '알림' })).toHaveTextContent('알림을 불러오는 중…');
    expect(screen.queryByText('새 메일: 김민지')).not.toBeInTheDocument();
  });

  it('still logs out when the server call fails', async () => {
    serveApi(() => 'network');
    renderAppAt('/dashboard');
    await screen.findByRole('heading', { name: '김민지님, 환영합니다!' });
    await userEvent.click(screen.getByRole('button', { name: '로그아웃' }));
    expect(await screen.findByRole('heading', { name: 'Postline에 로그인' })).toBeInTheDocument();
  });

  it('opens and closes the drawer on small screens', async () => {
    renderAppAt('/dashboard');
    const menu = await screen.findByRole('button', { name: '메뉴 열기' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByTestId('drawer-overlay'));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menu);
    await userEvent.click(screen.getByRole('link', { name: /휴지통/ }));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  it('toasts a server error; an ended session keeps the page under a dialog that signs in again', async () => {
    renderAppAt('/dashboard');
    await screen.findByRole('heading', { name: '김민지님, 환영합니다!' });

    act(() =>
      emitApiEvent({
        type: 'server-error',
        error: new ApiError({ message: '서버 내부 오류가 발생했습니다.', status: 500, kind: 'http' }),
      }),
    );
    expect(await screen.findByText('서버 내부 오류가 발생했습니다.')).toBeInTheDocument();

    act(() => {
      useAuthStore.getState().endSession();
      emitApiEvent({ type: 'session-expired' });
    });
    const dialog = await screen.findByRole('alertdialog', { name: '다시 로그인해 주세요' });
    expect(within(dialog).getByRole('button', { name: '김민지(으)로 다시 로그인' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/dashboard');
    expect(screen.getByRole('heading', { name: '김민지님, 환영합니다!' })).toBeInTheDocument();
  });
});
