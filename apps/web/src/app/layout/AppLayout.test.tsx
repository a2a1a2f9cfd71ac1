import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectSessionToApiClient } from '@/features/auth/session';
import { resetApiClientState } from '@/lib/api-client';
import { useRealtimeStatus } from '@/lib/realtime-status';
import { kim, signInAs } from '@/test/auth-fixtures';
import { ok, serveApi } from '@/test/fake-api';
import { folder } from '@/test/mail-fixtures';
import { appRoutes } from '../router';

let inboxUnread = 3;

function renderAppAt(path: string) {
  render(<RouterProvider router={createMemoryRouter(appRoutes, { initialEntries: [path] })} />);
}

beforeEach(() => {
  inboxUnread = 3;
  connectSessionToApiClient();
  signInAs(kim);
  useRealtimeStatus.setState({ phase: 'idle', connected: false });
  serveApi((request) => {
    if (request.url === '/mailboxes')
      return ok([folder({ id: 1, type: 'INBOX', totalCount: 9, unreadCount: inboxUnread })]);
    return ok(null);
  });
});

afterEach(() => {
  resetApiClientState();
  vi.restoreAllMocks();
  document.title = 'Postline';
});

describe('the signed-in layout (issue 34)', () => {
  it('starts with a skip link that takes the keyboard past the sidebar to the page', async () => {
    renderAppAt('/dashboard');
    await screen.findByRole('heading', { level: 1, name: '김민지님, 환영합니다!' });

    await userEvent.tab();
    const skip = screen.getByRole('link', { name: '본문으로 건너뛰기' });
    expect(skip).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const main = screen.getByRole('main');
    expect(main).toHaveFocus();
    // The next stop is in the page, not the sidebar's compose link or navigation.
    await userEvent.tab();
    expect(main).toContainElement(document.activeElement as HTMLElement);
  });

  it("titles the tab with the inbox's unread count", async () => {
    renderAppAt('/dashboard');
    await waitFor(() => expect(document.title).toBe('(3) Postline'));
  });

  it('leaves the count out when nothing is unread', async () => {
    inboxUnread = 0;
    renderAppAt('/dashboard');
    await screen.findByRole('heading', { level: 1, name: '김민지님, 환영합니다!' });
    await waitFor(() => expect(document.title).toBe('Postline'));
  });

  it('tells an offline browser it is offline instead of connected', async () => {
    renderAppAt('/dashboard');
    await screen.findByRole('heading', { level: 1, name: '김민지님, 환영합니다!' });
    act(() => useRealtimeStatus.getState().setConnected(true));
    const indicator = screen.getByTestId('connection-indicator');
    expect(indicator).toHaveTextContent('연결됨');

    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByTestId('offline-banner')).toHaveTextContent('오프라인 상태입니다.');
    expect(within(indicator).getByRole('status')).toHaveTextContent('오프라인');
    expect(indicator).not.toHaveTextContent('연결됨');

    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument();
    expect(indicator).toHaveTextContent('연결됨');
  });
});
